"""The Hellenes heuristic: a position score read from a seat's view
(engine/rulesets/hellenes/view.py) and rules of thumb for decisions that rest on dice.

The score counts, from the seat's side: the Prestige track (the war is won at 15, rule
14.21, and Tribute feeds it every year, 9.51), the Cities held against their Loyalty (the
Tribute they pay) and our own Cities held by the enemy, the safety of our capital and the
threat to theirs, our strength in play against the enemy's upright blocks (hidden: about
two steps each; a sampled world's view shows their steps, `sample_view`), the sieges we
press or suffer (7.2), our land units standing where the enemy holds a City or on their
way back to one of ours (by land, or beside a fleet that can land them, 5.21), the Cities
we leave empty within the enemy's reach, and the cards in hand. City values, loyalties
and the map are public component data; nothing here reads a game's state (the search's
`sample_view` scores its own sampled worlds).
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from ..core import decisions
from ..core.rng import Rng
from ..core.types import Option, Prompt
from ..rulesets.hellenes import board as B
from ..rulesets.hellenes import movement as M
from ..rulesets.hellenes.battle_facts import fighting
from ..rulesets.hellenes.events import deposable
from ..rulesets.hellenes.state import FALL, NEW_YEAR, SPRING
from ..rulesets.hellenes.view import view as hellenes_view
from .base import Lookahead
from .heuristic import NAVIGATION, RulesetHeuristic, best_by_lookahead
from .rollout import OutOfTime, quick_answer

CAPITAL = {"athens": "Athens", "sparta": "Sparta"}
WIN = 1000.0

# Weights, in Prestige points.
PRESTIGE = 1.0        # one point on the track
CONQUEST = 1.5        # per City value held against its Loyalty: it pays its Value as
                      # Tribute at every Year End (9.51), so it is worth about two Years
                      # of it. At 0.8 (less than the Prestige one Year pays) Athens
                      # walked out of Pella for a step towards Potidea (issue 35)
LOST = 1.5            # per value of one of our own Cities the enemy holds (its Tribute)
STEP = 0.3            # one step of our strength in play
ENEMY_BLOCK = 0.6     # an enemy block on the map (strength hidden: about 2 steps)
ENEMY_STEP = STEP     # one step of an enemy block whose strength the scored view shows (a
                      # sampled world's, `sample_view`)
CAPITAL_LOST = 20.0   # the enemy holds our capital
CAPITAL_THREAT = 1.5  # each enemy block in or next to our capital's area
CAPITAL_EMPTY = 6.0   # no land unit of ours in our capital's area: the enemy walks in and
                      # holds it (1.4: sole occupation), its Value paid as Tribute (9.51)
                      # and the capital lost; a one-step lookahead never sees that answer
FLEET_ON_LAND = 0.5   # a fleet's steps on land, where it fights as a D1 unit (2.26)
BATTLE_LOST = 1.5     # Prestige the enemy earns from a battle we lose (14.11: +1 or +2)
REACH = 2             # areas an enemy land unit covers in a move (5.0, CSW-4 ranges)
SIEGE = 0.4           # share of a besieged City's value, for the besieger
CARD = 0.4            # a card in hand
PRESSURE = 0.8        # per value of a City the enemy holds, where our land units stand
RECOVER = 0.5         # per value of our own City the enemy holds, per area our nearest
                      # land unit has still to go to it (a Revolt's City pays the enemy
                      # Tribute every Year until retaken, 9.51). At 0.3 and 0.08 Athens
                      # never went back for a revolted City and lost every 431 game on
                      # Tribute (issue 35; docs/players.md, the balance question)
FAR = 8               # areas counted at most
EXPOSED = 0.3         # per value of a City we hold with no land unit or garrison of ours
                      # in it and an enemy block within REACH: a raider walks in (1.4),
                      # takes its Tribute (9.51) or pillages it (5.5). Without it Athens
                      # emptied its Cities for distant sieges and the raider gauntlet
                      # player collected them (issue 35)


def _side(view: dict[str, Any], me: str) -> int:
    return 1 if me == "athens" else -1


@cache
def _cities() -> dict[str, Any]:
    return {c.name: c for c in B.comps().data.cities}


@cache
def _near(area: str) -> frozenset[str]:
    return frozenset((area, *B.comps().areas[area].adjacent))


@cache
def _distances(area: str) -> dict[str, int]:
    """Areas from `area` by any border, land or sea (a land unit crosses by fleet)."""
    comps = B.comps()
    out = {area: 0}
    frontier = [area]
    while frontier:
        nxt = []
        for a in frontier:
            for b in comps.areas[a].adjacent:
                if b not in out:
                    out[b] = out[a] + 1
                    nxt.append(b)
        frontier = nxt
    return out


@cache
def _city_rows() -> dict[str, tuple[int, str, str]]:
    """Each City's Value, Loyalty and area, by name."""
    return {c.name: (c.value, c.loyalty, c.area) for c in _cities().values()}


def evaluate(view: dict[str, Any], me: str) -> float:
    result = view.get("result") or {}
    if result.get("winner"):
        return WIN if result["winner"] == me else -WIN
    foe = "sparta" if me == "athens" else "athens"
    score = PRESTIGE * _side(view, me) * view["prestige"]
    rows = _city_rows()
    mine = [b for b in view["blocks"] if b["side"] == me]
    theirs = [b for b in view["hidden_blocks"] if b["side"] == foe]
    # Our land units in the area of a City the enemy holds: a siege or an assault to come
    # (7.2, 8.0), the way back to a City a Revolt took (its Tribute goes to the enemy).
    standing = {b["area"] for b in mine if b["type"] != "fleet"}
    threatened = _threatened(frozenset(b["area"] for b in theirs))
    garrisons = view["garrisons"]
    pressed = exposed = 0
    lost: list[tuple[int, str]] = []
    # one pass over the Cities (the score is asked thousands of times a decision)
    for name, holder in view["control"].items():
        value, loyalty, area = rows[name]
        if holder == me:
            if loyalty not in (me, "neutral"):
                score += CONQUEST * value
            elif name == CAPITAL[foe]:
                score += CAPITAL_LOST
            if area in threatened and area not in standing:
                garrison = garrisons.get(name)
                if garrison is None or garrison["side"] != me:
                    exposed += value  # `_exposed`
        elif holder == foe:
            if loyalty == me:
                score -= LOST * value
                if name == CAPITAL[me]:
                    score -= CAPITAL_LOST
                lost.append((value, area))
            if area in standing:
                pressed += value
    score += STEP * sum(b["cv"] for b in mine)
    score += PRESSURE * pressed
    # Our own Cities the enemy holds draw our nearest land unit towards them: a siege or
    # assault can only start there (7.2, 8.0), and far from home the one-step lookahead
    # would not see the gain.
    if lost and standing:
        ferries = tuple(sorted(_ferries(mine, standing).items()))
        here = frozenset(standing)
        for value, area in lost:
            score -= RECOVER * value * _recovery(area, here, ferries)
    score -= sum(ENEMY_STEP * b["cv"] if "cv" in b else ENEMY_BLOCK for b in theirs)
    score -= EXPOSED * exposed
    capital = rows[CAPITAL[me]][2]
    home = _near(capital)
    score -= CAPITAL_THREAT * sum(1 for b in theirs if b["area"] in home)
    if not any(b["area"] == capital and b["type"] != "fleet" for b in mine):
        far = _distances(capital)
        near = sum(1 for b in theirs if far.get(b["area"], FAR) <= REACH)
        score -= CAPITAL_EMPTY + CAPITAL_THREAT * near
    for name, siege in (view.get("sieges") or {}).items():
        value = rows[name][0] if name in rows else 1
        score += SIEGE * value * (1 if siege["besieger"] == me else -1)
    score += CARD * len(view["cards"]["hand"])
    return float(score)


@lru_cache(maxsize=8192)
def _recovery(area: str, standing: frozenset[str], ferries: tuple[tuple[str, int], ...]) -> int:
    """Group Moves (at most FAR) from the nearest of our land units `standing` to `area`,
    a fleet beside it carrying it (`_away`): the views a rollout scores repeat the same
    few."""
    far, sea = _distances(area), dict(ferries)
    return min(min(_away(far.get(a, FAR), sea.get(a)) for a in standing), FAR)


@cache
def _within(area: str) -> frozenset[str]:
    """Areas within REACH of `area` (by any border)."""
    return frozenset(a for a, n in _distances(area).items() if n <= REACH)


@lru_cache(maxsize=4096)
def _threatened(areas: frozenset[str]) -> frozenset[str]:
    """Areas within REACH of any of `areas` (a rollout's views repeat the same few)."""
    return frozenset().union(*(_within(a) for a in areas))


@cache
def _cities_in(area: str) -> tuple[Any, ...]:
    return tuple(c for c in _cities().values() if c.area == area)


def _exposed(view: dict[str, Any], me: str, standing: set[str],
             theirs: list[dict[str, Any]]) -> int:
    """The Value of the Cities we hold that no land unit or garrison of ours holds from
    inside or beside, with an enemy block within REACH of them."""
    threatened = _threatened(frozenset(b["area"] for b in theirs))
    cities = _cities()
    total = 0
    for name, holder in view["control"].items():
        city = cities[name]
        if holder != me or city.area not in threatened or city.area in standing:
            continue
        garrison = view["garrisons"].get(name)
        if garrison is None or garrison["side"] != me:
            total += city.value
    return total


def _ferries(mine: list[dict[str, Any]], standing: set[str]) -> dict[str, int]:
    """Areas where a fleet of ours that can carry a land unit (2 cv, 5.21) stands with
    our land units, with the longest sea range among them (5.1)."""
    out: dict[str, int] = {}
    for b in mine:
        if b["type"] == "fleet" and b["cv"] >= 2 and b["area"] in standing:
            out[b["area"]] = max(out.get(b["area"], 0), _sea_range(b["id"]))
    return out


@cache
def _sea_range(unit: str) -> int:
    return B.spec(unit).sea_move or 1


def _away(areas: int, sea_range: int | None) -> int:
    """Group Moves from an area to a City `areas` away: one where a fleet there can land
    a unit in it (a sailing from a land area into the sea and out to land: range + 1
    borders at most), else the areas themselves."""
    return 1 if sea_range is not None and 0 < areas <= sea_range + 1 else areas


def _battle_odds(view: dict[str, Any], me: str) -> float:
    """Our unrouted strength in the battle over the enemy's (its blocks are face up in
    battle, 6.1), read from the battle record."""
    battle = view.get("battle")
    if not battle:
        return 0.0
    sides = {p["id"]: p["side"] for p in battle["forces"]}
    standing = fighting(battle)
    ours = sum(cv for u, cv in standing.items() if sides[u] == me)
    theirs = sum(cv for u, cv in standing.items() if sides[u] != me)
    return ours / max(1, theirs)


# ------------------------------------------------------------------ cards (3.0-3.3)
# What a card is worth, in Prestige points like the score. Every card of the six dealt at
# New Year is played that Year (New Year, four Seasons, Winter: one each, 10.1), so the
# question at a commitment is which card to spend now and how: each way is worth what it
# brings now less what the card would bring if kept for a later phase (its Actions, or
# its Event while a Season remains to play it in).
ACTION = 0.7          # one Action (4.0): a move, a recruit, a pillage
SACRIFICE = 0.5       # a New Year card on an Olympian (10.3): an appeal in hand
KEEP_EVENT = 0.8      # an Event kept for a later Season may no longer fit then
REVOLT_CITY = 1.5     # per value of a subject City a Revolt takes (its Tribute, 9.51)
LEADER_TURNS = 5      # non-Event turns a Leader is likely to lead (3.11)


def _card(view: dict[str, Any], n: int) -> Any:
    """Card `n` as the game's edition prints it (the view says which)."""
    return B.card_in(view["cards"], n)


def _in_play(view: dict[str, Any], kind: str) -> int:
    return sum(1 for n in view["cards"]["in_play"] if _card(view, n).event.kind == kind)


def _leader_value(view: dict[str, Any], side: str) -> int:
    n = view["cards"]["leaders"].get(side)
    lead = _card(view, n).leader if n is not None else None
    return lead.value if lead else 0


def _occupied(view: dict[str, Any]) -> set[str]:
    return {b["area"] for b in view["blocks"]} | {b["area"] for b in view["hidden_blocks"]}


def _vacant(view: dict[str, Any], city: Any, occupied: set[str]) -> bool:
    return city.area not in occupied and city.name not in view["garrisons"]


def revolt_cities(view: dict[str, Any], region: str, spreading: bool) -> list[Any]:
    """The vacant Athenian subject Cities a Revolt may take (3.12), from the view: of its
    region, or of any rebellious region when it spreads (the rules' own list, read from
    what both sides see)."""
    cities = _cities().values()
    control = view["control"]
    rebels = {c.subject_region for c in cities
              if c.subject_region and control.get(c.name) == "sparta"}
    regions = {region} | (rebels if spreading else set())
    occupied = _occupied(view)
    return sorted((c for c in cities if c.subject_region in regions and c.loyalty == "athens"
                   and control.get(c.name) == "athens" and _vacant(view, c, occupied)
                   and c.area not in view["neutral"]),
                  key=lambda c: -c.value)


def event_value(view: dict[str, Any], me: str, n: int) -> float:
    """What playing card `n` as its Event now brings `me`, by the Event's kind."""
    ev = _card(view, n).event
    foe = "sparta" if me == "athens" else "athens"
    here = evaluate(view, me)
    kind = ev.kind
    if kind == "atrocity":  # the enemy loses 2 Prestige, 3 with a +1 Leader (RULINGS.md)
        return PRESTIGE * (2 + _leader_value(view, foe))
    if kind == "revolt":  # 3.12, 13.3: its own City, and one per Athens Raises Taxes
        aid = _in_play(view, "persian-aid")
        spreading = bool(ev.params.get("spreading")) and aid < 1
        main = revolt_cities(view, str(ev.params.get("region")), spreading) if aid < 2 else []
        extra = revolt_cities(view, str(ev.params.get("region")), True)
        taken = main[:1] + [c for c in extra if c not in main[:1]][:_in_play(view, "taxes")
                                                                    if aid < 3 else 0]
        return float(REVOLT_CITY * sum(c.value for c in taken))
    if kind == "helots":  # an Athenian garrison in a vacant Sparta, Messenia or Pylos
        occupied = _occupied(view)
        gains = [evaluate(dict(view, control=dict(view["control"], **{c.name: me})), me) - here
                 for name in ("Sparta", "Messenia", "Pylos")
                 if (c := _cities()[name]) and _vacant(view, c, occupied)]
        return max(gains, default=0.0)
    if kind == "leader":  # 3.11: at most one per side; the Leader leads its own side
        lead = _card(view, n).leader
        if lead is None or view["cards"]["leaders"].get(lead.side) is not None:
            return 0.0
        worth = ACTION * lead.value * LEADER_TURNS
        return float(worth if lead.side == me else -worth)
    if kind == "ostracism":  # 3.11: depose a Leader, the enemy's at best
        return max((_ostracism_gain(view, me, t) for t in _ostracism_targets(view)),
                   default=0.0)
    if kind in ("earthquake", "augury"):  # the enemy may not move / engage this Season
        threats = sum(1 for b in view["hidden_blocks"]
                      if b["side"] == foe and b["area"] in _near(_cities()[CAPITAL[me]].area))
        pressed = sum(1 for sg in (view.get("sieges") or {}).values() if sg["besieger"] == foe)
        return 0.6 + 0.4 * threats + 0.8 * pressed
    besieging = [name for name, sg in (view.get("sieges") or {}).items()
                 if sg["besieger"] == me]
    if kind in ("plague", "hunger", "treachery", "civil-war"):  # against a City we besiege
        return 1.5 if besieging else 0.0
    if kind == "plague-returns":
        return 0.5
    if kind == "taxes":  # +1 Action a turn, but each Revolt then takes one more City
        return ACTION * 2 - REVOLT_CITY * 1.0
    if kind == "persian-aid":  # +1 Action a Season, -1 Prestige a Year (13.0)
        return ACTION * 4 - PRESTIGE
    lead = _side(view, me) * view["prestige"]
    if kind == "peace-faction":  # Peace Offers from 5 (14.22): good for the side ahead
        return 1.5 if lead >= 5 else -0.5
    if kind == "war-faction":
        return 1.0 if _in_play(view, "peace-faction") and lead < 5 else 0.0
    if kind == "no-quarter":  # Sparta loses a Prestige every Year End
        return 1.5 if me == "athens" else -1.0
    return 0.0


def _ostracism_targets(view: dict[str, Any]) -> list[int]:
    """The Leaders a Leader Ostracized may depose, by the rules' own list (in 431 Pericles
    only after Athens was pillaged the Season before, 15.1 rule 3)."""
    return deposable(view["cards"]["leaders"], view["scenario"],
                     view["effects"]["pillaged_last"], view["stamp"])


def _ostracism_gain(view: dict[str, Any], me: str, n: int) -> float:
    """Deposing Leader `n`: its Actions lost to its side. Our own is a loss even at +0:
    the card is spent and the command stands empty until another Leader is played."""
    lead = _card(view, n).leader
    assert lead is not None
    worth = ACTION * lead.value * LEADER_TURNS
    return float(-worth - ACTION if lead.side == me else worth)


def commit(view: dict[str, Any], prompt: Prompt, rng: Rng) -> str:
    """3.3: the way to commit a card that gains most over keeping the card for later."""
    me, season = prompt.seat, view["season"]
    later = season < FALL  # a Season remains after this one to play an Event in
    values: dict[int, float] = {}

    def event(n: int) -> float:
        if n not in values:
            values[n] = event_value(view, me, n)
        return values[n]

    def keep(n: int) -> float:
        playable = _card(view, n).event.who in ("either", me)
        return float(max(ACTION * _card(view, n).av,
                    KEEP_EVENT * event(n) if later and playable else 0.0))

    def gain(facts: dict[str, Any]) -> tuple[float, int]:
        n = int(facts["card"])
        if facts["use"] == "event":
            # an Event the rules say would do nothing now (wasted.py) brings nothing
            now = 0.0 if facts.get("no_effect") else event(n)
        else:
            now = SACRIFICE if season == NEW_YEAR else ACTION * _card(view, n).av
        # Ties: spend the most coins in a Season (Actions early), the fewest at New Year.
        av = _card(view, n).av
        return now - keep(n), av if season != NEW_YEAR else -av

    gains = {o.id: gain(_data(o)) for o in prompt.options}
    best = max(gains.values())
    return str(rng.choice([o.id for o in prompt.options if gains[o.id] == best]))


def _data(option: Option) -> dict[str, Any]:
    """An option's facts (every Hellenes option carries them, engine/rulesets/hellenes)."""
    if option.data is None:
        raise ValueError(f"option {option.id!r} carries no facts")
    return option.data


def choose(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
           rng: Rng) -> str | None:
    ids = [o.id for o in prompt.options]
    if prompt.kind == "commit":
        return commit(view, prompt, rng)
    if prompt.kind == "retreat-or-fight":
        # 6.4: fight on while our side is at least as strong, else save the units.
        return "fight" if _battle_odds(view, prompt.seat) >= 1.0 else "retreat"
    if prompt.kind == "battle-loss":
        return ids[0]  # the rules already narrowed it to equally strong (or weak) blocks
    if prompt.kind == "event-target" and ids and all(
            _data(o)["kind"] == "leader" for o in prompt.options):
        # Leader Ostracized (3.11): the Leader whose loss helps us most, never our own
        # while the enemy's may go
        best = max(prompt.options,
                   key=lambda o: _ostracism_gain(view, prompt.seat, int(_data(o)["card"])))
        return best.id
    if prompt.kind in ("movers", "winter-quarter", "winter-home"):
        # 5.0: every unit of the Group is offered, and each destination (or staying) is
        # then weighed one by one, as before the movers were one pick; in Winter every
        # unit that can shelter does, or it disbands (9.24)
        return decisions.encode(prompt, ids)
    if prompt.kind == "cargo":
        return _choose_cargo(view, prompt)
    if prompt.kind == "muster" and (prompt.data or {}).get("to") and ids:
        chosen, _ = _muster_pick(view, prompt.seat, str((prompt.data or {})["to"]), ids)
        return decisions.encode(prompt, chosen[:prompt.hi] or ids[:prompt.lo])
    if prompt.kind in ("winter-maintain", "winter-maintain-sicily"):
        # 9.22: an Action for each of the strongest units with no free way to shelter
        # (two each in a neutral Sicily from generation 8, 15.2: its own line, whose
        # pick answered with nothing would only bring the menu back)
        strongest = sorted((o for o in prompt.options if not _data(o).get("shelter")),
                           key=lambda o: -int(_data(o)["cv"]))
        return decisions.encode(prompt, [o.id for o in strongest[:prompt.hi]])
    if prompt.kind == "event-target" and ids and all(
            _data(o).get("event") == "civil-war" for o in prompt.options):
        # Civil War (8.11): no Double Defence in its City until Year End; the enemy's
        # most valuable City, never one of our own while another is open
        return max(prompt.options, key=lambda o: _civil_war_worth(view, prompt.seat,
                                                                  _data(o)["city"])).id
    if prompt.kind == "siege-combat":
        return _siege_combat(view, prompt, lookahead, rng)
    if prompt.kind == "sortie":  # 8.3: every besieged unit comes out: the most strength
        return decisions.encode(prompt, ids[:prompt.hi])
    if prompt.kind == "fortify":
        # 7.1: shut ourselves in the City when the enemy that engages us is stronger.
        area = next((_data(o)["area"] for o in prompt.options), None)
        ours = sum(b["cv"] for b in view["blocks"] if b["area"] == area)
        foes = 2 * sum(1 for b in view["hidden_blocks"]
                       if b["area"] == area and b["side"] != prompt.seat)
        if foes > ours and prompt.hi > 0:
            return decisions.encode(prompt, ids[:prompt.hi])
        return "" if prompt.lo == 0 else None
    return None


def _civil_war_worth(view: dict[str, Any], me: str, name: str) -> float:
    """A City struck by Civil War: the enemy's help our Assaults, ours only theirs."""
    holder = view["control"].get(name)
    value = _cities()[name].value if name in _cities() else 0
    if holder == me:
        return -1.0 - value
    return value + (1.0 if holder not in (None, "neutral") else 0.0)


def _sortie_odds(view: dict[str, Any], me: str, city: str) -> float:
    """Our strength besieged in `city` over its besiegers' (hidden: about two steps a
    block, as `choose` reckons for Fortifying, 7.1)."""
    area = _cities()[city].area
    ours = sum(b["cv"] for b in view["blocks"] if b["area"] == area and b["inside"]
               and b["side"] == me)
    theirs = 2 * sum(1 for b in view["hidden_blocks"]
                     if b["area"] == area and b["side"] != me and not b["inside"])
    theirs += sum(b["cv"] for b in view["blocks"] if b["area"] == area and not b["inside"]
                  and b["side"] != me)  # shown (in a battle, 6.1)
    return float(ours) / float(max(1, theirs))


# 8.1: a City's defenders fire at A2, take two hits a step (Double Defence, 8.11) and are
# never routed, so an Assault wants about three times their steps; weaker ones lose the
# battle (the enemy's Prestige, 14.11) and leave the siege open to a Sortie (8.3).
ASSAULT_ODDS = 3.0


def _assault_odds(view: dict[str, Any], me: str, city: str) -> float:
    """Our besieging strength over the besieged's steps (hidden: about two a block;
    the garrison one, 2.3)."""
    area = _cities()[city].area
    ours = sum(b["cv"] for b in view["blocks"] if b["area"] == area and not b["inside"]
               and b["side"] == me)
    theirs = 2 * sum(1 for b in view["hidden_blocks"]
                     if b["area"] == area and b["side"] != me and b["inside"])
    theirs += sum(b["cv"] for b in view["blocks"] if b["area"] == area and b["inside"]
                  and b["side"] != me)  # shown (in a battle, 6.1)
    garrison = view["garrisons"].get(city)
    theirs += 1 if garrison is not None and garrison["side"] != me else 0
    return float(ours) / float(max(1, theirs))


def _siege_combat(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
                  rng: Rng) -> str | None:
    """8.0: the Siege Combat menu without the Sorties that go out weaker than the
    besiegers (8.3: a beaten Sortie cedes Prestige and steps for nothing) and the
    Assaults short of ASSAULT_ODDS; the rest is left to the lookahead."""
    weak = {o.id for o in prompt.options if _data(o)["kind"] == "sortie"
            and _sortie_odds(view, prompt.seat, _data(o)["city"]) < 1.0}
    weak |= {o.id for o in prompt.options if _data(o)["kind"] == "assault"
             and _assault_odds(view, prompt.seat, _data(o)["city"]) < ASSAULT_ODDS}
    if not weak:
        return None
    rest = replace(prompt, options=tuple(o for o in prompt.options if o.id not in weak))
    if lookahead is not None:
        found = best_by_lookahead(view, rest, lookahead, HEURISTIC, rng)
        if found is not None:
            return found[0]
    return str(rng.choice([o.id for o in rest.options]))


MEMO_VIEWS = 4  # the views whose imagined options are remembered (`imagine`)
_MEMO = threading.local()


def imagine(view: dict[str, Any], prompt: Prompt, option_id: str) -> dict[str, Any] | None:
    """`_imagine`, remembered for the last few views and prompts asked of (by identity:
    views are never changed in place). The search's `candidates` imagines the very menu
    the heuristic's lookahead has just imagined; late in a game, with many fleets, each
    imagining took seconds under load (a decision of 6 s at load 6)."""
    memo: list[tuple[dict[str, Any], Prompt, dict[str, Any]]] = \
        getattr(_MEMO, "views", None) or []
    found = next((m for m in memo if m[0] is view and m[1] is prompt), None)
    if found is None:
        found = (view, prompt, {})
        _MEMO.views = [found, *memo[:MEMO_VIEWS - 1]]
    seen = found[2]
    if option_id not in seen:
        seen[option_id] = _imagine(view, prompt, option_id)
    result: dict[str, Any] | None = seen[option_id]
    return result


def _imagine(view: dict[str, Any], prompt: Prompt, option_id: str) -> dict[str, Any] | None:
    """What an option brings, worked out from the view where the preview cannot show it:
    a Group Move or a Muster from the Action menu (`_imagine_move`, `_imagine_muster`),
    one mover's way (`_imagine_way`), and a Pillage (5.5, 14.12): the besiegers withdraw
    (the siege lifts) and the Prestige moves by 1, or 2 for Athens or Sparta. The
    lookahead would see only the first withdrawal (the Prestige comes after the last),
    so without this the player never pillaged."""
    option = next((o for o in prompt.options if o.id == option_id), None)
    if prompt.kind == "move" and option is not None:
        return _imagine_way(view, prompt, option)
    if prompt.kind != "actions" or option is None:
        return None
    if _data(option)["kind"] == "move":
        return _imagine_move(view, prompt.seat, _data(option)["from"])
    if _data(option)["kind"] == "muster":
        return _imagine_muster(view, prompt.seat, _data(option)["to"])
    if _data(option)["kind"] != "pillage":
        return None
    name = _data(option)["city"]
    city = _cities().get(name)
    if city is None:
        return None
    me = prompt.seat
    gain = 2 if name in CAPITAL.values() else 1
    away = min(B.comps().land_neighbours(city.area), default=city.area)
    blocks = [dict(b, area=away) if b["area"] == city.area and not b["inside"] else b
              for b in view["blocks"]]
    sieges = {k: v for k, v in (view.get("sieges") or {}).items() if k != name}
    return dict(view, prestige=view["prestige"] + _side(view, me) * gain, blocks=blocks,
                sieges=sieges)


def _imagine_move(view: dict[str, Any], me: str, origin: str,
                  aims: frozenset[str] | None = None) -> dict[str, Any] | None:
    """A Group Move from the Action menu (5.0), worked out from the view: the area's land
    units in the best land area next to it, or a landing (5.21): one of its fleets in a
    land area it can sail to, with one land unit aboard. The preview would stop at the
    movers question and see no change, so the player never moved in its Action phases
    (nor ever landed on an island City); each mover's way is then weighed one by one."""
    mine = [b for b in view["blocks"] if b["side"] == me and b["area"] == origin]
    land = {b["id"] for b in mine if b["type"] != "fleet" and not b["inside"]}
    best: tuple[float, dict[str, Any]] | None = None
    if land:
        for area in sorted(B.comps().land_neighbours(origin)):
            if area in view["neutral"]:
                continue
            moved = _arrive(view, me, land, area)
            score = evaluate(moved, me)
            if best is None or score > best[0]:
                best = (score, moved)
    for fleet in mine:
        if fleet["type"] != "fleet":
            continue
        for area in _landings(view, me, fleet):
            if aims is not None and area not in aims:
                continue  # a rollout's landings (`_aims`)
            found = _best_landing(view, me, fleet["id"], origin, area)
            if best is None or found[0] > best[0]:
                best = found
    return best[1] if best is not None else None


def _arrive(view: dict[str, Any], me: str, ids: set[str], area: str,
            inside: bool = False) -> dict[str, Any]:
    """The view with our units `ids` moved to `area`. Where enemy units stand outside
    (an Engagement, 5.4) and our land strength there falls short of theirs (hidden: about
    two steps a block), the movers are imagined lost: a battle they would lose (6.0)."""
    left = {b["area"] for b in view["blocks"] if b["id"] in ids}
    blocks = [dict(b, area=area, inside=inside) if b["id"] in ids else b
              for b in view["blocks"]]
    foes = sum(1 for b in view["hidden_blocks"] if b["side"] != me and b["area"] == area
               and not b["inside"])
    if foes and not inside:
        ours = sum(b["cv"] * (FLEET_ON_LAND if b["type"] == "fleet" else 1) for b in blocks
                   if b["side"] == me and b["area"] == area)
        if B.comps().areas[area].kind == "sea":
            ours = sum(b["cv"] for b in blocks if b["side"] == me and b["area"] == area
                       and b["type"] == "fleet")
        if ours < 2 * foes:
            blocks = [b for b in blocks if b["id"] not in ids]
            # 14.11: the winner's Trophy or Triumph (+1, +2); without it Athens sent lone
            # units at Sparta's raiders, lost, and fed Sparta's Prestige (issue 35.3)
            view = dict(view, prestige=view["prestige"] - _side(view, me) * BATTLE_LOST)
    moved = dict(view, blocks=blocks)
    return dict(moved, control=_control(moved, left | {area}))


def _control(view: dict[str, Any], areas: set[str]) -> dict[str, Any]:
    """The view's City control with the Cities of `areas` worked out again as the rules
    do (1.4): the side inside (a garrison counts), else the one side standing in the
    area, else the City's Loyalty (a vacant conquest reverts). Without it a unit walked
    out of a conquered City and the score still counted its Tribute."""
    control = dict(view["control"])
    units = [b for b in (*view["blocks"], *view["hidden_blocks"]) if b["area"] in areas]
    for city in (c for area in sorted(areas) for c in _cities_in(area)):
        if city.name not in control:
            continue
        garrison = view["garrisons"].get(city.name)
        inside = {b["side"] for b in units if b["area"] == city.area and b["inside"]}
        if garrison is not None:
            inside.add(garrison["side"])
        outside = {b["side"] for b in units if b["area"] == city.area and not b["inside"]}
        if len(inside) == 1:
            control[city.name] = next(iter(inside))
        elif len(outside) == 1 and not inside:
            control[city.name] = next(iter(outside))
        else:
            control[city.name] = None if city.loyalty == "neutral" else city.loyalty
    return control


def _reach(view: dict[str, Any], me: str, unit: dict[str, Any], engage: bool
           ) -> frozenset[str]:
    """The areas a unit of ours may move to this turn, by the rules' own search (5.1) in
    a world made from the view: enemy units outside a City block the way and are only
    entered Engaging (5.4), neutral areas are closed (1.31)."""
    if unit["inside"] and unit["type"] != "fleet":
        return frozenset()  # 7.4: besieged land units stay
    foes = frozenset(b["area"] for b in view["hidden_blocks"] if b["side"] != me
                     and not b["inside"])
    return _reach_from(unit["area"], unit["inside"], unit["id"], foes,
                       frozenset(view["neutral"]), engage)


@lru_cache(maxsize=8192)
def _reach_from(area: str, inside: bool, unit: str, foes: frozenset[str],
                neutral: frozenset[str], engage: bool) -> frozenset[str]:
    """`_reach` by the rules' search, remembered (a Muster asks it of every unit)."""
    world = M.World(foes, engage, 0, neutral, frozenset(), False, frozenset())
    reach = M.dests_from(area, inside, frozenset(), unit, world)
    return reach if engage else frozenset(a for a in reach if a not in foes)


def _landings(view: dict[str, Any], me: str, fleet: dict[str, Any]) -> frozenset[str]:
    """The land areas a fleet of ours may sail to this turn (`_reach`), with a land unit
    aboard (only a fleet of 2 cv or more carries one, 5.21) or alone: a fleet on land
    holds a vacant City by sole occupation like any unit (1.4), and fights a lone enemy
    fleet there as a D1 unit."""
    areas = B.comps().areas
    # only where a City is, or enemy units stand: elsewhere a landing holds nothing (1.4)
    foes = {b["area"] for b in view["hidden_blocks"] if b["side"] != me}
    return frozenset(a for a in _reach(view, me, fleet, True)
                     if areas[a].kind != "sea" and a != fleet["area"]
                     and (_cities_in(a) or a in foes))


def _imagine_muster(view: dict[str, Any], me: str, area: str) -> dict[str, Any] | None:
    """A Muster from the Action menu (5.0), worked out from the view: our units that can
    reach `area` without Engaging come, as the muster question would then pick them
    (`_muster_pick`). Without it the preview stopped at that question and the player
    mustered at random, never bringing a fleet and a land unit together for a landing."""
    comers = [b["id"] for b in view["blocks"] if b["side"] == me and b["area"] != area
              and area in _reach(view, me, b, False)]
    if not comers:
        return None
    return _muster_pick(view, me, area, comers)[1]


def _muster_pick(view: dict[str, Any], me: str, area: str, comers: list[str]
                 ) -> tuple[list[str], dict[str, Any]]:
    """5.0: which units come to a Muster: all of them, less each one whose staying put
    scores better (the last guard of our capital, a besieger whose siege would lift),
    weighed one by one."""
    chosen = list(comers)
    best = _arrive_all(view, me, set(chosen), area)
    top = evaluate(best, me)
    for unit in comers:
        if len(chosen) == 1:
            break
        rest = [u for u in chosen if u != unit]
        seen = _arrive_all(view, me, set(rest), area)
        if (v := evaluate(seen, me)) > top:
            chosen, best, top = rest, seen, v
    return chosen, best


def _arrive_all(view: dict[str, Any], me: str, ids: set[str], area: str) -> dict[str, Any]:
    """The view with our units `ids` come from wherever they stand to `area` (no
    Engagement: a Muster never engages, 5.0), City control worked out again (1.4)."""
    left = {b["area"] for b in view["blocks"] if b["id"] in ids}
    moved = dict(view, blocks=[dict(b, area=area, inside=False) if b["id"] in ids else b
                               for b in view["blocks"]])
    return dict(moved, control=_control(moved, left | {area}))


def _fleet_cv(view: dict[str, Any], fleet: str) -> int:
    return next((int(b["cv"]) for b in view["blocks"] if b["id"] == fleet), 0)


def _cargo(view: dict[str, Any], me: str, origin: str, fleet: str) -> list[str]:
    """Our land units a fleet sailing from `origin` may carry (5.21: Greek land units that
    start in its area, outside the walls)."""
    return [b["id"] for b in view["blocks"] if b["side"] == me and b["area"] == origin
            and b["type"] != "fleet" and not b["barbarian"] and not b["inside"]
            and b["id"] != fleet]


def _best_landing(view: dict[str, Any], me: str, fleet: str, origin: str, area: str
                  ) -> tuple[float, dict[str, Any]]:
    """The fleet in `area` with the land unit aboard that scores best, or alone (1.4:
    a fleet holds a vacant City as any unit does; Sparta's lone fleets took Athens'
    vacant subject ports for their Tribute, 9.51, and Athens never sent one back)."""
    alone = _arrive(view, me, {fleet}, area)
    best = (evaluate(alone, me), alone)
    for unit in _cargo(view, me, origin, fleet) if _fleet_cv(view, fleet) >= 2 else ():
        moved = _arrive(view, me, {fleet, unit}, area)
        score = evaluate(moved, me)
        if best is None or score > best[0]:
            best = (score, moved)
    return best


def _imagine_way(view: dict[str, Any], prompt: Prompt, option: Option
                 ) -> dict[str, Any] | None:
    """One mover's way in a Group Move (5.0), from the prompt's facts (the unit and the
    area it leaves): the unit where the route ends, and a fleet of 2 cv or more that sails
    to a land area with the best land unit of the Group aboard (a landing, 5.21: the
    cargo is asked next), after the orders the Group was already given. A Forced March
    waits where its route enters (5.3: it may fail); staying changes nothing. Without
    this every way of a mover but the last previewed the same (the moves are made
    together at the end), and a landing was never seen."""
    facts, asked = _data(option), prompt.data or {}
    unit = next((b for b in view["blocks"] if b["id"] == asked.get("unit")), None)
    if unit is None:
        return None
    me = prompt.seat
    # the Group's orders already given (made together at the end, 5.0): without them
    # each unit of Athens saw the others still at home and every one of them left
    view = _ordered(view, me, asked.get("orders") or {})
    kind = facts["kind"]
    if kind == "stay":
        return view
    if kind not in ("route", "forced", "harbour"):
        return None
    area = facts["via"] if kind == "forced" else facts["to"]
    moved = _arrive(view, me, {unit["id"]}, area, inside=kind == "harbour")
    if unit["type"] != "fleet" or unit["cv"] < 2 or B.comps().areas[area].kind == "sea":
        return moved
    landing = _best_landing(view, me, unit["id"], str(asked.get("from")), area)
    if landing[0] > evaluate(moved, me):
        return landing[1]
    return moved


def _ordered(view: dict[str, Any], me: str, orders: dict[str, str]) -> dict[str, Any]:
    """The view with a Group's orders given so far carried out, the units going to one
    area together (5.0)."""
    by_area: dict[str, set[str]] = {}
    for unit, area in orders.items():
        by_area.setdefault(area, set()).add(unit)
    for area, units in sorted(by_area.items()):
        view = _arrive(view, me, units, area)
    return view


def _choose_cargo(view: dict[str, Any], prompt: Prompt) -> str:
    """5.21: the land unit whose landing where the fleet sails scores best, or none."""
    asked = prompt.data or {}
    fleet, area = asked.get("fleet"), asked.get("to")
    me = prompt.seat
    if fleet is None or area is None:
        return "" if prompt.lo == 0 else decisions.encode(prompt, [prompt.options[0].id])
    view = _ordered(view, me, asked.get("orders") or {})  # the Group's other orders
    best_id, best = None, evaluate(_arrive(view, me, {str(fleet)}, str(area)), me)
    for o in prompt.options:
        score = evaluate(_arrive(view, me, {str(fleet), o.id}, str(area)), me)
        if score > best:
            best_id, best = o.id, score
    if best_id is None and prompt.lo == 0:
        return ""
    return decisions.encode(prompt, [best_id or prompt.options[0].id])


# ------------------------------------------------------------------ for the search level
SEARCHED_ACTIONS = 5  # options of an Action menu weighed in sampled worlds, at most
# (4 unless a build is weighed there, BUILDS_WEIGHED)
# The prompts of the seat's own Action phase (4.0, 5.0): a rollout after a weighed option
# answers them by the heuristic's rules until the phase ends.
ACTION_PHASE = frozenset({"actions", "movers", "move", "cargo", "muster", "recruit",
                          "forced", "pillage"})


def _engages(view: dict[str, Any], seen: dict[str, Any], me: str) -> bool:
    """Whether an imagined result sends our units into an area where enemy units stand
    outside a City (an Engagement, 5.4: a battle the dice and hidden strengths decide),
    or throws them away there (`_arrive` drops movers it sees beaten)."""
    before = {b["id"]: b["area"] for b in view["blocks"] if b["side"] == me}
    after = {b["id"]: b["area"] for b in seen["blocks"] if b["side"] == me}
    foes = {b["area"] for b in view["hidden_blocks"] if b["side"] != me and not b["inside"]}
    return any(i not in after or (after[i] != area and after[i] in foes)
               for i, area in before.items())


def candidates(view: dict[str, Any], prompt: Prompt, fallback: str) -> list[str]:
    """An Action menu (4.0): the search weighs in sampled worlds, each rolled out through
    the enemy's answer (`enemy_answer`), the heuristic's answer, the best-scored option
    that Engages (5.4: the score guesses a battle from block counts alone, two steps a
    hidden block, where the sample's strengths and dice decide it), a build where
    BUILDS_WEIGHED says (4.2, `best_build`: the view's score prices a step at STEP, the
    sampled world shows what it buys), the best-scored other one, and at
    the last Action ending the phase with every unit where it stands (the score cannot
    see the enemy's storm of a City our move strips, issue 35.3). Winter Actions (9.2):
    the heuristic's answer and a build. A card's commitment in a Season (3.3):
    `commit_candidates`; the Siege Combat menu (8.0): `siege_candidates`. Elsewhere:
    nothing to weigh."""
    _WEIGHING.kind = prompt.kind
    _WEIGHING.pictures = {}
    if prompt.kind == "commit":
        return commit_candidates(view, prompt, fallback)
    if prompt.kind == "siege-combat":
        return siege_candidates(view, prompt, fallback)
    build = best_build(view, prompt)
    if prompt.kind == "winter-actions":
        # 9.2: the heuristic's answer and the build it did not choose, each followed by
        # the rest of our Winter played alike (`end_winter`)
        if build is None or build == fallback or prompt.kind not in BUILDS_WEIGHED:
            return []
        return [fallback, build]
    if prompt.kind != "actions":
        return []
    me = prompt.seat
    engaging: list[tuple[float, str]] = []
    other: list[tuple[float, str]] = []
    for o in prompt.options:
        seen = imagine(view, prompt, o.id)
        if seen is not None and _data(o)["kind"] == "move":
            # its movers in the rollouts go as pictured here (`_planned_way`), the seat's
            # own units and the enemy's blocks being where the sampled worlds have them
            _WEIGHING.pictures[(me, _data(o)["from"])] = _where(seen, me)
        if seen is None or o.id == fallback:
            continue
        (engaging if _engages(view, seen, me) else other).append((evaluate(seen, me), o.id))
    out = [fallback]
    if engaging:
        out.append(max(engaging)[1])
    if build is not None and build != fallback and "actions" in BUILDS_WEIGHED:
        out.append(build)
    if other:
        out.append(max(other)[1])
    done = prompt.option("done")
    if fallback != "done" and done is not None and (done.data or {}).get("left", 0) <= 1:
        # only at the last Action: a rollout plays one Action of each option and ends
        # the phase, so earlier on the Actions still to come would count for nothing
        out.append("done")
    return out[:SEARCHED_ACTIONS] if len(out) > 1 else []


BUILDS = frozenset({"reinforce", "recruit"})  # 4.21, 4.22
# The menus where the search weighs a build (`best_build`). Weighed in the Seasons' Action
# menus too, the search as Athens chose a build over the heuristic's move in about ten
# menus a game (half its overrules) and won none of 7 games on fresh seeds `h13a` where
# main's search won 3 (branch hbuild12): an Action spent on a step is a move not made
# towards a City's Tribute (9.51), which a rollout cut at the enemy's answer does not see.
BUILDS_WEIGHED = frozenset({"winter-actions"})


def best_build(view: dict[str, Any], prompt: Prompt) -> str | None:
    """The build worth weighing in a menu (4.2): a Reinforcement (4.21) of the unit with
    the most enemy blocks within REACH of it, the furthest below its maximum among
    those; where none is threatened, a Recruit (4.22: a new block) if offered, else the
    Reinforcement furthest below its maximum. None where the menu offers no build. The
    view scores every step alike: what a step is worth where is for the sampled worlds
    to show."""
    me = prompt.seat
    foes = [b["area"] for b in view["hidden_blocks"] if b["side"] != me]
    best: tuple[int, int, str] | None = None
    recruit = None
    for o in prompt.options:
        facts = o.data or {}
        if facts.get("kind") == "recruit":
            recruit = o.id
        if facts.get("kind") != "reinforce":
            continue
        unit = next((b for b in view["blocks"] if b["id"] == facts["unit"]), None)
        if unit is None:
            continue
        far = _distances(str(facts["area"]))
        threat = sum(1 for a in foes if far.get(a, FAR) <= REACH)
        key = (threat, int(unit["max"]) - int(unit["cv"]), o.id)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is not None and (best[0] > 0 or recruit is None):
        return best[2]
    return recruit


WINTER_STEPS = 60  # our own Winter prompts at most played after a weighed one


def end_winter(sim: Any, seat: str) -> None:
    """In a sampled world, after a Winter Action weighed by the search (9.2): the rest of
    our Winter played alike for every option weighed: our units Quarter (9.211) or go
    home (9.212) where they may, the strongest without shelter are Maintained (9.22),
    then the Winter ends (9.24: the rest disband); no more building. Then the enemy's
    answer (`enemy_answer`), to the next card's commitment (Year End between, 9.5).
    Past the deadline: OutOfTime."""
    for _ in range(WINTER_STEPS):
        p = sim.next_prompt()
        if p is None or p.seat != seat or not p.kind.startswith("winter"):
            break
        if p.kind == "winter-actions":
            offered = {o.id for o in p.options}
            answer = next((w for w in ("quarter", "home", "maintain") if w in offered), "done")
        else:
            answer = rollout_answer(sim, p)
        sim.act(seat, answer)
    enemy_answer(sim, seat)


def end_actions(sim: Any, seat: str) -> None:
    """In a sampled world, after an option of the Action menu weighed by the search: its
    own questions are answered by the heuristic's rules (movers, ways, cargo, musters
    picked by the score), and the Action phase ends at the menu's next showing, so that
    the battles the option has set up are fought in the rollout (6.0). (Playing the rest
    of the phase out weighed every option of every menu again in each world: a search
    decision took about 6 s.) After a card's commitment: `end_season`."""
    kind = getattr(_WEIGHING, "kind", "")
    if kind == "commit":
        end_season(sim, seat)
        return
    if kind == "siege-combat":
        return  # the rollout plays the Assault's battle out to the next boundary
    if kind == "winter-actions":
        end_winter(sim, seat)
        return
    for _ in range(40):
        p = sim.prompt()
        if p is None or p.seat != seat or p.kind not in ACTION_PHASE:
            break
        if p.kind == "actions" and p.option("done") is not None:
            sim.act(seat, "done")
            continue
        if sim.deadline is not None and time.perf_counter() > sim.deadline:
            raise OutOfTime
        sim.act(seat, rollout_answer(sim, p))
    enemy_answer(sim, seat)


ANSWER_STEPS = 80  # prompts at most played for the enemy's answer (its Action phase, its
# battles and ours in between)


def enemy_answer(sim: Any, seat: str) -> None:
    """In a sampled world, after our Action phase: play on by the heuristic's quick rules
    through the battles it set up (6.0) and the enemy's Action phase that follows in the
    same Season (4.0, the second player's), with its battles, stopping where a side next
    commits a card or our own next phase begins. A rollout cut at the enemy's Action menu
    never saw the enemy's answer: its storm of a City we stripped, its landing on an
    island we left (issue 35.3). Past the deadline: OutOfTime (only whole samples count)."""
    for _ in range(ANSWER_STEPS):
        p = sim.prompt()
        if p is None or p.kind in ("commit", "sacrifice"):
            return
        if p.seat == seat and p.kind in PHASE_STARTS:
            return  # our own next phase: the boundary where the rollout is scored
        # an Action menu's quick answer imagines every option (up to a few hundred ms
        # on a busy machine): not begun so near the deadline that it would overrun it
        margin = MENU_MARGIN_S if p.kind in PHASE_STARTS else 0.0
        if sim.deadline is not None and time.perf_counter() > sim.deadline - margin:
            raise OutOfTime
        sim.act(p.seat, rollout_answer(sim, p))


def rollout_answer(sim: Any, p: Prompt) -> str:
    """The rollout policy: the heuristic's quick rules (engine/players/rollout.py), with a
    Group Move carried out as the Action menu imagined it (`_planned_way`)."""
    view = sim.view(p.seat)
    if p.kind in ("move", "cargo"):
        planned = _planned_way(sim, view, p)
        if planned is not None:
            return planned
    if p.kind == "actions":
        return _menu_answer(sim, view, p)
    # the heuristic's own rules first, for a pick too (quick_answer picks at random: the
    # enemy's rollout Group Moves sent off a random few of the units, often none)
    answer = choose(view, p, None, sim.policy)
    return answer if answer is not None else quick_answer(view, p, HEURISTIC, sim.policy)


def _menu_answer(sim: Any, view: dict[str, Any], p: Prompt) -> str:
    """The Action menu by the quick rules (`quick_answer`: the option imagined best, if
    above the position as it stands, else any), keeping the picture of a Group Move
    chosen so that its movers go as pictured (`_planned_way`)."""
    best, top, picture = None, evaluate(view, p.seat), None
    me = p.seat
    aims = _aims(view, me)
    for o in p.options:
        kind = _data(o)["kind"]
        if kind == "muster" and _data(o)["to"] not in aims:
            continue
        seen = _imagine_move(view, me, _data(o)["from"], aims) if kind == "move" \
            else imagine(view, p, o.id)
        if seen is not None and (v := evaluate(seen, p.seat)) > top:
            best, top, picture = o, v, seen
    sim.hellenes_plan = None
    if best is None:
        ids = [o.id for o in p.options if o.id not in NAVIGATION and o.id not in HEURISTIC.skip] \
            or [o.id for o in p.options]
        return str(sim.policy.choice(ids))
    if picture is not None and _data(best)["kind"] == "move":
        sim.hellenes_plan = ((p.seat, _data(best)["from"]), _where(picture, p.seat))
    return best.id


def _aims(view: dict[str, Any], me: str) -> frozenset[str]:
    """The areas a rollout's Muster or landing is weighed into: where enemy units stand or
    the enemy holds a City, and our capital's. Elsewhere (most land areas hold a City)
    they mostly gather units for a later move, which a rollout's short horizon does not
    reach; weighing them all (each unit's reach and the score without each; each fleet's
    landings with each unit aboard) was most of a rollout's Action menu."""
    foe = "sparta" if me == "athens" else "athens"
    cities = _cities()
    return frozenset({b["area"] for b in view["hidden_blocks"] if b["side"] == foe}
                     | {cities[n].area for n, h in view["control"].items() if h == foe}
                     | {cities[CAPITAL[me]].area})


def _where(view: dict[str, Any], me: str) -> dict[str, str]:
    return {b["id"]: b["area"] for b in view["blocks"] if b["side"] == me}


def _planned_way(sim: Any, view: dict[str, Any], p: Prompt) -> str | None:
    """In a rollout, a mover's way (5.0) or a fleet's cargo (5.21) as `_imagine_move`
    pictured the Group Move from its area: the land units together to the best area
    beside, or a fleet with the land unit aboard to a landing. Weighing every way of every
    mover again (`_imagine_way`: each land area in a fleet's reach, with each unit aboard)
    took most of a rollout's time, and so left the search a world or two a decision.
    None where the picture gives no answer (a mover it lost in battle, a way not offered):
    the quick rules answer."""
    asked, me = p.data or {}, p.seat
    plan = getattr(sim, "hellenes_plan", None)
    if p.kind == "cargo":
        if plan is None or plan[0][0] != me:
            return None
        chosen = [o.id for o in p.options if plan[1].get(o.id) == asked.get("to")]
        return decisions.encode(p, chosen[:1]) if chosen or p.lo == 0 else None
    origin = str(asked.get("from"))
    if plan is None or plan[0] != (me, origin):
        # a move the rollout's own menu did not pick: the option weighed (pictured by
        # `candidates`, once for all worlds), a free move
        where = (getattr(_WEIGHING, "pictures", None) or {}).get((me, origin))
        if where is None:
            seen = _imagine_move(view, me, origin)
            if seen is None:
                return None
            where = _where(seen, me)
        plan = ((me, origin), where)
        sim.hellenes_plan = plan
    target = plan[1].get(str(asked.get("unit")))
    if target is None:
        return None
    if target == origin:
        return "stay" if p.option("stay") is not None else None
    return next((o.id for o in p.options if (o.data or {}).get("kind") == "route"
                 and (o.data or {}).get("to") == target), None)


# An Assault the search weighs (8.1) at these odds or better (`_assault_odds`: a hidden
# block reckoned at two steps); below, the sampled worlds would mostly see it beaten.
ASSAULT_TRY = 1.5
SEARCHED_ASSAULTS = 3  # Assaults of a Siege Combat menu weighed, at most


# The seats whose Siege Combat menus the search weighs (`siege_candidates`). As Sparta,
# the rollouts chose an Assault in 34 of 106 menus where the heuristic waged Attrition
# or ended the combat (on Thebes and Corinth 11 times each), never the other way: a
# beaten Assault pays Athens Prestige (14.11) and the score sees no step lost. With
# Sparta's menus left to the heuristic the search as Sparta won 36 of 40 games, against
# 31 of 40 weighing them, on the seeds that chose this; on fresh ones 52 of 60, where
# the heuristic won 49 (issue 35.3).
SIEGES_WEIGHED = frozenset({"athens"})


def siege_candidates(view: dict[str, Any], prompt: Prompt, fallback: str) -> list[str]:
    """The Siege Combat menu (8.0): the heuristic's answer and the Assaults (8.1) at
    ASSAULT_TRY or better on our own Cities (of our Loyalty) that the enemy holds, the
    most valuable first. The heuristic's lookahead sees an Assault stop at its first
    prompt and an Attrition roll (8.2) land, so it waged Attrition, a hit on a 1 a Season,
    while a lone Spartan block inside Naxos or Ephesus paid Sparta its Tribute every Year
    End (9.51; traced 431 games, issue 35.3). The sampled worlds fight the Assault out.
    The enemy's own Cities are left to the heuristic: weighed too (and the whole menu,
    when short enough for the search's generic weighing), the search as Athens assaulted
    Sparta and Thebes at long odds, on the worth of a capital taken in a few worlds, and
    each beaten Assault paid Sparta Prestige (14.11). The menu is often wider than the
    generic limit (a siege per City), so it is narrowed here. Sparta's menus stay the
    heuristic's (`SIEGES_WEIGHED`)."""
    me = prompt.seat
    if me not in SIEGES_WEIGHED:
        return []
    rows = _city_rows()
    assaults = sorted(
        ((rows[city][0], o.id) for o in prompt.options
         if _data(o).get("kind") == "assault" and o.id != fallback
         and (city := str(_data(o)["city"])) in rows and rows[city][1] == me
         and view["control"].get(city) not in (me, None, "neutral")
         and _assault_odds(view, me, city) >= ASSAULT_TRY),
        reverse=True)
    out = [fallback] + [i for _, i in assaults][:SEARCHED_ASSAULTS]
    return out if len(out) > 1 else []


# The kind of prompt the search is weighing now, set by `candidates` and read by
# `end_actions`: one decision at a time in a thread, its rollouts played before the next
# (bot seats decide in threads, service/bot_seats.py).
_WEIGHING = threading.local()


def commit_candidates(view: dict[str, Any], prompt: Prompt, fallback: str) -> list[str]:
    """A card committed in a Season (3.3): the heuristic's answer and the same card the
    other way, as its Event or for its Actions. The heuristic prices an Event by rules of
    thumb (`event_value`: an Earthquake's worth by the blocks near our capital, a Plague's
    flat); the sampled worlds play the Season out both ways. The same card either way
    leaves the same hand, so the rollouts compare only this Season. New Year and Winter
    cards stay the heuristic's (a Sacrifice, Winter Actions), and so do Sparta's
    (`CARDS_WEIGHED`)."""
    if prompt.seat not in CARDS_WEIGHED or not SPRING <= view["season"] <= FALL:
        return []
    chosen = prompt.option(fallback)
    if chosen is None:
        return []
    facts = _data(chosen)
    other = prompt.option(f"{facts['card']}:{'a' if facts['use'] == 'event' else 'e'}")
    if other is None or _data(other).get("no_effect") \
            or _card(view, int(facts["card"])).event.kind not in SEASON_EVENTS:
        return []
    return [fallback, other.id]


# The seats whose Season cards the search weighs. A Season's rollout prices a card's
# Actions above its Event: each Action the quick rules take is one the score imagines a
# gain (a unit beside an enemy City: PRESSURE, SIEGE and RECOVER, often more than a City
# held), while an Event's worth shows little by the Season's end (a Revolt's City pays
# Tribute at every Year End, 9.51; enemy steps lost are hidden, the score counts blocks).
# Weighed as Sparta over 2 worlds or more, the search played 17 of the 29 Events the
# heuristic chose for their Actions (Revolts and Atrocities among them, Sparta's main
# sources of Prestige), and none of 11 Actions as an Event (issue 35.3, search games of
# 431 traced). Athens' cards stay weighed: its gain over the heuristic was measured with
# them (hai9).
CARDS_WEIGHED = frozenset({"athens"})


# The Events whose worth shows by the Season's end, where a card's rollout is scored: a
# Prestige loss, Cities taken or garrisoned, the enemy held still, a besieged City struck
# (its Civil War lasts the Year, 8.11, but our Assaults are made at ASSAULT_ODDS, which it
# does not change). A Leader, Taxes, Persian Aid, the factions and No Quarter pay over
# Years: their rollouts would price them at nothing, so they stay the heuristic's.
SEASON_EVENTS = frozenset({"atrocity", "revolt", "helots", "earthquake", "augury", "plague",
                           "hunger", "treachery", "civil-war"})


SEASON_STEPS = 800  # prompts at most played for a Season after a commitment


def end_season(sim: Any, seat: str) -> None:
    """In a sampled world, after a card weighed by the search: the other side commits
    (by the heuristic's rule, where the world has not dealt its hidden card already), and
    the Season is played out by the quick rules, both Action phases and their battles
    (4.0, 6.0), to the next card's commitment. Past the deadline: OutOfTime."""
    revealed = False
    for _ in range(SEASON_STEPS):
        p = sim.prompt()
        if p is None:
            return
        if p.kind in ("commit", "sacrifice"):
            if revealed:
                return
        else:
            revealed = True
        margin = MENU_MARGIN_S if p.kind in PHASE_STARTS else 0.0
        if sim.deadline is not None and time.perf_counter() > sim.deadline - margin:
            raise OutOfTime
        sim.act(p.seat, rollout_answer(sim, p))


MENU_MARGIN_S = 0.2  # seconds before the deadline past which no Action menu is answered
# The prompts that open a side's phase of Actions (4.0) or Winter Actions (9.2).
PHASE_STARTS = frozenset({"actions", "winter-actions"})


def sample_view(state: Any, me: str) -> dict[str, Any]:
    """A sampled world's view as the search scores it (engine/players/rollout.py): the
    seat's view of the world, its enemy's upright blocks carrying the steps the world
    dealt them (engine/rulesets/hellenes/determinize.py, drawn from the seat's view
    alone, never the game's). So the score counts steps on both sides: a Reinforcement
    (4.21) or a Recruit (4.22) is worth its steps, and a battle's step losses count for
    both sides, not only the blocks eliminated (6.0). The view itself hides the enemy's
    steps (2.0); scored by block counts, a rollout's battle cost neither side anything
    short of a block, and a step built was worth nothing."""
    seen = hellenes_view(state, me)
    blocks = state["blocks"]
    seen["hidden_blocks"] = sorted(
        ({"side": x["side"], "area": x["loc"], "inside": x["inside"], "cv": x["cv"]}
         for bid in B.on_map(state) if (x := blocks[bid])["side"] != me),
        key=lambda h: (h["area"], h["side"], h["inside"]))
    return seen


# A Hellenes preview costs several times an Athens & Sparta one (a larger state and
# view): one menu step deep, only into short follow-ups, at most 30 previews a decision.
HEURISTIC = RulesetHeuristic(
    evaluate=evaluate, choose=choose, imagine=imagine, depth=2, width=6, previews=30,
    # For the search level: a rollout ends when a side next commits a card or begins its
    # Actions, moves or recruits (after the battles under way are fought out), and only
    # the battle decisions are weighed in sampled worlds, where the hidden strengths and
    # the dice decide.
    boundary=frozenset({"commit", "sacrifice", "actions", "winter-actions", "movers",
                        "move", "muster", "recruit"}),
    searched=frozenset({"retreat-or-fight", "retreat", "sortie", "capitulate",
                        "battle-order", "formation-order", "assault-join", "appeal"}),
    # and the Action menus where a move would Engage, the Winter menus where a build is
    # on offer, and the Siege Combat menus where an Assault would retake one of our
    # Cities, weighed among a few (above); every rollout scored by the sampled world's
    # steps on both sides
    candidates=candidates, after_candidate=end_actions, sample_view=sample_view)
