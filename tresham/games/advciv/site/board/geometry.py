"""Every area of the map as a region of the real coastlines (kilometres, projected).

Each area has a point in ``data/geo.json`` (an approximate real-world position, with its
basis). Its region is its Voronoi cell among the other areas' points, cut to what it can be:

- a land area: land, and only the land mass its point is on (an island's areas share their
  island; the mainland's areas share the mainland), so no region crosses the sea; a piece
  of a cell cut off from its point (a peninsula reached across a gulf) goes to the
  neighbouring region it shares the longest border with;
- an open sea: water at least :data:`COAST_GAP` km from any land, nearer to the sea's
  point or to the coast of a land area touching that sea alone than to another sea's; the
  part joined to its point (narrow straits close, so the Western Mediterranean never spills into the
  Atlantic); coastal waters belong to no area, as on the board;
  it reaches the coasts it touches (its water-adjacent areas), not much further;
- either: within :data:`REACH` km of its point (the board's edge areas end somewhere).

The geometry is the full board's (every area of ``map.json``): a board configuration only
chooses which regions are drawn, so a region looks the same in every game. Everything is
deterministic: the same data give the same coordinates.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache

import shapely
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, polylabel, unary_union, voronoi_diagram

from ...data import DATA_DIR, load
from . import coast

#: The board's frame in degrees (west, south, east, north): every area's point is inside.
FRAME = (-32.0, 8.0, 76.0, 64.0)
#: How far a region reaches from its point, km (land, sea).
REACH = {"land": 430.0, "open_sea": 900.0}
#: An open sea reaches this far beyond the hull of the coasts it touches, km.
SEA_HULL = 110.0
#: Open seas keep this far from the coast, km (the coastal waters are no area's).
COAST_GAP = 28.0
#: Land masses smaller than this (km²) are left out of the drawing.
MIN_ISLAND = 12.0
#: Geometry simplified to this tolerance (km) before it is drawn.
SIMPLIFY = 0.8


@dataclass
class AreaShape:
    id: str
    region: Polygon | MultiPolygon
    point: tuple[float, float]  # the geo.json point, projected
    anchor: tuple[float, float]  # where its name and numbers go (inside the region)
    room: float  # radius of the largest circle inside the region around the anchor, km
    coast: tuple[float, float] | None = None  # a point in the water off the area, for ships


@dataclass
class BoardGeometry:
    land: MultiPolygon  # all land of the frame (projected, km)
    frame: Polygon  # the frame, projected
    areas: dict[str, AreaShape] = field(default_factory=dict)
    volcanoes: dict[str, tuple[float, float]] = field(default_factory=dict)


def geo_points() -> dict[str, tuple[float, float]]:
    """Each area's (lon, lat) from ``data/geo.json``."""
    with open(DATA_DIR / "geo.json", encoding="utf-8") as f:
        doc = json.load(f)
    return {k: (float(v["lon"]), float(v["lat"])) for k, v in sorted(doc.items())}


def polygons(g) -> list[Polygon]:
    """The polygons of a shape, however nested (none for an empty one)."""
    if g.is_empty:
        return []
    if isinstance(g, Polygon):
        return [g]
    return [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon) and not p.is_empty] + [
        q for p in getattr(g, "geoms", []) if not isinstance(p, Polygon) for q in polygons(p)]


def _multi(polys: list[Polygon]) -> Polygon | MultiPolygon:
    polys = [p for p in polys if not p.is_empty]
    if len(polys) == 1:
        return polys[0]
    return MultiPolygon(polys)


def _voronoi(points: dict[str, Point], envelope: Polygon) -> dict[str, Polygon]:
    """The Voronoi cell of each point (one point: the envelope)."""
    if len(points) == 1:
        return {next(iter(points)): envelope}
    cells = voronoi_diagram(MultiPoint(list(points.values())), envelope=envelope)
    out: dict[str, Polygon] = {}
    for cell in cells.geoms:
        for aid, p in points.items():
            if aid not in out and cell.contains(p):
                out[aid] = cell
                break
    missing = set(points) - set(out)
    if missing:  # a point on a cell's edge: the cell nearest to it
        for aid in sorted(missing):
            out[aid] = min(cells.geoms, key=lambda c: c.distance(points[aid]))
    return out


def _reach(p: Point, kind: str) -> Polygon:
    return p.buffer(REACH[kind], quad_segs=32)


def _sea_reach(aid: str, pts: dict[str, Point], d) -> Polygon:
    """Where an open sea may reach: around its point and the coasts it touches (the hull of
    its point and its water-adjacent areas' points, widened), never beyond :data:`REACH`."""
    near = [pts[aid]] + [pts[b] for b in sorted(d.map.areas[aid].water_adj) if b in pts]
    hull = MultiPoint(near).convex_hull.buffer(SEA_HULL, quad_segs=16)
    return hull.union(pts[aid].buffer(REACH["open_sea"] * 0.5)).intersection(_reach(pts[aid], "open_sea"))


def _largest_circle(region) -> tuple[tuple[float, float], float]:
    """A point well inside the region (its pole of inaccessibility) and its distance to the
    region's boundary; for several parts, that of the biggest."""
    best = max(polygons(region), key=lambda p: p.area)
    c = polylabel(best, tolerance=0.5)
    return (c.x, c.y), best.exterior.distance(c) if not best.interiors else best.boundary.distance(c)


@cache
def geometry() -> BoardGeometry:
    """The full board's regions (every area of map.json); computed once per process."""
    d = load()
    west, south, east, north = FRAME
    land_deg = coast.land_degrees(west, south, east, north)
    land = shapely.transform(land_deg, coast.project_array)
    land = MultiPolygon([p for p in polygons(shapely.make_valid(land)) if p.area >= MIN_ISLAND])
    frame = shapely.transform(box(west, south, east, north).segmentize(0.25), coast.project_array)
    water = frame.difference(land)
    pts = {aid: Point(coast.project(*ll)) for aid, ll in geo_points().items() if aid in d.map.areas}
    missing = sorted(set(d.map.areas) - set(pts))
    if missing:
        raise ValueError(f"geo.json has no point for {missing}")
    geo = BoardGeometry(land=land, frame=frame)
    regions: dict[str, Polygon | MultiPolygon] = {}

    # ---- land: one Voronoi diagram per land mass ---------------------------------------
    masses = list(land.geoms)
    tree = shapely.STRtree(masses)
    by_mass: dict[int, dict[str, Point]] = {}
    for aid, a in sorted(d.map.areas.items()):
        if not a.is_land:
            continue
        p = pts[aid]
        hit = [i for i in tree.query(p, predicate="intersects")]
        i = int(hit[0]) if hit else int(tree.nearest(p))
        by_mass.setdefault(i, {})[aid] = p
    for i, members in sorted(by_mass.items()):
        mass = masses[i]
        env = mass.envelope.buffer(50.0)
        for aid, cell in _voronoi(members, env).items():
            regions[aid] = cell.intersection(mass).intersection(_reach(members[aid], "land"))
        _mend(regions, members, mass)

    # ---- open seas: water away from the coasts, split by nearness ------------------------
    # Seeds: each sea's point, and off the coast of each land area that touches that sea
    # alone, a point of open water nearest to the area's point (so the Tyrrhenian, touched
    # by Rome and Neapolis, is the Western Mediterranean's, as on the board).
    offshore = water.difference(land.buffer(COAST_GAP, quad_segs=8))
    seas = sorted(aid for aid, a in d.map.areas.items() if a.is_open_sea)
    seeds: dict[str, Point] = {}
    owner: dict[str, str] = {}
    for sea in seas:
        seeds[sea] = pts[sea]
        owner[sea] = sea
        for b in sorted(d.map.areas[sea].water_adj):
            touches = [t for t in d.map.areas[b].water_adj if d.map.areas[t].is_open_sea] if b in d.map.areas else []
            if d.map.areas[b].is_land and touches == [sea]:
                q = nearest_points(offshore, pts[b])[0]
                if q.distance(pts[b]) < 250.0:
                    seeds[f"{sea}@{b}"] = q
                    owner[f"{sea}@{b}"] = sea
    cells = _voronoi(seeds, frame.envelope.buffer(500.0))
    for sea in seas:
        p = pts[sea]
        mine = unary_union([c for k, c in sorted(cells.items()) if owner[k] == sea])
        part = mine.intersection(offshore).intersection(_sea_reach(sea, pts, d))
        parts = polygons(part)
        if not parts:
            raise ValueError(f"the open sea {sea} has no water around its point")
        own = [q for q in parts if q.contains(p)] or [min(parts, key=lambda q: q.distance(p))]
        regions[sea] = own[0]

    for aid in sorted(regions):
        region = shapely.make_valid(regions[aid].simplify(SIMPLIFY, preserve_topology=True))
        region = _multi([q for q in polygons(region) if q.area > 0.5])
        anchor, room = _largest_circle(region)
        geo.areas[aid] = AreaShape(aid, region, (pts[aid].x, pts[aid].y), anchor, room)
    _coasts(geo, water)
    _volcanoes(geo, d)
    return geo


def _mend(regions: dict, members: dict[str, Point], mass: Polygon) -> None:
    """Give each region only the part joined to its point; cut-off parts go to the region of
    the same land mass they share the longest border with (else they stay no area's)."""
    orphans: list[Polygon] = []
    for aid, p in members.items():
        parts = polygons(regions[aid])
        keep = [q for q in parts if q.distance(p) < 1e-6] or ([max(parts, key=lambda q: q.area)] if parts else [])
        orphans += [q for q in parts if q not in keep]
        regions[aid] = _multi(keep) if keep else Polygon()
    for _ in range(3):
        left = []
        for q in sorted(orphans, key=lambda q: -q.area):
            best, length = None, 0.0
            edge = q.buffer(0.05)
            for aid in members:
                shared = edge.intersection(regions[aid].boundary).length if not regions[aid].is_empty else 0.0
                if shared > length:
                    best, length = aid, shared
            if best is None:
                left.append(q)
            else:
                regions[best] = unary_union([regions[best], q])
        if not left or len(left) == len(orphans):
            break
        orphans = left


def _coasts(geo: BoardGeometry, water) -> None:
    """For each coastal land area, a point in the water just off its coast nearest to its
    anchor (where its ships are drawn); for an open sea, a point beside its name."""
    d = load()
    coastline = geo.land.boundary.buffer(0.5)
    for aid, s in geo.areas.items():
        a = d.map.areas[aid]
        if a.is_open_sea:
            s.coast = (s.anchor[0], s.anchor[1] + min(40.0, s.room * 0.6))
            continue
        if not a.has_water:
            continue
        shore = s.region.boundary.intersection(coastline)
        if shore.is_empty or shore.length < 1.0:
            continue
        anchor = Point(s.anchor)
        on = nearest_points(shore, anchor)[0]
        # step from the shore away from the anchor until in open water
        dx, dy = on.x - anchor.x, on.y - anchor.y
        n = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        for k in (9.0, 14.0, 20.0, 5.0, 28.0):
            q = Point(on.x + dx / n * k, on.y + dy / n * k)
            if water.contains(q):
                s.coast = (q.x, q.y)
                break
        else:
            s.coast = (on.x, on.y)


def _volcanoes(geo: BoardGeometry, d) -> None:
    """Each volcano on the border of the areas it touches (one area: beside its name)."""
    for vid, areas in sorted(d.map.volcanoes.items()):
        shapes = [geo.areas[a] for a in areas if a in geo.areas]
        if len(shapes) >= 2:
            border = shapes[0].region.buffer(0.6).intersection(shapes[1].region.boundary)
            if not border.is_empty and border.length > 0:
                lines = [g for g in getattr(border, "geoms", [border]) if isinstance(g, LineString)]
                line = max(lines, key=lambda g: g.length) if lines else border
                mid = line.interpolate(0.5, normalized=True) if isinstance(line, LineString) else line.centroid
                geo.volcanoes[vid] = (mid.x, mid.y)
                continue
            ax = sum(s.anchor[0] for s in shapes) / len(shapes)
            ay = sum(s.anchor[1] for s in shapes) / len(shapes)
            geo.volcanoes[vid] = (ax, ay)
        elif shapes:
            s = shapes[0]
            k = 0.0 if s.room < 9.0 else 0.5  # a small island: on it; its name is below it
            geo.volcanoes[vid] = (s.anchor[0] + s.room * k, s.anchor[1] - s.room * k)
