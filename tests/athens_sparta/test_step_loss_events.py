"""Step losses are named in the log (issue 34, point 6): a battle's hit says which block
lost which step ("Corinth H2 2→1", as the battle display does; rule 5.2, double defence
5.41); siege attrition (rule 6.0) tells everyone whose block it was and only its owner
which block."""

from __future__ import annotations

from .conftest import act, position, prompt, storm_position

CARDS = {"athens": {"hand": ["C11"], "played": "C10"},
         "sparta": {"hand": ["C12"], "played": "C24"}}


def test_attrition_names_the_block_to_its_owner_only_rule_6_0():
    g = position(None, olympiad=84, turn=2, phase="combat", active="athens",
                 player1="athens", cards=CARDS,
                 blocks={"Athens H3": {"hex": "J3"}, "Corinth H2": {"hex": "J3", "in_city": True},
                         "Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
                 dice=[4])
    events = act(g, "done")  # no battle: siege attrition follows, the besieger rolls 4 (4+)
    assert "Athens rolls for siege attrition (rule 6.0) at Potidaea (4+): [4], 1 hit" in \
        [e.text for e in events]
    losses = [e for e in events if e.kind == "step_loss"]
    public = [e.text for e in losses if e.seats is None]
    private = [(e.seats, e.text, e.data["before"], e.data["after"]) for e in losses
               if e.seats is not None]
    assert public == ["An Athenian block loses a step at Potidaea"]
    assert private == [(("athens",), "Athens H3 3→2 at Potidaea", 3, 2)]
    assert g.state["blocks"]["Athens H3"]["str"] == 2


def test_a_battle_hit_and_a_half_hit_are_named_publicly_rules_5_2_and_5_41():
    g = storm_position()
    assert prompt(g).kind == "battle_pick"
    act(g, "f:J3")
    act(g, "storm")
    events = act(g, "stay")
    # Athens H1 rolls 1,1,6,6 against the walls: two half-hits, one step (rule 5.41)
    losses = [(e.seats, e.text) for e in events if e.kind == "step_loss"]
    assert losses == [(None, "Corinth H2 a half-hit (rule 5.41) at Potidaea"),
                      (None, "Corinth H2 2→1 at Potidaea")]
    assert g.state["blocks"]["Corinth H2"]["str"] == 1
