"""3.3: cards are committed face down, both at once: the kernel's `Simultaneous` keeps a
side's choice in the `commit` frame until the other's is in; views show only who has
committed (issue 30: one simultaneous mechanism for every game)."""

from __future__ import annotations

import engine
from engine.core.flows import CHOSEN, Simultaneous
from engine.core.rng import Rng
from engine.rulesets.hellenes.flow import Commit


def test_a_commitment_waits_in_the_kernels_frame_and_only_its_owner_sees_it():
    assert issubclass(Commit, Simultaneous)
    g = engine.new_game("hellenes", scenario="431", seed="commit")
    first = next(p for p in g.prompts() if p.seat == "athens")
    assert first.secret and first.kind == "commit"
    choice = first.options[-1]
    events = g.act("athens", choice.id)
    assert [e.kind for e in events] == ["chosen"]
    s = g.state
    assert s["flow"][-1]["name"] == "commit" and s["flow"][-1]["args"][CHOSEN] == {
        "athens": choice.id}
    mine, theirs = g.view("athens")["cards"], g.view("sparta")["cards"]
    assert mine["my_commit"] == {"card": choice.data["card"], "use": choice.data["use"]}
    assert theirs["my_commit"] is None and theirs["committed"] == {"athens": True,
                                                                   "sparta": False}
    rules = g.rules
    seen = rules.view(s, "sparta")
    for v in rules.hidden_variants(s, "sparta", Rng("v")):
        assert rules.view(v, "sparta") == seen  # what Athens chose does not show
    answer = g.prompts()[0].options[0].id
    told = g.act("sparta", answer)
    assert [e.kind for e in told][:2] == ["chosen", "reveal"]
    assert told[1].data["revealed"]["athens"] == {"card": choice.data["card"],
                                                  "use": choice.data["use"]}
    # issue 32: one line for the reveal and the initiative, not two
    assert "initiative" not in [e.kind for e in told]
    first = s["cards"]["order"][0]
    assert told[1].data["order"] == s["cards"]["order"]
    assert told[1].text.startswith("Cards revealed: ") and \
        told[1].text.endswith(f"{first.title()} goes first (3.3)")
    assert CHOSEN not in (s["flow"][-1]["args"] if s["flow"] else {})
