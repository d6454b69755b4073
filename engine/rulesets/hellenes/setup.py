"""A scenario's start (15.1-15.4): forces, pools, garrisons, captured cities, Leaders,
Prestige, the shuffled deck."""

from __future__ import annotations

from typing import Any, cast

from engine.core.ruleset import Context

from . import board as B
from .cards import deck_cards
from .components import FIRST_EDITION, SECOND_EDITION
from .state import ASIDE, NEW_YEAR, POOL, Blocks, BlockState, Cards, Effects, Garrison, HState

# The option a side bid sets (RULINGS.md, Prestige bid for sides): the starting Prestige
# shift, signed like the track (+ toward Athens, 14.1), and the highest bid taken: 10 is
# already a Major Victory's margin (14.24), so a larger bid would decide the game unplayed.
HANDICAP = "prestige_handicap"
MOST_BID = 10
# The option that picks the card edition (3.0; the data README, Balance): the second
# has fewer Revolts in the 431 deck; games made before it keep the first.
DECK = "deck"
EDITIONS = (SECOND_EDITION, FIRST_EDITION)


def apply_deck(s: HState, options: dict[str, Any]) -> None:
    """Which edition's card each number is, for the whole game."""
    s["cards"]["edition"] = str(options.get(DECK, SECOND_EDITION))


def apply_handicap(s: HState, options: dict[str, Any]) -> None:
    """Move the Prestige marker by the side bid before play (Introduction; RULINGS.md)."""
    shift = int(options.get(HANDICAP, 0))
    if not shift:
        return
    s["prestige"] += shift
    s["handicap"] = shift  # a fact the view shows (the banner words it)


def new_state(scenario: str) -> HState:
    su = B.comps().setups[scenario]
    blocks: dict[str, BlockState] = {}
    for side in ("athens", "sparta"):
        for bid, p in su.units.get(side, {}).items():
            blocks[bid] = {"side": side, "loc": p.area, "cv": p.strength,
                           "inside": p.status == "besieged"}
        for bid in su.pool.get(side, ()):
            blocks[bid] = {"side": side, "loc": POOL, "cv": 0, "inside": False}
        for bid in su.set_aside.get(side, ()):
            blocks[bid] = {"side": side, "loc": ASIDE, "cv": 0, "inside": False}
    garrisons: dict[str, Garrison] = {}
    for g in su.garrisons:
        city = B.comps().cities[g.city]
        if city.loyalty == g.side:
            garrisons[g.city] = {"side": g.side, "kind": "inherent"}
        else:  # a captured city's garrison stays if a siege lifts (4.23)
            garrisons[g.city] = {"side": g.side, "kind": "detached"}
    leaders: dict[str, int | None] = {side: n for side, n in su.leaders.items()}
    cards = Cards(deck=[], hands={"athens": [], "sparta": []}, discard=[],
                  in_play=sorted(su.leaders.values()), leaders=leaders,
                  revealed={}, order=["sparta", "athens"], edition=SECOND_EDITION)
    effects = Effects(civil_war=[], pillaged={}, pillaged_last={}, plague_struck=False,
                      athens_plagues=0, pericles_dead=False, expeditionaries_seen=None,
                      war_resumed=su.war_resumed, gela_open=False, earthquake=[], augury=[],
                      hunger=[])
    s = HState(scenario=scenario, flow=[], year=su.first_year, season=NEW_YEAR, stamp=0,
               prestige=su.prestige,
               blocks=cast(dict[str, BlockState], Blocks(sorted(blocks.items(), key=_order))),
               garrisons=garrisons, sieges={}, cards=cards,
               sacrifices={"athens": {}, "sparta": {}}, effects=effects, turn=None,
               resigned=None, result=None, battle=None)
    # Sieges the scenario starts with (15.1 Potidea) count as established in a prior
    # Season, and blockades too: siege combat may begin in the first Spring.
    for city in B.comps().data.cities:
        inside = {x["side"] for x in blocks.values() if x["loc"] == city.area and x["inside"]}
        outside = {x["side"] for x in blocks.values() if x["loc"] == city.area and not x["inside"]}
        if len(inside) == 1 and len(outside) == 1 and inside != outside:
            defender = next(iter(inside))
            blockade = B.blockaded(s, city, defender)
            s["sieges"][city.name] = {"besieger": next(iter(outside)), "since": -1,
                                      "blockade_since": -1 if blockade else None}
    return s


def _order(item: tuple[str, BlockState]) -> tuple[str, int]:
    bid = item[0]
    return bid[0], int(bid[1:])


def shuffle_deck(s: HState, ctx: Context) -> None:
    deck = deck_cards(s)
    ctx.shuffle(deck)
    s["cards"]["deck"] = deck
