"""The coastlines: Natural Earth's land at 1:50m, from the npm package ``world-atlas``.

The package is installed at set-up (``scripts/frontend-deps``: ``npm ci`` of the pinned
``package.json`` / ``package-lock.json`` at the repository's root) and read from
``node_modules/world-atlas/land-50m.json``; nothing is fetched at run time and no copy is in
the tree. ``TRESHAM_WORLD_ATLAS`` names another copy of the same file (its SHA-256 must be
the pinned one, so the drawing is the same everywhere).

The file is TopoJSON: arcs quantized and delta-encoded, polygons as lists of arc indices
(``~i`` = arc ``i`` reversed). It is decoded here (no TopoJSON library needed) into shapely
polygons in degrees, then projected (:func:`project`).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
from functools import cache
from pathlib import Path

import numpy as np
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.ops import unary_union

#: world-atlas 2.0.2 (Natural Earth 4.1.0), land-50m.json: its SHA-256
PACKAGE = "world-atlas"
VERSION = "2.0.2"
FILE = "land-50m.json"
SHA256 = "619477ff690c086885e45cb91707d783805561bd75ae8e437b7d4694b0204e0f"

ROOT = Path(__file__).resolve().parents[5]


class CoastlinesMissing(RuntimeError):
    """The coastline package is not installed (or is not the pinned version)."""


def data_path() -> Path:
    given = os.environ.get("TRESHAM_WORLD_ATLAS")
    return Path(given) if given else ROOT / "node_modules" / PACKAGE / FILE


@cache
def _raw() -> bytes:
    path = data_path()
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise CoastlinesMissing(
            f"the coastlines ({PACKAGE} {VERSION}, {FILE}) are not installed at {path}: run "
            "scripts/frontend-deps (npm ci) first") from e
    digest = hashlib.sha256(raw).hexdigest()
    if digest != SHA256:
        raise CoastlinesMissing(f"{path} is not {PACKAGE} {VERSION}'s {FILE} (SHA-256 {digest}); "
                                "run scripts/frontend-deps (npm ci) again")
    return raw


def digest() -> str:
    """The pinned data's SHA-256 (checked): part of every cache key."""
    _raw()
    return SHA256


def _decode(topo: dict, name: str = "land") -> list[Polygon]:
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(ids: list[int]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for i in ids:
            pts = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(pts if not out else pts[1:])
        return out

    polys = []
    for geom in topo["objects"][name]["geometries"]:
        parts = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for part in parts:
            rings = [ring(r) for r in part]
            polys.append(Polygon(rings[0], rings[1:]))
    return polys


@cache
def land_degrees(west: float, south: float, east: float, north: float) -> MultiPolygon:
    """Natural Earth's land within a box of longitudes and latitudes."""
    frame = box(west, south, east, north)
    polys = [p.intersection(frame) for p in _decode(json.loads(_raw())) if p.intersects(frame)]
    land = unary_union(polys)
    return land if isinstance(land, MultiPolygon) else MultiPolygon([land])


# ---- projection: Lambert conformal conic, kilometres -------------------------------------
#: standard parallels and origin suited to the board (Britain to the Persian Gulf)
PHI1, PHI2, PHI0, LAM0 = 30.0, 46.0, 38.0, 21.0
R = 6371.0

_p1, _p2, _p0 = (math.radians(v) for v in (PHI1, PHI2, PHI0))
_N = math.log(math.cos(_p1) / math.cos(_p2)) / math.log(
    math.tan(math.pi / 4 + _p2 / 2) / math.tan(math.pi / 4 + _p1 / 2))
_F = math.cos(_p1) * math.tan(math.pi / 4 + _p1 / 2) ** _N / _N
_RHO0 = R * _F / math.tan(math.pi / 4 + _p0 / 2) ** _N


def project(lon: float, lat: float) -> tuple[float, float]:
    """(x east, y south) in kilometres from the origin: SVG's y grows downwards."""
    rho = R * _F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** _N
    theta = _N * math.radians(lon - LAM0)
    return rho * math.sin(theta), -(_RHO0 - rho * math.cos(theta))


def project_array(coords: np.ndarray) -> np.ndarray:
    """:func:`project` for an (n, 2) array of (lon, lat), for ``shapely.transform``."""
    lon, lat = np.radians(coords[:, 0]), np.radians(coords[:, 1])
    rho = R * _F / np.tan(np.pi / 4 + lat / 2) ** _N
    theta = _N * (lon - math.radians(LAM0))
    return np.column_stack([rho * np.sin(theta), -(_RHO0 - rho * np.cos(theta))])
