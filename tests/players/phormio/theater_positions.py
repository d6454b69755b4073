"""Positions for the tests of Phormio's theater play: the worked example's turn-6
set-up (playbook 16.0) after the Assemblies, the example's Prime Strategies as plans,
and a way to ask the engine's own prompt of a procedure."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.core.types import Prompt
from engine.players.phormio.theater_plan import Step, TheaterPlan
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import initial_state
from engine.rulesets.pericles.schema import PericlesState
from engine.rulesets.pericles.theater_flow import honor_order
from engine.rulesets.pericles.view import build_view

# 16.0: the Agiad's Protect Key Allies (Boeotia) as the example places it: the expedition
# at the bottom of the Boeotia queue, a levy in Sparta, then the League marker that
# builds a ship in Boeotia (it comes off first)
AGIAD = TheaterPlan("boeotia", (
    Step("military", "boeotia", ("commit:5",)),
    Step("military", "sparta", ("build:land",)),
    Step("league", "boeotia", ("build:naval",)),
))
# 16.0: the Aristocrats' Granary (Sicily): L then M, so that M resolves first
ARISTOCRATS = TheaterPlan("sicily", (
    Step("league", "sicily", ("base",)),
    Step("military", "sicily", ("commit:5", "naval_excess")),
))
# 16.0: the Demagogues' Expansion (Macedonia): L then M, one unit of the opposite kind
DEMAGOGUES = TheaterPlan("macedonia", (
    Step("league", "macedonia", ("base",)),
    Step("military", "macedonia", ("commit:1", "opposite")),
))
PLANS = {"agiad": AGIAD, "aristocrats": ARISTOCRATS, "demagogues": DEMAGOGUES}


def example_turn() -> PericlesState:
    """16.0 after both Assemblies: War, the Agiad and the Demagogues in control, the
    Honor of the example, each faction's theater markers with its two Rumors."""
    s = initial_state("14.1.06 A1")
    s["war"] = True
    s["honor"] = {"aristocrats": 28, "demagogues": 32, "agiad": 13, "eurypontid": 7}
    s["controlling"] = {"athens": "demagogues", "sparta": "agiad"}
    s["strategos"] = {"aristocrats": 10, "demagogues": 10, "agiad": 10, "eurypontid": 8}
    s["markers"] = {
        "demagogues": ["league", "military", "rumor", "rumor"],
        "aristocrats": ["league", "military", "oracle", "rumor", "rumor"],
        "agiad": ["military", "league", "military", "rumor", "rumor"],
        "eurypontid": ["military", "diplomatic", "rumor", "rumor"],
    }
    s["order"] = honor_order(s)
    return s


def queue(s: PericlesState, theater: str, *markers: tuple[str, str]) -> None:
    """Put markers (faction, kind) on a theater's queue, bottom first."""
    s["queues"][theater] = [{"faction": f, "kind": k} for f, k in markers]


def view(s: PericlesState, seat: str) -> dict[str, Any]:
    return build_view(s, seat)


def start(s: PericlesState, name: str, **args: Any) -> tuple[Context, list[Prompt]]:
    """Start procedure `name` on its own; the context and its first prompts."""
    s["flow"] = []
    ctx = Context(Rng("phormio-theater"))
    MACHINE.start(s, ctx, name, **args)
    return ctx, MACHINE.prompts(s)


def prompt_of(prompts: list[Prompt], seat: str) -> Prompt:
    return next(p for p in prompts if p.seat == seat)
