"""web/js/iss-land.js, the ISS page's land as an SVG path (made by scripts/make-world-map): well formed, inside
the map, small enough, and in the right projection, checked by which places fall on land. Reads the file as
text; no daemon, binaries nor geopandas needed."""

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LAND_JS = REPO / "web" / "js" / "iss-land.js"
MAX_BYTES = 60_000
TOKEN = re.compile(r"\s*(?:([MLZmlz])|(-?(?:\d+\.?\d*|\.\d+)))\s*,?")


def _path_string(text: str) -> str:
    declaration = re.search(r"export const LAND_PATH =((?:\s*\"[^\"\\]*\"\s*\+?)+);", text)
    assert declaration, "no `export const LAND_PATH = \"...\";` in the module"
    return "".join(re.findall(r"\"([^\"\\]*)\"", declaration.group(1)))


def _rings(d: str) -> list[list[tuple[float, float]]]:
    """The path's subpaths as absolute points; fails on anything but M/L/Z (either case) and numbers, and on a
    subpath that is not closed."""
    tokens = []
    at = 0
    while at < len(d):
        m = TOKEN.match(d, at)
        assert m and m.end() > at, f"unexpected text at {at}: {d[at:at + 20]!r}"
        tokens.append(m.group(1) or float(m.group(2)))
        at = m.end()
    rings, ring, closed = [], None, True
    command, x, y, start = None, 0.0, 0.0, (0.0, 0.0)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if isinstance(token, str):
            command = token
            i += 1
            if command in "Zz":
                assert ring, "Z with no subpath open"
                x, y = start
                closed = True
                continue
        assert command is not None and command not in "Zz", "a number with no command before it"
        assert i + 1 < len(tokens) and not isinstance(tokens[i + 1], str), "a coordinate without its pair"
        dx, dy = tokens[i], tokens[i + 1]
        i += 2
        x, y = (x + dx, y + dy) if command in "ml" else (dx, dy)
        if command in "Mm":
            assert closed, "a subpath left open before the next M"
            ring, closed, start = [], False, (x, y)
            rings.append(ring)
            command = "l" if command == "m" else "L"  # later pairs are implicit lineto
        ring.append((x, y))
    assert closed, "the last subpath is not closed"
    return rings


@pytest.fixture(scope="module")
def rings():
    return _rings(_path_string(LAND_JS.read_text(encoding="utf-8")))


def _land(rings, lon: float, lat: float) -> tuple[bool, bool]:
    """(inside by evenodd, inside by nonzero) for a ray from the point towards +x."""
    px, py = lon + 180, 90 - lat
    crossings = winding = 0
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
                winding += 1 if y2 > y1 else -1
    return crossings % 2 == 1, winding != 0


def test_size_is_within_the_pages_budget():
    size = LAND_JS.stat().st_size
    assert 5_000 < size <= MAX_BYTES, size


def test_header_names_source_projection_and_command():
    header = LAND_JS.read_text(encoding="utf-8").split("export", 1)[0]
    for words in ("Natural Earth 1:110m", "public domain", "geopandas 0.14.4", "naturalearth_lowres",
                  "x = longitude + 180", "y = 90 - latitude", "scripts/make-world-map"):
        assert words in header, words


def test_parser_refuses_malformed_paths():
    for bad in ("M1 2L3 4", "M1 2L3 4ZL5", "M1 2C3 4 5 6 7 8Z", "M1 2L3Z", "1 2Z"):
        with pytest.raises(AssertionError):
            _rings(bad)
    assert _rings("m1 2l1 1 0 1z") == [[(1, 2), (2, 3), (2, 4)]]


def test_every_point_is_on_the_map(rings):
    assert len(rings) > 50
    points = [p for ring in rings for p in ring]
    assert len(points) > 1000
    assert all(0 <= x <= 360 and 0 <= y <= 180 for x, y in points)
    # Land reaches both sides and the bottom (Antarctica), not the top.
    assert min(x for x, _ in points) == 0 and max(x for x, _ in points) == 360
    assert max(y for _, y in points) == 180 and min(y for _, y in points) > 5


def test_no_edge_runs_across_the_map(rings):
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if abs(x2 - x1) > 180:
                # Only along the map's bottom edge, where Antarctica's fill meets the South Pole.
                assert y1 == y2 == 180, ((x1, y1), (x2, y2))


@pytest.mark.parametrize("name, lon, lat, land", [
    ("central Africa", 20, 0, True),
    ("mid-Atlantic", -30, 0, False),
    ("Australia", 135, -25, True),
    ("USA", -100, 40, True),
    ("Pacific", 160, 0, False),
    ("South Pacific, the USA mirrored", -100, -40, False),
    ("Antarctica", 0, -85, True),
    ("Arctic Ocean, Antarctica mirrored", 0, 85, False),
    ("Caspian Sea, a hole in Asia", 51, 42, False),
    ("Kazakhstan, beside it", 68, 48, True),
    ("Greenland", -40, 72, True),
    ("Chukotka, west of the antimeridian's cut", 175, 66, True),
    ("Indian Ocean", 80, -20, False),
])
def test_places(rings, name, lon, lat, land):
    evenodd, nonzero = _land(rings, lon, lat)
    assert evenodd == land, name
    # The header promises either fill rule works: holes run against their exteriors.
    assert nonzero == land, name
