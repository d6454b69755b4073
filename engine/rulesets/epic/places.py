"""Places named as a player reads the map: a city by its name, a sea by its Area, any other
hex by its Area and the nearest city, with the hex id beside it (issue 33). The names are
public component data; nothing here reads a game's state, so each answer is kept for the
process (`@cache`, like the board's static lookups): menus ask them of hundreds of hexes per
prompt."""

from __future__ import annotations

from functools import cache

from . import board as B
from . import menus
from .ionian import SICILY

PERSIA = "persia"
ISLANDS = "islands"
SEAS = "seas"


@cache
def nearest_city(h: str) -> str | None:
    """The city nearest to land hex `h` (one in its own Area first), by the map's true
    coordinates: what a player would say the hex is near."""
    c = B.comps()
    hx = c.hexes.get(h)
    if hx is None:
        return None
    same = [x for x in c.cities.values() if x.area == hx.area]
    pool = same or list(c.cities.values())
    return min(pool, key=lambda x: ((x.lat - hx.lat) ** 2 + (x.lon - hx.lon) ** 2, x.name)).name


def area_name(area: str) -> str:
    return B.comps().areas[area].name


@cache
def region_key(h: str) -> tuple[str, str]:
    """The first grouping of a place: its region, the Persian lands, the uninhabited
    islands or the seas (key, name)."""
    c = B.comps()
    if h == SICILY:
        return "sicily", "Sicily"
    if h in c.areas:  # a sea Area is a node of a voyage
        return SEAS, "The seas"
    hx = c.hexes.get(h)
    area = c.areas[hx.area] if hx is not None and hx.area else None
    if area is None:
        return "other", "Elsewhere"
    if area.region is not None:
        return area.region, c.regions[area.region].name
    if area.satrapy is not None:
        return PERSIA, "The Persian lands"
    return ISLANDS, "The uninhabited islands"


ZONES = {  # the map's broad parts, for a first choice among many regions
    "peloponnese": ("The Peloponnese", ("achaea", "elis", "arcadia", "argolid", "corinth",
                                         "laconia", "epidaurus")),
    "central": ("Central Greece", ("megarid", "attica", "boeotia", "euboea", "phocis-locris",
                                   "aetolia", "acarnania")),
    "north": ("Northern and western Greece", ("epirus", "western-islands", "thessaly",
                                              "macedon", "chalcidice", "thrace")),
    "east": ("The Aegean and Asia", ("hellespont", "lesbos", "chios", "samos", "rhodes",
                                     "aegean-islands", PERSIA, ISLANDS)),
}
_ZONE_OF = {r: (z, label) for z, (label, regions) in ZONES.items() for r in regions}


@cache
def zone_key(h: str) -> tuple[str, str]:
    """Above the regions: the part of the map (the seas and Sicily stand alone)."""
    key, label = region_key(h)
    return _ZONE_OF.get(key, (key, label))


@cache
def area_key(h: str) -> tuple[str, str]:
    """The second grouping: the Area (a sea Area is its own)."""
    c = B.comps()
    if h in c.areas:
        return h, c.areas[h].name
    hx = c.hexes.get(h)
    if hx is None or hx.area is None:
        return h, h
    return hx.area, c.areas[hx.area].name


@cache
def near_key(h: str) -> tuple[str, str]:
    """The third grouping: the city a land hex is nearest to."""
    city = B.city_by_hex().get(h)
    if city is not None:
        return city.name, city.name
    near = nearest_city(h)
    return (near, f"Near {near}") if near else (h, h)


@cache
def name(h: str) -> str:
    """A place as a player would name it: "Athens (W2431)", "the Saronic Gulf",
    "W2533 in Attica, near Athens"."""
    c = B.comps()
    if h == SICILY:
        return "the Sicily box"
    if h in c.areas:
        return c.areas[h].name
    city = B.city_by_hex().get(h)
    if city is not None:
        return f"{city.name} ({h})"
    hx = c.hexes.get(h)
    if hx is None or hx.area is None:
        return h
    near = nearest_city(h)
    where = c.areas[hx.area].name
    return f"{h} in {where}, near {near}" if near and near != where else f"{h} in {where}"


@cache
def short(h: str) -> str:
    """A place in a sentence: a city by its name, a sea by its name, another hex by its
    Area and nearest city ("near Plataea in Boeotia")."""
    c = B.comps()
    city = B.city_by_hex().get(h)
    if city is not None:
        return city.name
    if h in c.areas:
        return c.areas[h].name
    if h == SICILY:
        return "Sicily"
    hx = c.hexes.get(h)
    if hx is None or hx.area is None:
        return h
    near = nearest_city(h)
    where = c.areas[hx.area].name
    return f"{where}, near {near}" if near and near != where else where


def zone(key: str) -> menus.Level:
    """A menu's coarsest grouping (menus.py) of the place an option's fact `key` names."""
    return lambda o: zone_key(str((o.data or {})[key]))


def levels(key: str) -> list[menus.Level]:
    """A menu's groups (menus.py) of the place an option's fact `key` names: its region,
    Area and nearest city."""
    return [lambda o: region_key(str((o.data or {})[key])),
            lambda o: area_key(str((o.data or {})[key])),
            lambda o: near_key(str((o.data or {})[key]))]
