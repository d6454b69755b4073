"""The sealed diplomatic action asked in groups (rule 2.1, diplomacy_menu.py): at most 25
options a prompt, every action reachable and nothing else, "back" at each step, the draft
hidden, and logs of version 1 (whole actions in one click) still replaying."""

from __future__ import annotations

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.diplomacy import options
from engine.rulesets.ppw.diplomacy_menu import route, step_options

from .conftest import fresh, give_action


def _leaves(full, steps=()):  # every action reachable below `steps`, and the largest step
    found, most = set(), 0
    here = step_options(full, list(steps))
    most = len(here)
    for o in here:
        if o.id == "back":
            continue
        if o.id.startswith("group:"):
            below, m = _leaves(full, (*steps, o.id))
            found |= below
            most = max(most, m)
        else:
            found.add(o.id)
    return found, most


def _crowded():
    """A state with the most actions: rich, every minor neutral, hostages held."""
    s = fresh()
    s["turn"] = 4
    for m in s["majors"]:
        s["majors"][m]["treasury"] = 5000
    for st in s["stances"].values():
        st["patron"], st["status"] = None, "neutral"
    s["majors"]["athens"]["hostages"] = {"sparta": 1, "corinth": 1}
    return s


def test_every_action_is_reachable_and_no_step_lists_more_than_25():
    s = _crowded()
    for major in s["majors"]:
        full = options(s, major)
        assert len(full) > 60  # the flat list these groups replace
        found, most = _leaves(full)
        assert found == {o.id for o in full}
        assert most <= 25
        assert len(step_options(full, [])) <= 25


def test_the_route_to_an_action_goes_through_its_groups():
    s = _crowded()
    full = options(s, "athens")
    steps = route(full, "approach:corcyra:400")
    assert steps is not None and steps[-1] == "approach:corcyra:400"
    assert steps[0] == "group:approach" and len(steps) >= 3
    assert route(full, "pass") == ["pass"]
    assert route(full, "approach:atlantis:0") is None


def test_back_undoes_a_step_and_the_draft_is_hidden():
    g = Game.create(RULESET, scenario="431", seed="steps", options={"players": 4})
    before = RULESET.view(g.state, "sparta")
    g.act("athens", "group:approach")
    p = g.prompt_for("athens")
    assert p is not None and p.options[0].id == "back"
    assert all(o.id.startswith(("approach:", "group:approach")) for o in p.options[1:])
    assert RULESET.view(g.state, "sparta") == before  # a step is no choice, and hidden
    g.act("athens", "back")
    assert any(o.id == "pass" for o in g.prompt_for("athens").options)
    assert give_action(g, "athens", "approach:syracuse:0") >= 2
    assert g.view("athens")["my_choice"] == "approach:syracuse:0"


def test_a_version_1_log_of_whole_actions_replays():
    """Version 1 sealed each diplomatic action and order in one click; such a log is
    rebuilt through the steps that lead to the same choices."""
    g = Game.create(RULESET, scenario="archidamian", seed="legacy", options={"players": 4})
    rng = Rng("legacy")
    for _ in range(120):  # whole choices only, as version 1 took them
        seat = g.prompts()[0].seat
        whole = RULESET._ask(g.state, seat)  # noqa: SLF001 - the full list of a round
        assert whole is not None
        answer = random_answer(whole, rng)
        g._apply(seat, answer)  # noqa: SLF001 - unchecked, as a stored log is replayed
        g.log[-1] = (seat, answer)
    data = g.to_dict()
    data["rules_version"] = "1"
    again = Game.from_dict(data, RULESET)
    assert again.state == g.state
