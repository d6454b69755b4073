"""Persia (Appendix C): the satraps' offers to Sparta, the Great King's audience and the
Athenian embassies that undo them.

Pharnabazus' cards work on the Hellespont (his fleets and troops come to a Spartan city on
its Asian shore), Tissaphernes' on Lesbos, Chios, Samos and Rhodes (a Spartan city on the
Asian mainland). A card that succeeds lies active in its satrap's box, with what it brought:
Persian fleets (3 or 4), or a Persian general with light infantry and cavalry (confined to
the satrap's lands, the Hellespont or the Asian mainland), or free supply for Sparta's
units in the satrap's regions (Offers Support). Persian units serve Sparta, are supplied
free while their satrap has an active card, and are lost for good when eliminated; a card
whose units are all gone is discarded. An Athenian Embassy to Persia (1 talent) removes an
active card on 6 or more, the Great King's first: its infantry and cavalry leave the map,
its fleets stay and Sparta pays for them from then on.

State, `s["cards"]["persia"]`: satrap -> [{"card", "season", "units"}], "great-king" ->
the same. Persian land (1.2) is closed but to a satrap's own troops; Dascylium and Sardis
are supply sources for those the cards name (`supply_satrap`, RULINGS.md 63)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine import IllegalAction, Option

from . import alliances as A
from . import board as B
from .board import season_index
from .cards import discard, kind_of, season_fx, title
from .notes import AnyFlow, note, roll_with
from .state import MAP, EState, clamp_al, dealt

SATRAPS = ("pharnabazus", "tissaphernes")
CITY = {"pharnabazus": "Dascylium", "tissaphernes": "Sardis"}  # their supply sources
REGIONS = {"pharnabazus": ("hellespont",),
           "tissaphernes": ("lesbos", "chios", "samos", "rhodes")}
FLEETS = {"pharnabazus": 3, "tissaphernes": 4}
TROOPS = {"pharnabazus": (4, 2), "tissaphernes": (6, 3)}  # light infantry, cavalry
MORALE = {"fleet": 5, "light": 4, "cavalry": 5}  # the Persian Force Pools (23.2.1)
AL_COST = {"pharnabazus": 2, "tissaphernes": 1}  # in Athens' favour, each region
GREAT_KING_AL = 2  # in the Hellespont and the four Ionian regions
SUCCESS = 6
SPARTAN_FRIENDS = ("Lysander", "Brasidas", "Alcibiades")
CALLICRATIDAS = "Callicratidas"
GENERAL = "Persian general"


def box(s: EState) -> dict[str, Any]:
    held: dict[str, Any] = dealt(s).setdefault("persia", {"pharnabazus": [], "tissaphernes": [],
                                            "great-king": []})
    return held


def satrap_of(kind: str) -> str | None:
    return next((x for x in SATRAPS if kind.startswith(x)), None)


@cache
def asia_areas() -> frozenset[str]:
    """Land Areas joined by land to Persia: the Asian mainland."""
    c = B.comps()
    seen = {a.id for a in c.areas.values() if a.satrapy}
    edge = set(seen)
    while edge:
        edge = {b for a in edge for b in c.land_area_links.get(a, ())} - seen
        seen |= edge
    return frozenset(seen)


def asian_cities(s: EState, satrap: str, port: bool) -> list[str]:
    """Spartan cities on the Asian shore of the satrap's regions (a port for fleets, one a
    Spartan base makes too, 7.6.3c)."""
    out = []
    for region in REGIONS[satrap]:
        for c in B.region_cities(region):
            if c.area in asia_areas() and (B.is_port(s, c.hex, "sparta") or not port) and \
                    B.city_at(s, c.hex) is not None and B.city_owner(s, c.name) == "sparta":
                out.append(c.name)
    return sorted(out)


def active(s: EState, satrap: str) -> bool:
    return bool(s.get("cards") and box(s)[satrap])


def great_king(s: EState) -> bool:
    return active(s, "great-king")


def _mods(s: EState, satrap: str) -> list[tuple[int, str]]:
    """The garbled modifiers as RULINGS.md reads them."""
    out = []
    sizes = {"M": 1, "L": 2}
    held = [c for r in REGIONS[satrap] for c in B.region_cities(r)
            if c.size in sizes and B.city_at(s, c.hex) is not None
            and B.city_owner(s, c.name) == "sparta"]
    if held:
        out.append((sum(sizes[c.size] for c in held), "medium and large cities Sparta holds"))
    rival = "tissaphernes" if satrap == "pharnabazus" else "pharnabazus"
    if active(s, rival) and not great_king(s):
        out.append((-2, f"{rival.title()}'s cards are active"))
    if active(s, satrap):
        out.append((1, f"{satrap.title()}'s cards are active"))
    here = {B.region_of_hex(x["hex"]) for n, x in s["leaders"].items()
            if n in SPARTAN_FRIENDS and x["side"] == "sparta" and x["where"] == MAP
            and x["hex"] in B.comps().hexes}
    if here & set(REGIONS[satrap]):
        out.append((1, "Lysander, Brasidas or Alcibiades is there"))
    x = s["leaders"].get(CALLICRATIDAS)
    if x and x["where"] == MAP and x["hex"] in B.comps().hexes and \
            B.region_of_hex(x["hex"]) in REGIONS[satrap]:
        out.append((-1, "Callicratidas is there"))
    return out


def _roll(flow: AnyFlow, mods: list[tuple[int, str]]) -> tuple[bool, str]:
    die, total, why = roll_with(flow, mods)
    ok = die == 6 or (die != 1 and total >= SUCCESS)  # a natural 6 always, a 1 never
    return ok, f"die {die}{why} = {total}"


# ------------------------------------------------------------ what Sparta may play
def plays(s: EState, cid: str) -> list[Option]:
    kind = kind_of(cid)
    played = season_fx(s).get("played", [])
    label = title(cid)
    if kind == "audience-great-king":
        if great_king(s) or "great-king" in played or \
                not any(active(s, x) for x in SATRAPS):
            return []
        return [Option(cid, label, "App. C", data={"kind": "play_card", "card": cid})]
    satrap = satrap_of(kind)
    if satrap is None or f"satrap:{satrap}" in played:
        return []  # one card of a satrap a season
    if kind.endswith("fleet"):
        return [Option(f"{cid}|{c}", f"{label} at {c}", "App. C",
                       data={"kind": "play_card", "card": cid, "at": c})
                for c in asian_cities(s, satrap, True)]
    if kind.endswith("troops"):
        return [Option(f"{cid}|{c}", f"{label} at {c}", "App. C",
                       data={"kind": "play_card", "card": cid, "at": c})
                for c in asian_cities(s, satrap, False)]
    if kind.endswith("support"):
        entries = box(s)[satrap]
        if not entries or any(kind_of(e["card"]).endswith("support") for e in entries):
            return []
        return [Option(cid, label, "App. C", data={"kind": "play_card", "card": cid})]
    return []


def play(flow: AnyFlow, cid: str, target: str, seat: str | None = None) -> bool:
    """Sparta plays a Persia card; True when it stays active (not to be discarded). With
    allies `seat` is the League player who played it: the Persian units and general serve
    him (RULINGS M16)."""
    s = flow.state
    kind = kind_of(cid)
    if kind == "audience-great-king":
        season_fx(s).setdefault("played", []).append("great-king")
        mods = [(1, "an Offers Support card active")] * sum(
            1 for x in SATRAPS for e in box(s)[x] if kind_of(e["card"]).endswith("support"))
        if all(active(s, x) for x in SATRAPS):
            mods.append((2, "both satraps' cards active"))
        ok, text = _roll(flow, mods)
        if not ok:
            note(flow, f"Audience with the Great King: {text}: refused")
            return False
        box(s)["great-king"].append({"card": cid, "season": season_index(s), "units": []})
        for region in REGIONS["pharnabazus"] + REGIONS["tissaphernes"]:
            _favour_athens(s, region, GREAT_KING_AL)
        note(flow, f"Audience with the Great King: {text}: he backs Sparta; the satraps' "
                   f"rivalry costs nothing; -{GREAT_KING_AL} AL for Sparta's cause in the "
                   "Hellespont and Ionia")
        return True
    satrap = satrap_of(kind)
    assert satrap is not None
    season_fx(s).setdefault("played", []).append(f"satrap:{satrap}")
    ok, text = _roll(flow, _mods(s, satrap))
    if not ok:
        note(flow, f"{title(cid)}: {text}: nothing comes of it")
        return False
    units: list[str] = []
    if kind.endswith("fleet"):
        units = _raise(s, satrap, target, "fleet", FLEETS[satrap])
    elif kind.endswith("troops"):
        light, cav = TROOPS[satrap]
        units = _raise(s, satrap, target, "light", light) + \
            _raise(s, satrap, target, "cavalry", cav)
        name = f"{GENERAL} {sum(1 for n in s['leaders'] if n.startswith(GENERAL)) + 1}"
        s["leaders"][name] = {"side": "sparta", "land": 0, "sea": 0, "where": MAP,
                              "hex": B.comps().cities[target].hex, "region": None,
                              "persian": satrap}
        if A.multi(s):  # with allies the general serves the player (M16)
            s["leaders"][name]["seat"] = seat or A.LEAGUE
    else:  # Offers Support: the other cards leave the box, their units stay as they are
        keep = [u for e in box(s)[satrap] for u in e["units"]]
        for e in box(s)[satrap]:
            discard(s, e["card"])
        box(s)[satrap] = []
        units = keep
    if A.multi(s) and not kind.endswith("support"):  # with allies, the player's (M16)
        for uid in units:
            s["units"][uid]["seat"] = seat or A.LEAGUE
    box(s)[satrap].append({"card": cid, "season": season_index(s), "units": units})
    for region in REGIONS[satrap]:
        _favour_athens(s, region, AL_COST[satrap])
    what = f"{len(units)} Persian units at {target}" if target else "free supply"
    note(flow, f"{title(cid)}: {text}: {what}; -{AL_COST[satrap]} AL for Sparta's cause "
               f"in {', '.join(REGIONS[satrap])}")
    return True


def _favour_athens(s: EState, region: str, n: int) -> None:
    r = s["regions"].get(region)
    if r is not None:
        r["al"] = clamp_al(r["al"] + (n if r["side"] == "athens" else -n))


def _morale(s: EState, home: str, utype: str) -> int:
    """The morale the scenario's Persian Force Pool gives (27.2.1: the Ionian War's light
    infantry are 3, the Campaign's 4)."""
    pool = B.comps().scenarios[s["scenario"]].pools.get(home)
    return next((g.morale for g in pool.force if g.type == utype), MORALE[utype]) \
        if pool else MORALE[utype]


def _raise(s: EState, satrap: str, city: str, utype: str, n: int) -> list[str]:
    home = f"persia-{satrap}"
    out = []
    for _ in range(n):
        uid = f"{home}-{utype}-{sum(1 for u in s['units'].values() if u['home'] == home) + 1}"
        s["units"][uid] = {"side": "sparta", "home": home, "type": utype,
                           "morale": _morale(s, home, utype), "where": MAP,
                           "hex": B.comps().cities[city].hex, "forage": False,
                           "raid": False, "moved": False, "placed": False}
        out.append(uid)
    return out


# ------------------------------------------------------------ the Athenian embassy
def embassy_targets(s: EState) -> list[str]:
    """Active Persia cards an embassy may work on: the Great King's first, none the season
    it came into play."""
    if not s.get("cards"):
        return []
    now = season_index(s)
    if great_king(s):
        return [e["card"] for e in box(s)["great-king"] if e["season"] < now]
    return [e["card"] for x in SATRAPS for e in box(s)[x] if e["season"] < now]


def _fleets_in(s: EState, regions: tuple[str, ...], side: str) -> int:
    return sum(1 for u in s["units"].values() if u["where"] == MAP and u["side"] == side
               and u["type"] == "fleet" and u["hex"] in B.comps().hexes
               and B.region_of_hex(u["hex"]) in regions)


def embassy_mods(s: EState, cid: str) -> list[tuple[int, str]]:
    kind = kind_of(cid)
    satrap = satrap_of(kind)
    out = []
    if satrap is None:  # the Great King
        n = sum(1 for x in SATRAPS for e in box(s)[x] if kind_of(e["card"]).endswith("support"))
        if n:
            out.append((-n, "Offers Support cards active"))
        return out
    if any(kind_of(e["card"]).endswith("support") for e in box(s)[satrap]):
        out.append((-1, "an Offers Support card active"))
    if satrap == "pharnabazus":
        if all(B.city_owner(s, c) == "athens" for c in ("Byzantium", "Cyzicus", "Abydos")):
            out.append((1, "Athens holds Byzantium, Cyzicus and Abydos"))
    else:
        held = sum(1 for r in REGIONS[satrap] if s["regions"][r]["side"] == "athens")
        if held == 4:
            out.append((2, "Athens holds all four regions"))
        elif held == 3:
            out.append((1, "Athens holds three of the four regions"))
    regions = REGIONS[satrap]
    if _fleets_in(s, regions, "athens") > _fleets_in(s, regions, "sparta"):
        out.append((1, "more Athenian fleets there"))
    return out


def embassy(flow: AnyFlow, cid: str) -> None:
    s = flow.state
    s["treasury"]["athens"] -= 1
    ok, text = _roll(flow, embassy_mods(s, cid))
    if not ok:
        note(flow, f"The Athenian embassy against {title(cid)} (1 talent): {text}: it fails")
        return
    note(flow, f"The Athenian embassy against {title(cid)} (1 talent): {text}: Persia "
               "withdraws it")
    withdraw(s, cid)


def withdraw(s: EState, cid: str) -> None:
    """The card leaves the box: its infantry and cavalry go, its fleets stay unpaid."""
    for key, entries in box(s).items():
        for e in list(entries):
            if e["card"] != cid:
                continue
            entries.remove(e)
            discard(s, cid)
            for uid in e["units"]:
                u = s["units"][uid]
                if u["type"] != "fleet" and u["where"] == MAP:
                    u.update({"where": "dead", "hex": None, "forage": False, "raid": False})
            if key in SATRAPS and not any(kind_of(x["card"]).endswith("troops")
                                          for x in entries):
                for general in s["leaders"].values():
                    if general.get("persian") == key and general["where"] == MAP:
                        general.update({"where": "dead", "hex": None})


def upkeep(s: EState) -> list[str]:
    """A fleet or troops card whose units are all gone is discarded."""
    lines: list[str] = []
    if not s.get("cards"):
        return lines
    for satrap in SATRAPS:
        for e in list(box(s)[satrap]):
            kind = kind_of(e["card"])
            if kind.endswith("support") or not e["units"]:
                continue
            if all(s["units"][u]["where"] != MAP for u in e["units"]):
                withdraw(s, e["card"])
                lines.append(f"{title(e['card'])}: its units are gone; the card is discarded")
    return lines


# ------------------------------------------------------------ Sparta gives a card up
def give_up_options(s: EState, side: str) -> list[Option]:
    """Appendix C, the Offers Fleet cards: Sparta may deactivate one at any time (offered at
    its Placement stage, RULINGS.md 63): the card is discarded, its fleets stay on the map,
    paid for by Sparta, free to go anywhere Spartan fleets go, and never disbanded. Not
    while one of them lies on Persian land, which would be closed to it at once."""
    if side != "sparta" or not s.get("cards"):
        return []
    return [Option(f"persia-off:{e['card']}", f"Give up {title(e['card'])}: its "
                                              f"{len(e['units'])} fleets stay, paid by Sparta "
                                              "from now on", "App. C",
                   data={"kind": "give_up_card", "card": e["card"], "units": list(e["units"])})
            for x in SATRAPS for e in box(s)[x] if kind_of(e["card"]).endswith("fleet")
            and not any(in_satrapy(s, u) for u in e["units"]
                        if s["units"][u]["where"] == MAP)]


def give_up_act(flow: AnyFlow, side: str, answer: str) -> bool:
    """Act on a give-up answer; False: not one of ours."""
    if not answer.startswith("persia-off:"):
        return False
    if not any(o.id == answer for o in give_up_options(flow.state, side)):
        raise IllegalAction("That card cannot be given up.")
    cid = answer.partition(":")[2]
    withdraw(flow.state, cid)  # a fleet card: its fleets stay (withdraw keeps fleets)
    note(flow, f"Sparta gives up {title(cid)}: the card is discarded; its fleets stay, paid "
               "for by Sparta from now on (Appendix C)")
    return True


# ------------------------------------------------------------ supply and movement
def carded(s: EState, uid: str) -> str | None:
    """The satrap whose active card a Persian unit serves under (the card that brought it,
    or the Offers Support that took its place, which keeps its units): None once that card
    is gone (given up, or undone by an embassy)."""
    if not s.get("cards") or not s["units"][uid]["home"].startswith("persia-"):
        return None
    satrap = s["units"][uid]["home"].removeprefix("persia-")
    entries = box(s).get(satrap, [])
    return satrap if any(uid in e["units"] for e in entries) else None


def free(s: EState, uid: str) -> bool:
    """Supplied at no cost: Persian units while the card they came with is active; Spartan
    units in a satrap's regions while his Offers Support card is active."""
    if not s.get("cards"):
        return False
    u = s["units"][uid]
    if u["home"].startswith("persia-"):
        return carded(s, uid) is not None
    if u["side"] != "sparta" or u["hex"] not in B.comps().hexes:
        return False
    region = B.region_of_hex(u["hex"])
    return any(region in REGIONS[x] and any(kind_of(e["card"]).endswith("support")
                                            for e in box(s)[x]) for x in SATRAPS)


@cache
def satrapy_areas(satrap: str) -> frozenset[str]:
    """1.2: the Persian land Areas of a satrapy (`satrapy` in the map data)."""
    return frozenset(a.id for a in B.comps().areas.values() if a.satrapy == satrap)


@cache
def satrapy_hexes(satrap: str) -> frozenset[str]:
    c = B.comps()
    return frozenset(h for a in satrapy_areas(satrap) for h in c.area_hexes[a]
                     if c.hexes[h].kind == "land")


@cache
def _fence(satrap: str) -> frozenset[str]:
    """Appendix C: Pharnabazus' troops keep to his satrapy and the Hellespont; Tissaphernes'
    to the Asian mainland, never into the other satrapy (1.2)."""
    c = B.comps()
    if satrap == "pharnabazus":
        return frozenset({h for h, x in c.hexes.items() if x.kind == "land" and x.area
                          and c.areas[x.area].region == "hellespont"}) | satrapy_hexes(satrap)
    return frozenset(h for h, x in c.hexes.items() if x.kind == "land"
                     and x.area in asia_areas()) - satrapy_hexes("pharnabazus")


def confined(s: EState, units: list[str]) -> set[str] | None:
    """Hexes Persian troops may end in (None: no Persian troops among them)."""
    homes = {s["units"][u]["home"] for u in units if s["units"][u]["type"] != "fleet"
             and s["units"][u]["home"].startswith("persia-")}
    if not homes:
        return None
    out: set[str] | None = None
    for home in homes:
        ok = set(_fence(home.removeprefix("persia-")))
        out = ok if out is None else out & ok
    return out


def satrapy_open(s: EState, units: list[str], leaders: list[str]) -> frozenset[str]:
    """1.2: Persian land is closed to both sides unless an active card opens it. The troops
    cards keep their units inside their satrap's lands, so a stack of one satrap's Persian
    infantry and cavalry, led by nobody but his general, may enter his satrapy while his
    card is active (RULINGS.md 63)."""
    if not units:
        return frozenset()
    homes = {s["units"][u]["home"] for u in units}
    home = next(iter(homes))
    if len(homes) != 1 or not home.startswith("persia-") or \
            any(s["units"][u]["type"] == "fleet" for u in units):
        return frozenset()
    satrap = home.removeprefix("persia-")
    if not active(s, satrap) or any(s["leaders"][n].get("persian") != satrap for n in leaders):
        return frozenset()
    return satrapy_hexes(satrap)


def satrapy_sea(s: EState, units: list[str], leaders: list[str]) -> frozenset[str]:
    """1.2: Persian land is closed to the Greeks, and to each satrap's units only the other
    satrapy. So a voyage of one satrap's fleets alone, led by nobody but his general, may
    land on his satrapy's coast (Smyrna, a port; the Dascylitis and Mysia shores) while the
    card that brought them is active; once it is given up or undone they are Sparta's hired
    ships, and Persia is closed to them as to any Spartan unit (RULINGS.md 63)."""
    if not units or any(s["units"][u]["type"] != "fleet" for u in units):
        return frozenset()
    satraps = {carded(s, u) for u in units}
    if len(satraps) != 1 or None in satraps:
        return frozenset()
    satrap = str(next(iter(satraps)))
    if any(s["leaders"][n].get("persian") != satrap for n in leaders):
        return frozenset()
    return satrapy_hexes(satrap)


def in_satrapy(s: EState, uid: str) -> bool:
    """A Persian unit standing in its own satrapy (where only it may be)."""
    u = s["units"][uid]
    satrap = u["home"].removeprefix("persia-")
    return u["home"].startswith("persia-") and u["hex"] in satrapy_hexes(satrap)


def supply_satrap(s: EState, uid: str) -> str | None:
    """Appendix C: whose city (Dascylium, Sardis) `uid` may trace supply to: a satrap's own
    units while his card is active; Sparta's units in the Hellespont under Pharnabazus'
    Offers Support, Spartan or Persian units in Lesbos, Chios, Samos or Rhodes under
    Tissaphernes' (RULINGS.md 63)."""
    if not s.get("cards"):
        return None
    u = s["units"][uid]
    if u["home"].startswith("persia-") and carded(s, uid):
        return carded(s, uid)
    if u["side"] != "sparta" or u["hex"] not in B.comps().hexes:
        return None
    region = B.region_of_hex(u["hex"])
    for satrap in SATRAPS:
        if region in REGIONS[satrap] and any(kind_of(e["card"]).endswith("support")
                                             for e in box(s)[satrap]):
            return satrap
    return None

