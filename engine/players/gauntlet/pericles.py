"""Gauntlet scripts for Pericles, from the faction's view and the prompt's option facts
(`Option.data`) alone; the theaters and their neighbours are public component data, and
the forces on the map are public (every view shows them).

Pericles has two layers, and each style plays one plain idea in both:

- the political layer (5.0-7.3): the Boule nominates issues (`nominate`, `{issue}`), each
  debate round designates one (`designate`, `{kind, track, box}`) and plays a card on it
  (`debate`, `{value, award, face}`). A style pushes its own kinds of issue: War/Peace
  and Military for the aggressive player while its city is at peace (War/Peace declares
  war, 10.1), Long Walls, Diplomatic and (at war) War/Peace for the passive one;
- the theaters (8.0-9.3): a marker is placed face down (`place`, `{marker, theater}`),
  revealed, and resolved: a Military marker in a contested theater is a raid or an
  expedition (`raid_choice`, 9.1), an expedition's Strategos are committed (`commit`,
  9.2) and its units march in (`march`), a League marker raises units or a base
  (`league`, 8.5), a Diplomatic one buys a conversion (`diplomatic`, 8.5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core import decisions
from ...core.types import Option, Prompt
from ...rulesets.pericles import theaters as th
from ...rulesets.pericles.components import load_components
from ..pericles import (
    bases_of,
    city_of,
    enemy_of,
    kind_strength,
    present,
    reach,
    status,
    theater_kind,
)

if TYPE_CHECKING:
    from .base import ScriptedPlayer

Play = Callable[["ScriptedPlayer", dict[str, Any], Prompt], str | None]


def facts(option: Option) -> dict[str, Any]:
    return option.data or {}


def first_of(prompt: Prompt, order: tuple[str, ...]) -> str | None:
    ids = [o.id for o in prompt.options]
    return next((i for i in order if i in ids), None)


def neighbours(theater: str) -> set[str]:
    return set(load_components().neighbours(theater))


def enemy_units(view: dict[str, Any], theater: str, city: str) -> int:
    """The enemy's units (not bases) in a theater, as every view shows them."""
    return sum(kind_strength(view, theater, enemy_of(city), k) for k in th.KINDS) \
        - len(th.KINDS) * 2 * bases_of(view, theater, enemy_of(city))


def near_us(view: dict[str, Any], theater: str, city: str) -> bool:
    """We stand in the theater or next door (an expedition's units come from there)."""
    return present(view, theater, city) or any(
        present(view, t, city) for t in neighbours(theater) if t in view["forces"])


# ------------------------------------------------------------------ the political layer
def issue_order(style: str, view: dict[str, Any]) -> tuple[str, ...]:
    """The issues a style pushes, most wanted first. War/Peace switches the city between
    war and peace (10.1): the aggressive player wants it at peace, the passive at war."""
    war = bool(view["war"])
    if style == "aggressive":
        return ("military",) if war else ("war_peace", "military")
    if style == "passive":
        return ("war_peace", "long_walls", "diplomatic", "league") if war else \
            ("long_walls", "diplomatic", "league", "oracle")
    if style == "raider":
        return ("military", "diplomatic", "tribute")
    if style == "turtle-striker":  # markers to strike with; walls and bases meanwhile
        return ("military", "long_walls", "league", "diplomatic")
    return ("military", "war_peace") if not war else ("military",)


def nominate(style: str, view: dict[str, Any], prompt: Prompt) -> str | None:
    for kind in issue_order(style, view):
        found = next((o.id for o in prompt.options if facts(o).get("issue") == kind), None)
        if found is not None:
            return found
    return None


def designate(style: str, view: dict[str, Any], prompt: Prompt) -> str | None:
    """The first wanted kind offered, one still in the centre before one on a track
    (left in the centre it is lost to the whole city, 6.3)."""
    for kind in issue_order(style, view):
        found = sorted((o for o in prompt.options if facts(o).get("kind") == kind),
                       key=lambda o: (facts(o).get("track") is not None, o.id))
        if found:
            return found[0].id
    return None


def debate(style: str, view: dict[str, Any], prompt: Prompt) -> str | None:
    """On a wanted issue the card with the highest value; on any other the one that
    spends least (the lowest face value, 6.3)."""
    city = city_of(prompt.seat)
    d = (view["debate"].get(city) or {}).get("designated")
    issue = next((i for i in view["displays"].get(city, []) if i["id"] == d), None)
    wanted = issue is not None and issue["kind"] in issue_order(style, view)
    if wanted:
        return max(prompt.options, key=lambda o: (facts(o).get("value", 0),
                                                  facts(o).get("award", 0), o.id)).id
    return min(prompt.options, key=lambda o: (facts(o).get("face", 0),
                                              -facts(o).get("award", 0), o.id)).id


def entourage(prompt: Prompt) -> str:
    """The cards with the lowest face go face down (they serve only a Brain Trust, 6.1)."""
    ranked = sorted(prompt.options, key=lambda o: (facts(o).get("face", 0), o.id))
    return decisions.encode(prompt, [o.id for o in ranked[:prompt.hi]])


# ------------------------------------------------------------------ the theaters
Score = Callable[[dict[str, Any], str, str, str], float | None]


def place(view: dict[str, Any], prompt: Prompt, score: Score) -> str | None:
    """The option `score` rates highest (None: not wanted); when it wants none, the
    frame's plain default (the first option)."""
    city = city_of(prompt.seat)
    rated = [(s, o.id) for o in prompt.options
             if (s := score(view, city, facts(o)["marker"], facts(o)["theater"])) is not None]
    if rated:
        return max(rated)[1]
    return None


def aggressive_place(view: dict[str, Any], city: str, kind: str, theater: str) -> float | None:
    """Military markers against the enemy capital (an expedition against it, 9.0), then
    any theater where the enemy has bases; League markers raise units where we stand."""
    enemy = enemy_of(city)
    if kind == "military":
        if theater == th.capital_of(enemy):
            return 10.0
        if bases_of(view, theater, enemy):
            return 5.0 + bases_of(view, theater, enemy)
        return None
    if kind == "league" and present(view, theater, city) and theater != th.capital_of(enemy):
        return 1.0 + kind_strength(view, theater, city, "land")
    return None


def passive_place(view: dict[str, Any], city: str, kind: str, theater: str) -> float | None:
    """Only where we already hold: a Military marker at home is a levy (9.0), League
    markers build bases and units in our own theaters (8.5); nothing goes out."""
    here = status(view, theater)
    if kind == "military":
        return 10.0 if theater == th.capital_of(city) else 2.0 if here == city else None
    if kind in ("league", "diplomatic") and here == city:
        return 5.0 - bases_of(view, theater, city)
    if kind in ("oracle", "rumor") and here == city:
        return 1.0
    return None


def raider_place(view: dict[str, Any], city: str, kind: str, theater: str) -> float | None:
    """Where the enemy left a theater without units: a Military marker where it has only
    bases (a raid, 9.1, or an easy expedition), a Diplomatic one into empty (neutral)
    theaters to take them (8.5)."""
    enemy = enemy_of(city)
    if theater == th.capital_of(enemy):
        return None
    empty = enemy_units(view, theater, city) == 0
    if kind == "military" and bases_of(view, theater, enemy) and empty:
        return 10.0 + bases_of(view, theater, enemy) + near_us(view, theater, city)
    if kind == "military" and status(view, theater) == "contested":
        return 4.0 - enemy_units(view, theater, city) / 10.0
    if kind == "diplomatic" and status(view, theater) == "neutral":
        return 3.0
    return None


def bait_place(view: dict[str, Any], city: str, kind: str, theater: str) -> float | None:
    """A Military marker wherever an enemy unit or base stands that our units could reach,
    the theater with most enemy first, whatever the odds."""
    enemy = enemy_of(city)
    if kind == "military" and present(view, theater, enemy) and near_us(view, theater, city):
        return 5.0 + sum(kind_strength(view, theater, enemy, k) for k in th.KINDS) / 10.0
    return None


def strike_odds(view: dict[str, Any], city: str, theater: str) -> int:
    """How far our strength that could march into `theater` exceeds the enemy's there
    (units and bases of the theater's kind, 9.2); above 0 the turtle may strike it."""
    kind = theater_kind(theater)
    return reach(view, theater, city, kind) - kind_strength(view, theater, enemy_of(city), kind)


def turtle_place(view: dict[str, Any], city: str, kind: str, theater: str) -> float | None:
    """Markers only where its city holds (as the passive player), until a theater the
    enemy holds is weaker than what we could march into it (the enemy has moved out):
    then a Military marker there, the enemy capital first (its last base taken wins the
    war, 11.11), else the weakest such theater."""
    enemy = enemy_of(city)
    if kind == "military" and status(view, theater) in (enemy, "contested") \
            and (edge := strike_odds(view, city, theater)) > 0:
        return 20.0 + (10.0 if theater == th.capital_of(enemy) else 0.0) + edge / 10.0
    return passive_place(view, city, kind, theater)


def commit(view: dict[str, Any], prompt: Prompt, attack: int, defend: int) -> str:
    """Strategos for a battle (9.2): `attack` or `defend` of the most allowed (1.0 all,
    0 none), within the prompt's bounds."""
    ex = view["expedition"] or {}
    share = attack if ex.get("city") == city_of(prompt.seat) else defend
    return str(max(prompt.lo, prompt.hi if share else prompt.lo))


def march(prompt: Prompt, view: dict[str, Any], all_in: bool) -> str | None:
    """Every unit that can fight the battle's kind goes in (`all_in`: every unit), the
    strongest first; then the march stops."""
    ex = view["expedition"] or {}
    target = ex.get("theater")
    kind = "naval" if target and load_components().theaters[target].type == "naval" else "land"
    counts = load_components().data.counts.strength
    movers = [o for o in prompt.options if o.id != "stop" and not facts(o).get("short")
              and (all_in or facts(o).get("the_300") or facts(o).get("kind") == kind)]
    if not movers:
        return first_of(prompt, ("stop",))
    return max(movers, key=lambda o: (bool(facts(o).get("the_300")),
                                      int(counts.get(str(facts(o).get("owner")), {}).get(
                                          str(facts(o).get("kind")), 0)), o.id)).id


# ------------------------------------------------------------------ shared answers
def common(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt, style: str) -> str | None:
    kind = prompt.kind
    bold = style in ("aggressive", "bait-taker")
    if kind == "nominate":
        return nominate(style, view, prompt)
    if kind == "designate":
        return designate(style, view, prompt)
    if kind == "debate":
        return debate(style, view, prompt)
    if kind == "entourage":
        return entourage(prompt)
    if kind == "second_battle":  # the other battle of an expedition (9.3)
        return "fight" if bold else "end"
    if kind == "state_ship":  # the State Ship adds to an Athenian battle (12.0)
        return "ship" if bold else "keep"
    if kind == "hostage":  # a Hostage given back puts War/Peace on our track (10.2)
        return "spend" if style == "aggressive" and not view["war"] else "keep"
    if kind == "redeploy":
        return first_of(prompt, ("done",))
    if kind == "league":  # 8.5: units for the bold, a base for the rest
        order = ("land", "naval", "base", "none") if bold else ("base", "naval", "land", "none")
        return first_of(prompt, order)
    if kind == "diplomatic":  # a conversion costs Strategos (8.5)
        return str(prompt.hi if style in ("passive", "raider") else prompt.lo)
    if kind == "levy":  # the bases of a levy build land units for the bold (9.0)
        return str(prompt.lo if bold else prompt.hi)
    if prompt.form == decisions.AMOUNT:
        return str(prompt.lo)
    return None


def script(style: str, score: Score, attack: int, defend: int, raid: bool) -> Play:
    def play(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
        if prompt.kind == "place":
            return place(view, prompt, score)
        if prompt.kind == "commit":
            return commit(view, prompt, attack, defend)
        if prompt.kind == "march":
            return march(prompt, view,
                         all_in=style in ("aggressive", "bait-taker", "turtle-striker"))
        if prompt.kind == "raid_choice":  # 3 Strategos for 3 Honor, or a battle (9.1)
            return first_of(prompt, ("raid", "expedition") if raid else ("expedition",))
        return common(pl, view, prompt, style)
    return play


# Every Military marker against the enemy capital and its bases; all in, every battle.
aggressive = script("aggressive", aggressive_place, attack=1, defend=0, raid=False)
# Markers only where the city already holds; Strategos only in defence.
passive = script("passive", passive_place, attack=0, defend=1, raid=False)
# Raids and expeditions where the enemy left only bases; empty theaters by diplomacy.
raider = script("raider", raider_place, attack=0, defend=0, raid=True)
# Fights wherever an enemy stands within reach, whatever the odds.
bait_taker = script("bait-taker", bait_place, attack=1, defend=1, raid=False)
# Holds home until an enemy theater is left weaker than its reach, then strikes it all in.
turtle_striker = script("turtle-striker", turtle_place, attack=1, defend=1, raid=False)

SCRIPTS = {"aggressive": aggressive, "passive": passive, "raider": raider,
           "bait-taker": bait_taker, "turtle-striker": turtle_striker}
