"""Force arithmetic Phormio reads from its view before a battle (9.2, 9.3): which units
could reach a theater by the exit rule, what the attackers could bring, what stands
against them. Used to avoid an obvious defeat (15.8) and to choose between a raid and an
expedition (9.0)."""

from __future__ import annotations

from typing import Any, cast

from ...rulesets.pericles import theaters as th
from ...rulesets.pericles.assembly import rival
from ...rulesets.pericles.components import SIDE_OF, load_components
from ...rulesets.pericles.schema import PericlesState
from .theater_read import (
    capital,
    city_of,
    costly_pending,
    enemy_of,
    kind_strength,
    military_strength,
    present,
    status,
    theater_kind,
)

CG_MOST = 5  # a commanding general commits up to 5 Strategos (9.2)
COMPATRIOT_MOST = 4  # any other faction up to 4 (9.2)
CARD_EDGE = 4  # the best battle card (5) against the worst (1), 9.3


def unit_strength(owner: str, kind: str) -> int:
    return int(load_components().data.counts.strength[owner].get(kind, 0))


def strongest_reachable(view: dict[str, Any], target: str, city: str, kind: str,
                        count: int) -> int:
    """The strength of the `count` strongest units of `kind` the side could bring to the
    target by the exit rule (9.2), those already there apart; a Spartan foot a Spartan
    base stays in Sparta (9.2)."""
    state = cast(PericlesState, view)  # the exit rule reads only the forces and War
    stacks: list[tuple[int, str, str, int]] = []  # (strength, theater, owner, units)
    for here, owners in view["forces"].items():
        if here == target:
            continue
        for owner, n in owners.items():
            spare = n.get(kind, 0)
            if owner == "S" and kind == "land" and here == capital(city):
                spare -= n.get("bases", 0)
            if owner != "persia" and SIDE_OF.get(owner) == city and spare > 0:
                stacks.append((unit_strength(owner, kind), here, owner, spare))
    total = 0
    for strength, here, owner, spare in sorted(stacks, reverse=True):  # strongest first
        if count <= 0:
            break
        if th.path(state, owner, kind, here, target) is not None:
            take = min(spare, count)
            total += strength * take
            count -= take
    return total


def marker_price(view: dict[str, Any], kind: str, theater: str, city: str) -> int | None:
    """The Strategos a costly marker waiting in a queue may take when it comes up (ruling
    PT23): a Military marker everything (None: its commanding general goes all out when
    it causes a battle, 15.62 D, so its faction spares nothing); a League marker its
    base's price (4 where contested, 1 elsewhere, R20); a Diplomatic marker one more than
    the enemy's military strength there, to convert (8.5, R19), else the 3 that found a
    base."""
    if kind == "military":
        return None
    if kind == "league":
        return 4 if status(view, theater) == "contested" else 1
    enemy = enemy_of(city)
    return military_strength(view, theater, enemy) + 1 if present(view, theater, enemy) else 3


def spare(view: dict[str, Any], faction: str, most: int) -> int:
    """The tokens a faction that is not the commanding general may commit (15.62 D;
    ruling PT23): what it holds beyond the prices of its own costly markers still to
    come, up to `most`; nothing while a Military marker of its own waits (16.0: the
    bots with their expeditions still to come commit zero). The design note of 16.0
    allows more nuance "but be aware of what else the 'Bot needs to accomplish": the
    reserve is that awareness."""
    prices = [marker_price(view, k, t, city_of(faction)) for k, t in costly_pending(view, faction)]
    if None in prices:
        return 0
    kept = sum(p for p in prices if p is not None)
    return max(0, min(most, int(view["strategos"].get(faction, 0)) - kept))


def likely_commitment(view: dict[str, Any], faction: str, most: int) -> int:
    """What an attacking faction can be counted on to commit: its spare tokens, up to
    `most` (rulings PT12, PT23; the CG and its compatriot see each other's markers, 3.1)."""
    return spare(view, faction, most)


def attack_strength(view: dict[str, Any], target: str, cg: str) -> int:
    """The strongest force the CG's side could put into a battle there, the card apart:
    what stands there, as many of the strongest units able to reach it as the tokens it
    can count on move, those tokens, Treachery, the State Ship or the 300 (one point)."""
    city = city_of(cg)
    kind = theater_kind(target)
    tokens = (min(CG_MOST, int(view["strategos"].get(cg, 0)))
              + likely_commitment(view, rival(cg), COMPATRIOT_MOST))
    return (kind_strength(view, target, city, kind)
            + strongest_reachable(view, target, city, kind, tokens) + tokens
            + int(view["treachery"].get(target, {}).get(city, 0)) + 1)


def defence_strength(view: dict[str, Any], target: str, city: str, tokens: bool) -> int:
    """What the side holds there in a battle of the theater's kind, the card apart, with
    (`tokens`) or without the most its factions may commit (4 each, as they hold)."""
    committed = sum(min(COMPATRIOT_MOST, view["strategos"].get(f, 0))
                    for f in view["factions"] if city_of(f) == city) if tokens else 0
    return (kind_strength(view, target, city, theater_kind(target))
            + int(view["treachery"].get(target, {}).get(city, 0)) + committed)


def hopeless(view: dict[str, Any], target: str, cg: str) -> bool:
    """An obvious defeat (15.8): with equal battle cards and no token committed in
    defence, the strongest force the attackers could bring still falls short."""
    enemy = enemy_of(city_of(cg))
    return attack_strength(view, target, cg) < defence_strength(view, target, enemy, False)


def winnable(view: dict[str, Any], target: str, cg: str) -> bool:
    """A battle worth seeking (ours, 9.0): the strongest force the attackers could bring
    at least matches the defenders with every token they may commit, cards even."""
    enemy = enemy_of(city_of(cg))
    return attack_strength(view, target, cg) >= defence_strength(view, target, enemy, True)
