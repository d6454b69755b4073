"""The `epic` ruleset: the engine contract (docs/architecture.md) over the procedures.

The Argive League (22.0) and the two "Fantasy" scenarios (28.0, 29.0) play on the
simplified turn; the Archidamian War (26.0), the Campaign (23.0), the Ionian War (27.0) and
the three- and four-player Campaigns (24.0, 25.0) on the full Seasonal Turn (3.2) with the
event cards. STATUS.md lists every rule section."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine import Context, GameOption, Outcome, Prompt, Ruleset, Scenario
from engine.core.rng import Rng
from engine.core.rule_summaries import RuleBook
from engine.core.seating import SeatedMachine
from engine.core.view import RulesetCommon

from . import alliances as A
from . import board as B
from . import view as V
from .assessment import Assess
from .battle_text import record_lines
from .battles import BATTLE_STEPS, Combats
from .building import Build
from .components import components_json as epic_components
from .determinize import determinize
from .event_phase import PROCEDURES as CARD_STEPS
from .events import Unrest
from .flow import PROCEDURES
from .helots import Helots
from .invariants import check
from .league_turns import Abdication, Treasury, Turns, answers_for, pending_abdication, seat_for
from .menus import widened
from .moves import Intercept, Move
from .placement import Place
from .positions import loaded
from .positions import setup_position as position_state
from .raiding import Raid
from .result_text import reason
from .revolts import Revolts, release_kept
from .saves import upgrade
from .setup import new_state
from .sieges import Capture, Sieges
from .state import GENERATION, EState
from .supplyphase import PROCEDURES as SUPPLY_STEPS
from .variants import hidden_variants
from .wings import PROCEDURES as WING_STEPS

# the League's questions are seated by the kernel's hook: one side, several seats (24.5)
MACHINE: SeatedMachine[EState] = SeatedMachine(
    [*PROCEDURES, Place(), *SUPPLY_STEPS, Sieges(), Capture(), Raid(), Move(),
     Combats(), *BATTLE_STEPS, Intercept(), Helots(),
     Build(), Assess(), Turns(), Treasury(), Revolts(), *CARD_STEPS, Unrest(), *WING_STEPS,
     Abdication()],
    lambda s: s["flow"], seat_for, answers_for, pending_abdication)

SEATS = ("athens", "sparta")
# `/rule N` and `?N`: our own summary of each section with the rulings that touch it.
RULE_BOOK = RuleBook(Path(__file__).parent, "The Epic of the Peloponnesian War")
THREE = A.SCENARIOS["three-player"]
FOUR = A.SCENARIOS["four-player"]


class Epic(Ruleset):
    id = "epic"
    title = "The Epic of the Peloponnesian War"
    # 3: the state keeps facts, no sentences (no log, battles as kernel records, results as
    # clauses; issue 30): games saved on 2 are rebuilt from their answers on loading
    version = "3"
    # the questions new games ask (state.py lists the generations); older games keep theirs
    generation = GENERATION
    scenarios = {
        "argive-league": Scenario(
            "argive-league", "The Argive League (419-416 BC, 4 years)", SEATS,
            "Athens, Argos, Elis and Mantinea against the Peloponnesian League, on the "
            "simplified turn (22.0)."),
        "spartan-fantasy": Scenario(
            "spartan-fantasy", 'The Spartan "Fantasy" (431-429 BC, 3 years)', SEATS,
            "Athens alone against the whole Peloponnesian League: Sparta wins by taking Athens "
            "or Attica (28.0)."),
        "athenian-fantasy": Scenario(
            "athenian-fantasy", 'The Athenian "Fantasy" (431-429 BC, 3 years)', SEATS,
            "A weakened Peloponnesian League against Athens and the helots: Athens wins by "
            "taking Sparta or Laconia, or two Spartan regions (29.0)."),
        "three-player": Scenario(
            "three-player", "The Three-Player Campaign (from 431 BC, open-ended)", THREE,
            "Athens against Sparta and Thebes, allies of the Peloponnesian League, each counting "
            "his own regions (24.0).", teams=(("athens",), ("sparta", "thebes"))),
        "four-player": Scenario(
            "four-player", "The Four-Player Campaign (from 431 BC, open-ended)", FOUR,
            "Athens against Sparta, Thebes and Corinth, allies of the Peloponnesian League, "
            "each counting his own regions (25.0).",
            teams=(("athens",), ("sparta", "thebes", "corinth"))),
        "archidamian": Scenario(
            "archidamian", "The Archidamian War (431-422 BC, 10 years)", SEATS,
            "The first ten years of the war on the whole map, on the full Seasonal Turn with "
            "the event cards; Argos stays neutral (26.0)."),
        "campaign": Scenario(
            "campaign", "The Campaign Game (from 431 BC, open-ended)", SEATS,
            "The whole war on the whole map, until a capital falls, a home region changes "
            "sides or a Peace Embassy succeeds (23.0)."),
        "ionian": Scenario(
            "ionian", "The Ionian War (412-405 BC, 8 years)", SEATS,
            "The last years of the war, after the Sicilian disaster: a weakened Athens holds "
            "its empire against Sparta and Persia's gold, on the full Seasonal Turn (27.0)."),
    }

    options = {
        "wings": GameOption("wings", "Wing combat: battles of more than 3 units a side may be "
                            "fought on Left, Centre and Right", False, rule="App. D",
                            choices=(True, False)),
    }

    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> EState:
        s = new_state(scenario, ctx)
        if options.get("wings"):
            s["wings"] = True  # App. D, the optional combat system
        if scenario in A.SCENARIOS:
            A.setup(s)  # 24.2, 25.2: the League's seats
        MACHINE.start(s, ctx, "year")
        return s

    def setup_position(self, ctx: Context, position: dict[str, Any],
                       options: dict[str, Any]) -> EState:
        """A described position (POSITIONS.md): rules checked from any point of play."""
        return position_state(ctx, position, options, MACHINE)

    def prompts(self, s: EState) -> list[Prompt]:
        if s["result"] is not None or s["resigned"]:
            return []
        with B.steady(s):  # nothing changes while a prompt is built
            return MACHINE.prompts(s)

    def apply(self, s: EState, seat: str, option_id: str, ctx: Context) -> None:
        with B.steady(s):  # the prompt as its procedure put it (a League seat: to the side)
            asked = MACHINE.as_asked(s, seat, ctx.prompt)
            if ctx.prompt is None:  # a replayed log may answer below a menu's groups
                asked = widened(asked)
        run = loaded(s, ctx)  # a position's fixed dice come first (POSITIONS.md)
        MACHINE.act(s, seat, option_id, run, [asked])
        if run.revealed:
            ctx.reveal()
        release_kept(s)

    def resign(self, s: EState, seat: str, ctx: Context) -> None:
        s["resigned"] = seat
        s["flow"].clear()

    def outcome(self, s: EState) -> Outcome | None:
        seats = A.seats_of(s["scenario"])
        if s["resigned"]:
            # a League player resigning concedes for the alliance (they win or lose together)
            foes = ("athens",) if s["resigned"] != "athens" else tuple(
                x for x in seats if x != "athens")
            return Outcome(foes, f"{s['resigned'].title()} resigns")
        r = s["result"]
        if r is None:
            return None
        if "winners" in r:
            return Outcome(tuple(r["winners"]), reason(r), str(r["rule"]))
        winners: tuple[str, ...] = (str(r["winner"]),) if r["winner"] in seats else ()
        if A.multi(s) and winners == (A.LEAGUE,):
            winners = tuple(x for x in seats if x != "athens")  # a League win of 21.1
        return Outcome(winners, reason(r), str(r["rule"]))

    def view(self, s: EState, seat: str | None) -> dict[str, Any]:
        return V.view(s, seat)

    def common(self, view: dict[str, Any]) -> RulesetCommon:
        return V.common(view)

    def hidden_variants(self, s: EState, seat: str | None, rng: Rng) -> Iterator[EState]:
        return hidden_variants(s, seat, rng)

    def determinize(self, s: EState, seat: str, rng: Rng) -> EState:
        return determinize(s, seat, rng)

    def check_invariants(self, s: EState) -> list[str]:
        return check(s)

    def rule_book(self) -> RuleBook:
        return RULE_BOOK

    def components_json(self) -> dict[str, Any]:
        return epic_components()

    def battle_lines(self, record: dict[str, Any]) -> list[str]:
        """The battle's record in words for a terminal (the event carries the battle,
        its record inside): where and who, each round's steps, the winner."""
        rec = record.get("record") or record
        city = B.city_by_hex().get(str(rec.get("place", "")))
        where = city.name if city else str(rec.get("place", "?"))
        out = [f"Battle at {where}: {str(rec.get('attacker', '')).title()} attacks "
               f"{str(rec.get('defender', '')).title()}"]
        out += [f"  {line}" for line in record_lines(rec)]
        if rec.get("winner"):
            out.append(f"{str(rec['winner']).title()} wins ({rec.get('outcome')})")
        return out

    def dump(self, s: EState) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(json.dumps(s))
        return out

    def dump_for_json(self, s: EState) -> Any:
        return s

    def load(self, data: dict[str, Any]) -> EState:
        return upgrade(json.loads(json.dumps(data)))  # older saves, today's shape (saves.py)


RULESET = Epic()
__all__ = ["MACHINE", "RULESET", "Epic"]
