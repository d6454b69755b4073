"""The `athens-sparta` ruleset: the engine contract (docs/architecture.md) over the
procedures of flow.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import Context, GameOption, Outcome, Prompt, Ruleset, Scenario, SideBidding
from engine.core.rng import Rng
from engine.core.rule_summaries import RuleBook
from engine.core.view import HandItem, RulesetCommon

from . import flow
from .board import Board, board
from .cards import hand_label
from .components import load_components
from .determinize import determinize
from .flow_compat import (
    from_steps,
    records_from_old,
    rename_old_keys,
    stages_to_stack,
    tidy_old_keys,
)
from .invariants import check
from .positions import setup_position
from .rule_summaries import BOOK
from .schema import State
from .state import GENERATION, SIDES, compute_control, indexed, new_state, other, turn_words
from .variants import hidden_variants
from .victory import reason_words
from .view import view as make_view

BIDS = ("none",) + tuple(f"{side}:{n}" for side in SIDES for n in range(1, 7))


from .rules_copy import copy_state  # noqa: E402


class AthensSparta(Ruleset):
    id = "athens-sparta"
    title = "Athens & Sparta"
    # 2: six game turns, 10.1 inside the walls, 5.5/5.6 fixes (RULINGS.md).
    # 3: every legal option is offered (2 cut long lists at 60). Games stored under an
    # older version are rebuilt from their logs on load (engine Game.from_dict).
    version = "3"
    # The questions new games ask; a game keeps the generation it was created with, so its
    # log replays with the questions its answers were given to (docs/architecture.md).
    # 1: a march may pass through a hex its own side besieges (rules 4.2, 4.5).
    generation = GENERATION
    scenarios = {"431": Scenario("431", "431-404 BC: the Peloponnesian War (Olympiads 84-89)",
                                 ("athens", "sparta"),
                                 "The full campaign from the siege of Potidaea to the end of "
                                 "Olympiad 89.")}
    options = {
        "mulligan": GameOption("mulligan", "Mulligan: a hand under 10 MP may be dealt again",
                               True, rule="Mulligan sidebar", choices=(True, False)),
        "syracuse_points": GameOption("syracuse_points", "Syracuse points: each player sets a "
                                      "card aside at Sicily in the first Olympiad", False,
                                      rule="Syracuse Points sidebar",
                                      choices=(True, False)),
        "bid": GameOption("bid", "Tourney bid: side and steps removed by the winning bidder",
                          "none", rule="10.3", choices=BIDS),
    }
    # The house's side bid is tourney bidding (10.3): the winner removes that many steps.
    side_bidding = SideBidding("steps", 6, "10.3")

    def side_bid_options(self, side: str, amount: int) -> dict[str, Any]:
        if amount == 0 and side in SIDES:
            return {}
        if f"{side}:{amount}" not in BIDS:
            return super().side_bid_options(side, amount)
        return {"bid": f"{side}:{amount}"}

    def __init__(self, bd: Board | None = None):
        self._bd = bd
        self._memo: tuple[State, list[Prompt]] | None = None

    def rule_book(self) -> RuleBook:
        return BOOK

    @property
    def bd(self) -> Board:
        if self._bd is None:
            self._bd = board()
        return self._bd

    def components_json(self) -> dict[str, Any]:
        return load_components().to_json()

    # ------------------------------------------------------------------ creation
    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> State:
        bd = self.bd
        s = new_state(options)
        su = bd.setup
        placements = su.get("placements") or {}
        off = set(su.get("offmap_neutral") or [])
        for bid, spec in bd.blocks.items():
            side = spec["side"]
            if bid in placements:
                p = placements[bid]
                h = p["hex"]
                s["blocks"][bid] = {"loc": h, "str": p["strength"], "side": side,
                                    "coast": bd.ports.get(h, 0) if spec["type"] == "navy"
                                    else None, "in": False}
            elif bid in off or side == "neutral":
                s["blocks"][bid] = {"loc": "off", "str": 0, "side": side, "coast": None,
                                    "in": False}
            else:
                s["blocks"][bid] = {"loc": "pool", "str": 0, "side": side, "coast": None,
                                    "in": False}
        for sg in su.get("sieges") or []:
            for b in sg.get("besieged") or []:
                s["blocks"][b]["in"] = True
        for name, c in bd.cities.items():
            s["control"][name] = c.get("side") or "none"
        for name, side in (su.get("control") or {}).items():
            s["control"][name] = side
        compute_control(bd, s)
        bid = options.get("bid", "none")
        if bid and bid != "none":
            side, n = bid.split(":")
            s["tourney_bid"] = {"side": side, "left": int(n), "hit": []}
        if ctx.generation:  # a game of generation 0 keeps the shape it always had
            s["generation"] = ctx.generation
        flow.start(bd, s, ctx, "bid" if s["tourney_bid"] else "deal")
        return s

    def setup_position(self, ctx: Context, position: dict[str, Any],
                       options: dict[str, Any]) -> State:
        return setup_position(self.bd, ctx, position, options)

    # ------------------------------------------------------------------ play
    def prompts(self, s: State) -> list[Prompt]:
        """Built on demand from the state. The last ones built are kept until the next
        change through this ruleset (apply, resign), so a click costs one build."""
        memo = self._memo
        if memo is not None and memo[0] is s:
            return memo[1]
        built = flow.prompts(self.bd, s)
        self._memo = (s, built)
        return built

    def apply(self, s: State, seat: str, option_id: str, ctx: Context) -> None:
        # The machine refuses what the prompts do not offer. It checks the answer against
        # the prompts kept for this state, else against the one the kernel checked it
        # with (ctx.prompt), and builds them only when it has neither: a process playing
        # many games interleaves them, so the one memo is mostly another game's, and
        # building them again was a third of a click's engine work (docs/benchmarks.md).
        memo = self._memo
        shown = memo[1] if memo is not None and memo[0] is s else None
        self._memo = None
        flow.answer(self.bd, s, seat, option_id, ctx, shown)

    def outcome(self, s: State) -> Outcome | None:
        if s["resigned"]:
            w = other(s["resigned"])
            return Outcome((w,), f"{s['resigned'].title()} resigns", None)
        if s["winner"]:
            words = reason_words(self.bd, s, s["winner"], s["reason"] or "")
            return Outcome((s["winner"],), words, s["rule"])
        return None

    def resign(self, s: State, seat: str, ctx: Context) -> None:
        self._memo = None
        s["resigned"] = seat
        ctx.event("resign", f"{seat.title()} resigns")

    # ------------------------------------------------------------------ information
    def view(self, s: State, seat: str | None) -> dict[str, Any]:
        return make_view(self.bd, s, seat)

    def common(self, v: dict[str, Any]) -> RulesetCommon:
        """The common view fields, read from the redacted view (engine/core/view.py)."""
        banner = " · ".join(x for x in (f"Olympiad {v['olympiad']}", turn_words(v["turn"]),
                                        str(v["phase"] or "")) if x)
        def items(cards: list[dict[str, Any]]) -> list[HandItem]:
            return [{"id": c["id"], "label": hand_label(c)} for c in cards]

        return {"banner": banner, "hand": items(v["cards"]["hand"]),
                "seen": items(v["cards"]["peeked"]), "log": [], "battle": v["battle"]}

    def hidden_variants(self, s: State, seat: str | None, rng: Rng) -> Iterator[State]:
        return hidden_variants(self.bd, s, seat, rng)

    def determinize(self, s: State, seat: str, rng: Rng) -> State:
        return determinize(self.bd, s, seat, rng)

    def check_invariants(self, s: State) -> list[str]:
        return check(self.bd, s)

    # ------------------------------------------------------------------ persistence
    def dump(self, s: State) -> dict[str, Any]:
        copied: dict[str, Any] = copy_state(s)
        return copied

    def dump_for_json(self, s: State) -> State:
        return s  # already plain JSON data, serialised at once: no copy needed

    def load(self, data: dict[str, Any]) -> State:
        s = copy_state(data)
        if "flow" not in s:
            from_steps(s)  # saved by the step machine before the procedures
        tidy_old_keys(s)  # saved before `asked` lists; unused keys
        rename_old_keys(s)  # saved before the readable names (schema.py)
        records_from_old(s)  # saved before the kernel's battle record, worded outcomes
        stages_to_stack(s)  # saved while a battle's stage was a string
        return indexed(s)


RULESET = AthensSparta()
