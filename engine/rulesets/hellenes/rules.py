"""The `hellenes` ruleset: the engine contract (docs/architecture.md) over the procedures."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from engine import (
    Context,
    GameOption,
    IllegalAction,
    Outcome,
    Prompt,
    Ruleset,
    Scenario,
    SideBidding,
)
from engine.core.battle_record import BattleRecord
from engine.core.procedures import Machine
from engine.core.rng import Rng
from engine.core.rule_summaries import RuleBook
from engine.core.view import RulesetCommon

from . import board as B
from . import view as V
from .assault import Assault, Sortie
from .battle import procedures as battle_procedures
from .battle_words import lines as battle_lines
from .building import Recruit
from .components import components_json as hellenes_components
from .determinize import determinize
from .events import EventProc, RevoltProc
from .flow import Commit, NewYear, NewYearResolve, Sacrifice, Season, Turn, Winter, WinterCombat
from .invariants import check
from .legacy_answers import legacy_answer, reread
from .migrate import migrated
from .moves import ForcedMarches, GroupMove, Muster, Pillage, Storms
from .olympians import Appeal, AppealHera
from .phases import Actions, Combat, Overcrowded, WinterActions
from .positions import setup_position
from .setup import (
    DECK,
    EDITIONS,
    HANDICAP,
    MOST_BID,
    apply_deck,
    apply_handicap,
    new_state,
    shuffle_deck,
)
from .siege import Attrition, Losses
from .state import GENERATION, SIDES, HState, indexed, other
from .variants import hidden_variants
from .yearend import YearClose, YearEnd, reason
from .yearend import margin as yearend_margin

MACHINE: Machine[HState] = Machine(
    [NewYear(), Commit(), NewYearResolve(), Sacrifice(), Season(), Turn(), Winter(), WinterCombat(),
     EventProc(), RevoltProc(), Actions(), Combat(), WinterActions(), Overcrowded(),
     Recruit(), Attrition(), Losses(), YearEnd(), YearClose(), GroupMove(), Muster(),
     Pillage(), *battle_procedures(), Assault(), Sortie(), ForcedMarches(), Appeal(), AppealHera(),
     Storms()],
    lambda s: s["flow"])

SEATS = ("athens", "sparta")
# Keryx's own summaries of the rule sections with the rulings on each (`/rule`, `?N`).
RULE_BOOK = RuleBook(Path(__file__).parent, "Hellenes")


def _scenario(sid: str, title: str, text: str) -> Scenario:
    return Scenario(sid, title, SEATS, text)


class Hellenes(Ruleset):
    id = "hellenes"
    title = "Hellenes: Campaigns of the Peloponnesian War"
    # 3: issue 32 (routes, harbours, retreats, cargo at sea, 5.42, 11.0); 4: issue 30, no
    # wording in the state (the log and battle lines gone, a `BattleRecord`): saves of 3
    # are rewritten on load (migrate.py); 5: issue 30, the battle's steps are procedures
    # (battle.py): mid-battle saves of 4 are rewritten on load (migrate.py); 6: issue 32,
    # Winter's steps named, not counted (migrate_winter.py); 7: issue 35, the second card
    # edition (fewer Revolts in the 431 deck, the data README's Balance): games recorded
    # before it replay with the first (the option `deck`, GameOption.before)
    version = "7"
    # The questions new games ask; a game keeps the generation it was created with, so its
    # log replays with the questions its answers were given to (docs/architecture.md).
    # 1: units holding a captured Opposing City may fortify in it when engaged, or retreat
    # into it (7.1, 6.4); generation 0 let only the City's loyal side do so (siege.py).
    # 2: no Sortie under the enemy's Augury (8.3, 7.4: a Sortie engages; assault.py).
    # 3: a Detached Garrison is Building: none in a besieged City where building is barred
    # (4.2, 8.21), and double its Action in a neutral Sicily (15.2 rule 2; building.py).
    # 4: a recruit placed in a neutral Sicily costs two Actions (15.2 rule 2; building.py).
    # 5: a rebel recruit may arrive where its own side's garrison stands (4.22; building.py).
    # 6: a Forced March toward a CityState pillaged later that turn stays out (5.5; moves.py).
    # 7: a fleet besieged outside its Home Cities may go Home free in Winter (9.212; phases.py).
    # 8: Maintaining a unit in a neutral Sicily costs two Actions (9.22, 15.2; phases.py).
    generation = GENERATION
    scenarios = {
        "431": _scenario("431", "The 431 Campaign (431-422 BC, 10 Years)",
                         "The Archidamian War: Potidea under siege, Pericles against "
                         "Archidamos (15.1)."),
        "sicily": _scenario("sicily", "The Sicily Campaign (415-413 BC, 3 Years)",
                            "The Syracuse Expedition under an unbreakable Peace (15.2)."),
        "413": _scenario("413", "The 413 Campaign (413-404 BC, 10 Years)",
                         "The Decelean War: war resumed, Athens +3 (15.3)."),
        "415": _scenario("415", "The 415 Campaign (415-404 BC, 12 Years)",
                         "Sicily and the Decelean War, with a breakable Peace (15.4)."),
    }

    options = {
        # The Introduction lets players bid Prestige for a side without saying how; the
        # house's side bid (RULINGS.md, Prestige bid for sides) sets this shift.
        HANDICAP: GameOption(HANDICAP, "Starting Prestige shift (a side bid): + toward "
                             "Athens, - toward Sparta", 0, rule="intro",
                             choices=tuple(range(-MOST_BID, MOST_BID + 1))),
        # 3.0's cards as Keryx prints them: the second edition (version 7, issue 35) has
        # 5 Revolts in the 431 deck, the first 11; a game recorded before the option
        # existed replays with the first (GameOption.before).
        DECK: GameOption(DECK, "The cards: the second edition (fewer Revolts in the 431 "
                         "deck) or the first", EDITIONS[0], rule="3.0", choices=EDITIONS,
                         before=EDITIONS[1]),
    }
    side_bidding = SideBidding("Prestige", MOST_BID, "intro")

    def side_bid_options(self, side: str, amount: int) -> dict[str, Any]:
        """The winner of the bid for `side` starts `amount` Prestige behind: the marker
        moves toward the other side's end (one signed track, 14.1)."""
        if side not in SEATS or not 0 <= amount <= MOST_BID:
            return super().side_bid_options(side, amount)
        return {HANDICAP: -amount if side == "athens" else amount}

    def rule_book(self) -> RuleBook:
        return RULE_BOOK

    def components_json(self) -> dict[str, Any]:
        return hellenes_components()

    def battle_lines(self, record: dict[str, Any]) -> list[str]:
        return battle_lines(cast(BattleRecord, record))

    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> HState:
        s = new_state(scenario)
        apply_deck(s, options)
        apply_handicap(s, options)
        shuffle_deck(s, ctx)
        if ctx.generation:  # a game of generation 0 keeps the shape it always had
            s["generation"] = ctx.generation
        MACHINE.start(s, ctx, "new_year")
        return s

    def setup_position(self, ctx: Context, position: dict[str, Any],
                       options: dict[str, Any]) -> HState:
        s = setup_position(ctx, position, MACHINE)
        apply_deck(s, options)
        apply_handicap(s, options)
        return s

    def prompts(self, s: HState) -> list[Prompt]:
        if s["result"] is not None or s["resigned"]:
            return []
        with B.steady(s):  # nothing changes while a prompt is built: index the state
            return MACHINE.prompts(s)

    def apply(self, s: HState, seat: str, option_id: str, ctx: Context) -> None:
        try:
            MACHINE.act(s, seat, option_id, ctx)
        except IllegalAction:
            # a log of an older version being replayed (legacy_answers.py)
            frame = MACHINE.current(s)
            before = json.loads(json.dumps(frame["args"])) if frame is not None else None
            if ctx.prompt is not None or not reread(s, frame, option_id):
                raise
            try:
                MACHINE.act(s, seat, legacy_answer(option_id), ctx)
            except IllegalAction:
                assert frame is not None
                frame["args"] = before  # not an old answer either: as it was
                raise

    def resign(self, s: HState, seat: str, ctx: Context) -> None:
        s["resigned"] = seat
        s["flow"].clear()

    def outcome(self, s: HState) -> Outcome | None:
        if s["resigned"]:
            return Outcome((other(s["resigned"]),), f"{s['resigned'].title()} resigns")
        r = s["result"]
        if r is None:
            return None
        winners = (str(r["winner"]),) if r["winner"] else ()
        return Outcome(winners, reason(r), str(r["rule"]))

    def margin(self, s: HState, seat: str) -> tuple[float, ...] | None:
        return yearend_margin(s, seat)

    def view(self, s: HState, seat: str | None) -> dict[str, Any]:
        return V.view(s, seat)

    def common(self, view: dict[str, Any]) -> RulesetCommon:
        return V.common(view)

    def hidden_variants(self, s: HState, seat: str | None, rng: Rng) -> Iterator[HState]:
        return hidden_variants(s, seat, rng)

    def determinize(self, s: HState, seat: str, rng: Rng) -> HState:
        return determinize(s, seat, rng)

    def check_invariants(self, s: HState) -> list[str]:
        return check(s)

    def dump(self, s: HState) -> dict[str, Any]:
        return cast(dict[str, Any], json.loads(json.dumps(s)))

    def dump_for_json(self, s: HState) -> Any:
        return s

    def load(self, data: dict[str, Any]) -> HState:
        return indexed(cast(HState, migrated(json.loads(json.dumps(data)))))


RULESET = Hellenes()
__all__ = ["MACHINE", "RULESET", "SIDES", "Hellenes"]
