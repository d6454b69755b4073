"""The `athens-sparta` ruleset: the engine contract (docs/architecture.md) over the step
machine."""

from __future__ import annotations

from typing import Any

from engine import Context, GameOption, IllegalAction, Option, Outcome, Prompt, Ruleset, Scenario
from engine.core.view import HandItem, RulesetCommon

from . import flow
from .board import Board, board
from .cards import hand_label
from .invariants import check
from .positions import setup_position
from .state import SIDES, compute_control, new_state, other
from .variants import hidden_variants
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

    def __init__(self, bd: Board | None = None):
        self._bd = bd

    @staticmethod
    def explain_rule(ref: str) -> str:
        """Keryx's own summary of a rule section with its rulings (`/rule`, `?N`)."""
        from .rule_summaries import explain_rule

        return explain_rule(ref)

    @staticmethod
    def rule_title(ref: str) -> str | None:
        from .rule_summaries import lookup

        found = lookup(ref)
        return found.title if found else None

    @property
    def bd(self) -> Board:
        if self._bd is None:
            self._bd = board()
        return self._bd

    def components_json(self) -> dict[str, Any]:
        from .components import load_components

        return load_components().to_json()

    # ------------------------------------------------------------------ creation
    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> dict[str, Any]:
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
            s["bid"] = {"side": side, "left": int(n), "hit": []}
            s["step"] = "bid"
        else:
            s["step"] = "deal"
        flow.advance(bd, s, ctx)
        return s

    def setup_position(self, ctx: Context, position: dict[str, Any],
                       options: dict[str, Any]) -> dict[str, Any]:
        s = setup_position(self.bd, ctx, position, options)
        flow.advance(self.bd, s, ctx)
        return s

    # ------------------------------------------------------------------ play
    def prompts(self, s: dict[str, Any]) -> list[Prompt]:
        return [Prompt(a["seat"], a["text"],
                       tuple(Option(o[0], o[1], o[2]) for o in a["opts"]),
                       rule=a.get("rule"), secret=bool(a.get("secret")), kind=a["kind"])
                for a in s["asks"]]

    def apply(self, s: dict[str, Any], seat: str, option_id: str, ctx: Context) -> None:
        ask = next((a for a in s["asks"] if a["seat"] == seat), None)
        if ask is None or not any(o[0] == option_id for o in ask["opts"]):
            raise IllegalAction("That choice is not available now.")
        flow.answer(self.bd, s, seat, option_id, ctx)

    def outcome(self, s: dict[str, Any]) -> Outcome | None:
        if s["resigned"]:
            w = other(s["resigned"])
            return Outcome((w,), f"{s['resigned'].title()} resigns", None)
        if s["winner"]:
            return Outcome((s["winner"],), s["reason"], s["rule"])
        return None

    def resign(self, s: dict[str, Any], seat: str, ctx: Context) -> None:
        s["resigned"] = seat
        s["asks"] = []
        ctx.event("resign", f"{seat.title()} resigns")

    # ------------------------------------------------------------------ information
    def view(self, s: dict[str, Any], seat: str | None) -> dict[str, Any]:
        return make_view(self.bd, s, seat)

    def common(self, v: dict[str, Any]) -> RulesetCommon:
        """The common view fields, read from the redacted view (engine/core/view.py)."""
        banner = " · ".join(x for x in (f"Olympiad {v['olympiad']}", f"turn {v['turn']}",
                                        str(v["phase"] or "")) if x)
        def items(cards: list[dict[str, Any]]) -> list[HandItem]:
            return [{"id": c["id"], "label": hand_label(c)} for c in cards]

        return {"banner": banner, "hand": items(v["cards"]["hand"]),
                "seen": items(v["cards"]["peeked"]), "log": [], "battle": v["battle"]}

    def hidden_variants(self, s, seat, rng):
        return hidden_variants(self.bd, s, seat, rng)

    def check_invariants(self, s: dict[str, Any]) -> list[str]:
        return check(self.bd, s)

    # ------------------------------------------------------------------ persistence
    def dump(self, s: dict[str, Any]) -> dict[str, Any]:
        return copy_state(s)

    def dump_for_json(self, s: dict[str, Any]) -> dict[str, Any]:
        return s  # already plain JSON data, serialised at once: no copy needed

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return copy_state(data)


RULESET = AthensSparta()
