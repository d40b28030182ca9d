"""The base map as SVG: the areas of one board configuration drawn on the real coastlines.

Drawn: land, coastal water and the open seas; every area in play as a region with its
border, its name (with a halo), its population limit (the number in a circle, 4.5), its city
site (a black or white square, 4.43), flood plains (green hatching, 4.42), volcanoes (a red
triangle on the border of the areas they touch, 4.41), start areas (a band of the nation's
colour inside the border, 4.6), open seas (deeper blue, dashed border, italic name, 4.23).
Areas out of play (16) are grey land without names.

The coordinates are kilometres of the projection (:mod:`.coast`). Each label carries a class
``lv1``..``lv4`` by its size, so a page can hide the labels too small to read at its zoom
(``board.js``); without a script every label shows. The output is deterministic.
"""
from __future__ import annotations

from html import escape

from shapely.geometry import MultiPolygon, Polygon

from ...data import load
from ...context import board_areas
from .geometry import BoardGeometry, polygons, geometry
from .layout import layout

#: Nation colours (ours: the site's choice, not the board's), barbarians and pirates too.
COLOURS = {
    "africa": "#d9822b", "italy": "#c62828", "illyria": "#00a5b8", "thrace": "#2e7d32",
    "crete": "#8bc34a", "asia": "#8e24aa", "assyria": "#1e63d6", "babylon": "#795548",
    "egypt": "#f4b400", "barbarians": "#1b1b1b", "pirates": "#ffffff",
}
#: Text colour on each nation's colour.
INK = {"africa": "#000", "italy": "#fff", "illyria": "#000", "thrace": "#fff", "crete": "#000",
       "asia": "#fff", "assyria": "#fff", "babylon": "#fff", "egypt": "#000", "barbarians": "#fff",
       "pirates": "#000"}
#: Population-limit circles, by limit (cosmetic, CP-2.4.1).
POP_FILL = {1: "#ffffff", 2: "#fff59d", 3: "#ffcc80", 4: "#ef9a9a", 5: "#ce93d8"}
MARGIN = 70.0  # km around the areas in play
FONT = "'DejaVu Sans', Verdana, Arial, sans-serif"

STYLE = f"""
.advciv-board {{ font-family: {FONT}; }}
.advciv-board .sea-bg {{ fill: #b9d6ea; }}
.advciv-board .land-bg {{ fill: #e4e0d3; stroke: #8c8777; stroke-width: .6; }}
.advciv-board .area.land use.fill {{ fill: #efe2bd; stroke: #6f5b35; stroke-width: 1.1; stroke-linejoin: round; }}
.advciv-board .area.open_sea use.fill {{ fill: #8db6da; stroke: #2f5d8c; stroke-width: 1.4; stroke-dasharray: 6 4; }}
.advciv-board .area:hover use.fill {{ fill-opacity: .8; }}
.advciv-board .out use.fill {{ fill: #dad6ca; stroke: #aaa597; stroke-width: .6; }}
.advciv-board .flood {{ fill: url(#flood); pointer-events: none; }}
.advciv-board .start {{ fill: none; stroke-width: 7; pointer-events: none; }}
.advciv-board .lbl {{ pointer-events: none; }}
.advciv-board .lbl text {{ paint-order: stroke; stroke: #fffdf5; stroke-linejoin: round; fill: #2b2417; text-anchor: middle; }}
.advciv-board .lbl.sea text {{ fill: #123c66; stroke: #cfe3f3; font-style: italic; letter-spacing: .08em; }}
.advciv-board .pop {{ stroke: #3a3020; }}
.advciv-board .lbl text.pop-n {{ font-weight: bold; stroke: none; fill: #111; }}
.advciv-board .site-black {{ fill: #111; stroke: #fff; }}
.advciv-board .site-white {{ fill: #fff; stroke: #111; }}
.advciv-board .volcano {{ fill: #d32f2f; stroke: #4a0000; stroke-width: 1; }}
.advciv-board.hide-lv2 .lv2, .advciv-board.hide-lv3 .lv3, .advciv-board.hide-lv4 .lv4 {{ display: none; }}
"""


def number(v: float) -> str:
    """A coordinate as SVG writes it: one decimal at most, no "-0"."""
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else ("0" if s == "-0" else s)


def path_data(geom) -> str:
    """SVG path data of a polygon or multipolygon (holes included, even-odd)."""
    out = []
    for poly in polygons(geom):
        for ring in [poly.exterior, *poly.interiors]:
            pts = list(ring.coords)[:-1]
            if len(pts) < 3:
                continue
            out.append("M" + " ".join(f"{number(x)} {number(y)}" for x, y in pts) + "Z")
    return "".join(out)


def start_areas(config: str, wem: bool, areas) -> dict[str, str]:
    """Start area -> nation for the nations of the board (4.6, 4.61, 16.12): the WEM start
    areas replace the western ones only when WEM areas are in play."""
    d = load()
    cfg = d.map.configs[config]
    wem_in_play = wem and any(a.panel == "WEM" for a in areas.values())
    out = {}
    for nid in d.map.ast_order:
        if cfg.nations is not None and nid not in cfg.nations:
            continue
        n = d.map.nations[nid]
        for a in (n.start_areas_with_wem if wem_in_play else n.start_areas):
            if a in areas:
                out[a] = nid
    return out


def view_box(geo: BoardGeometry, in_play) -> tuple[float, float, float, float]:
    xs0, ys0, xs1, ys1 = [], [], [], []
    for aid in in_play:
        x0, y0, x1, y1 = geo.areas[aid].region.bounds
        xs0.append(x0), ys0.append(y0), xs1.append(x1), ys1.append(y1)
    x0, y0 = min(xs0) - MARGIN, min(ys0) - MARGIN
    return (round(x0), round(y0), round(max(xs1) + MARGIN - x0), round(max(ys1) + MARGIN - y0))


def render(config: str, wem: bool) -> str:
    """The SVG of board configuration ``config`` (with or without the WEM)."""
    d = load()
    geo = geometry()
    areas = board_areas(config, wem)
    in_play = sorted(areas)
    starts = start_areas(config, wem, areas)
    vx, vy, vw, vh = view_box(geo, in_play)
    cfg = d.map.configs[config]
    title = f"Advanced Civilization: the board for {'/'.join(map(str, cfg.players))} players ({cfg.description})"
    if wem and any(a.panel == "WEM" for a in areas.values()):
        title += ", with the Western Extension Map"
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="{vx} {vy} {vw} {vh}" width="{vw}" height="{vh}" role="img" '
        f'aria-labelledby="board-map-title board-map-desc" class="advciv-board" data-config="{escape(config)}">',
        f'<title id="board-map-title">{escape(title)}</title>',
        f'<desc id="board-map-desc">{len(in_play)} areas in play ({sum(1 for a in areas.values() if a.is_open_sea)} open seas), '
        "drawn on the real coastlines (Natural Earth). Each area shows its name, its population limit in a "
        "circle and its city site as a square (black; white on a flood plain). Green hatching: flood plain. "
        "Red triangle: volcano. A coloured band inside the border: a nation's start area. Grey: out of play."
        "</desc>",
        f"<style>{STYLE}</style>",
        "<defs>",
        '<pattern id="flood" patternUnits="userSpaceOnUse" width="9" height="9" patternTransform="rotate(40)">'
        '<rect width="3.6" height="9" fill="#3c8a3a" fill-opacity=".55"/></pattern>',
    ]
    for aid in sorted(geo.areas):
        out.append(f'<path id="r-{aid}" d="{path_data(geo.areas[aid].region)}"/>')
    for aid in sorted(starts):
        out.append(f'<clipPath id="c-{aid}"><use href="#r-{aid}"/></clipPath>')
    out.append("</defs>")
    # the surroundings, coarser, half a map beyond the view box on each side (a page that
    # pans or letterboxes the map shows geography, not a void)
    bx, by, bw, bh = vx - vw / 2, vy - vh / 2, vw * 2, vh * 2
    out.append(f'<rect class="sea-bg" x="{number(bx)}" y="{number(by)}" width="{number(bw)}" height="{number(bh)}"/>')
    frame = Polygon([(vx, vy), (vx + vw, vy), (vx + vw, vy + vh), (vx, vy + vh)])
    around = Polygon([(bx, by), (bx + bw, by), (bx + bw, by + bh), (bx, by + bh)]).intersection(geo.frame)
    far = geo.land.intersection(around).difference(frame.buffer(20)).simplify(3.0)
    near = geo.land.intersection(frame.buffer(25))
    out.append(f'<path class="land-bg" d="{path_data(near)}{path_data(far)}"/>')

    # areas out of play: grey land, no names
    out.append('<g class="out" aria-hidden="true">')
    for aid in sorted(geo.areas):
        if aid not in areas and d.map.areas[aid].is_land and geo.areas[aid].region.intersects(frame):
            out.append(f'<use class="fill" href="#r-{aid}"/>')
    out.append("</g>")

    # areas in play: seas first, then land
    out.append('<g class="areas">')
    for aid in sorted(in_play, key=lambda a: (areas[a].is_land, a)):
        a = areas[aid]
        extra = []
        if a.flood_plain:
            extra.append(f'<use class="flood" href="#r-{aid}"/>')
        if aid in starts:
            extra.append(f'<use class="start" href="#r-{aid}" clip-path="url(#c-{aid})" '
                         f'stroke="{COLOURS[starts[aid]]}"/>')
        facts = [a.name]
        if a.is_land:
            facts.append(f"population limit {a.limit}")
            if a.city_site:
                facts.append(f"{a.city_site} city site")
            if a.flood_plain:
                facts.append("flood plain")
            if a.volcanoes:
                facts.append("volcano")
            if aid in starts:
                facts.append(f"start area of {d.map.nations[starts[aid]].name}")
        else:
            facts.append("open sea")
        out.append(f'<g class="area {a.kind}" id="area-{aid}" data-area="{aid}"><title>{escape(", ".join(facts))}</title>'
                   f'<use class="fill" href="#r-{aid}"/>{"".join(extra)}</g>')
    out.append("</g>")

    # volcanoes
    out.append('<g class="volcanoes">')
    for vid, (x, y) in sorted(geo.volcanoes.items()):
        if any(a in areas for a in d.map.volcanoes[vid]):
            s = 6.5
            out.append(f'<path class="volcano" d="M{number(x)} {number(y - s)}L{number(x + s)} {number(y + s * .7)}'
                       f'L{number(x - s)} {number(y + s * .7)}Z"><title>Volcano</title></path>')
    out.append("</g>")

    # labels: name, then population limit and city site
    out.append('<g class="labels">')
    for aid in sorted(in_play):
        a = areas[aid]
        lay = layout(geo, aid)
        attrs = (f'data-area="{aid}" data-x="{number(lay.x)}" data-y="{number(lay.y)}" data-f="{number(lay.font)}" '
                 f'data-room="{number(max(lay.room, 14.0) if a.is_land else lay.room)}" '
                 f'data-w="{number(len(a.name) * 0.62)}"')
        if a.is_open_sea:
            out.append(f'<g class="lbl sea {lay.level}" {attrs}><text x="{number(lay.x)}" y="{number(lay.name_y)}" '
                       f'font-size="{number(lay.font)}" stroke-width="{number(lay.font * .18)}">{escape(a.name)}</text></g>')
            continue
        r = lay.r
        parts = [f'<text x="{number(lay.x)}" y="{number(lay.name_y)}" font-size="{number(lay.font)}" '
                 f'stroke-width="{number(lay.font * .2)}">{escape(a.name)}</text>']
        cx, cy = lay.pop
        parts.append(f'<circle class="pop" cx="{number(cx)}" cy="{number(cy)}" r="{number(r)}" '
                     f'fill="{POP_FILL.get(a.limit, "#fff")}" stroke-width="{number(r * .14)}"/>')
        parts.append(f'<text class="pop-n" x="{number(cx)}" y="{number(cy + r * .42)}" '
                     f'font-size="{number(r * 1.25)}">{a.limit}</text>')
        if a.city_site:
            q = r * 0.9
            sx, sy = lay.site
            parts.append(f'<rect class="site-{a.city_site}" x="{number(sx - q)}" y="{number(sy - q)}" '
                         f'width="{number(2 * q)}" height="{number(2 * q)}" stroke-width="{number(q * .22)}"/>')
        out.append(f'<g class="lbl {lay.level}" {attrs}>{"".join(parts)}</g>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
