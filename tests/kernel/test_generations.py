"""A game keeps the generation of questions it was created with (Ruleset.generation): a
ruleset may change a question for new games while old logs replay with the old one."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

import engine
from engine import Context, IllegalAction, Option, Outcome, Prompt, Ruleset, Scenario
from engine.core.game import Game
from engine.core.ruleset import asks
from service.replay import fresh_game


class Walls(Ruleset):
    """Pull the walls down or not. Generation 1 asks once more before they come down;
    generation 0 took the first answer."""

    id = "walls-generations"
    title = "Walls (test fixture)"
    version = "1"
    generation = 1
    scenarios = {"standard": Scenario("standard", "One choice", ("north",))}

    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> dict[str, Any]:
        return {"generation": ctx.generation, "step": "pick", "walls": True, "done": False}

    def prompts(self, s: dict[str, Any]) -> list[Prompt]:
        if s["done"]:
            return []
        if s["step"] == "confirm":
            return [Prompt("north", "Really?", (Option("yes", "Yes", "R2"),
                                                Option("no", "No", "R2")))]
        return [Prompt("north", "Pull the walls down?", (Option("down", "Down", "R1"),
                                                         Option("keep", "Keep", "R1")))]

    def apply(self, s: dict[str, Any], seat: str, option_id: str, ctx: Context) -> None:
        if option_id == "down" and s["generation"] >= 1:
            s["step"] = "confirm"
            return
        s["walls"] = option_id not in ("down", "yes")
        s["done"] = True

    def outcome(self, s: dict[str, Any]) -> Outcome | None:
        return Outcome(("north",), "done") if s["done"] else None

    def view(self, s: dict[str, Any], seat: str | None) -> dict[str, Any]:
        return dict(s)

    def dump(self, s: dict[str, Any]) -> dict[str, Any]:
        return dict(s)

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(data)


RULES = engine.register(Walls())


def _old_record() -> dict[str, Any]:
    """A game recorded before generations existed: no `generation` in the record, and its
    log answers the old question (walls down at the first answer)."""
    g = Game.create(RULES, seed="old", generation=0)
    g.act("north", "down")
    record = g.to_dict()
    del record["generation"]
    return record


def test_a_new_game_asks_the_newest_questions_and_records_its_generation():
    g = Game.create(RULES, seed="new")
    assert g.generation == 1 and g.to_dict()["generation"] == 1
    g.act("north", "down")
    assert g.prompt_for("north") is not None and g.prompt_for("north").text == "Really?"
    again = Game.from_dict(orjson.loads(g.to_json()), RULES)
    assert again.generation == 1 and again.prompt_for("north").text == "Really?"
    replayed = Game.from_dict(orjson.loads(g.to_json()), RULES, replay=True)
    assert replayed.generation == 1 and replayed.state == g.state
    g.undo("north")  # undo rebuilds the game from its log: with its own generation
    assert g.generation == 1 and g.state["generation"] == 1


def test_an_old_log_replays_with_the_old_questions():
    record = _old_record()
    g = Game.from_dict(record, RULES, replay=True)
    assert g.generation == 0 and g.state["walls"] is False and g.outcome is not None
    assert engine.verify_game(record).ok
    assert fresh_game(record).generation == 0  # the service rebuilds from its snapshot
    snapshot = Game.from_dict(record, RULES)
    assert snapshot.generation == 0 and snapshot.to_dict()["generation"] == 0


def test_a_generation_the_rules_do_not_know_is_refused():
    with pytest.raises(IllegalAction):
        Game.create(RULES, seed="x", generation=2)


def test_asks_reads_the_generation_kept_in_the_state():
    """One way to ask for every ruleset: no key is generation 0; a game asks the questions of
    its own generation and of every older one, never of a newer one."""
    assert asks({}, 0) and not asks({}, 1)
    assert asks({"generation": 2}, 1) and asks({"generation": 2}, 2)
    assert not asks({"generation": 2}, 3)
    assert not asks({"generation": "2"}, 1)  # only an int counts
