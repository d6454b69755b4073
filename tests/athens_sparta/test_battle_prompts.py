"""Battle questions say which round they are in and offer what they name (issue 34,
text): round 2 cites rule 5.42, not "5.41 First round"."""

from __future__ import annotations

from .conftest import act, ids, prompt, storm_position


def test_round_two_cites_its_own_rule_5_42():
    g = storm_position()
    act(g, "f:J3")
    act(g, "storm")
    act(g, "stay")
    p = prompt(g)
    assert p.kind == "act" and "round 2" in p.text
    assert p.rule == "5.42" and "(rule 5.42)" in p.text and "5.41" not in p.text
    assert set(ids(p)) == {"fire", "rt"}


def test_a_navy_question_names_withdrawal_only_when_it_is_offered():
    """Over random games: every "no enemy navy to fight" question mentions withdrawing
    exactly when "Withdraw into the city" is one of its options."""
    import engine
    from engine.core.decisions import random_answer
    from engine.core.rng import Rng

    seen = set()
    for i in range(1, 9):
        g = engine.new_game("athens-sparta", seed=f"navy:{i}")
        player = Rng(f"player:navy:{i}")
        while g.outcome is None:
            ps = g.prompts()
            for p in ps:
                if p.kind == "navy":
                    offered = "wd" in [o.id for o in p.options]
                    assert ("withdraw" in p.text) == offered, p.text
                    seen.add(offered)
                if p.kind == "regroup":  # a siege may go on: nobody is called victorious
                    assert "victorious" not in p.text, p.text
            p = player.choice(ps)
            g.act(p.seat, random_answer(p, player))
        if seen == {True, False}:
            break
    assert False in seen  # a question without the withdrawal came up
