"""Hostages as a term of a deal (rule 2.9, our design): given with a pact, held on the
status card, returned as a term, and put to death when their city-state breaks the pact."""

from __future__ import annotations

from engine.core.game import Game
from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.diplomacy import options, resolve
from engine.rulesets.ppw.political import bellicosity_change
from engine.rulesets.ppw.victory import score

from .conftest import dice, fresh, give_action

PASS = {"athens": "pass", "sparta": "pass", "corinth": "pass", "thebes": "pass"}


def test_a_hostage_offered_with_peace_is_given_only_if_peace_is_made():
    """Taking: the term binds only when both sides offer the pact (rules 2.4, 2.9)."""
    s = fresh()
    assert "peace:sparta:hostage" in {o.id for o in options(s, "athens")}
    resolve(s, dice(), {**PASS, "athens": "peace:sparta:hostage"})  # one offer: nothing
    assert s["majors"]["sparta"]["hostages"] == {}
    resolve(s, dice(), {**PASS, "athens": "peace:sparta:hostage", "sparta": "peace:athens"})
    assert s["relations"]["athens|sparta"] == "peace"
    assert s["majors"]["sparta"]["hostages"] == {"athens": 1}
    assert s["majors"]["athens"]["hostages"] == {}
    assert s["log"][-1]["kind"] == "hostage_given"


def test_holding_hostages_scores_for_the_holder_and_weighs_on_their_city():
    """Holding: +2 score a hostage for the holder (9.5), -1 bellicosity a turn for the
    city whose hostages are held (6.2)."""
    s = fresh()
    before = score(s, "sparta")
    assert "hostages_held" not in bellicosity_change(s, "athens")
    s["majors"]["sparta"]["hostages"]["athens"] = 1
    assert score(s, "sparta") == before + 2
    assert bellicosity_change(s, "athens")["hostages_held"] == -1


def test_hostages_are_returned_as_a_term_of_a_pact():
    """Returning: only a holder may offer it, and it happens when the pact is made."""
    s = fresh()
    assert not any(o.id.endswith(":release") for o in options(s, "sparta"))
    s["majors"]["sparta"]["hostages"]["athens"] = 2
    assert "peace:athens:release" in {o.id for o in options(s, "sparta")}
    resolve(s, dice(), {**PASS, "sparta": "peace:athens:release", "athens": "peace:sparta"})
    assert s["relations"]["athens|sparta"] == "peace"
    assert s["majors"]["sparta"]["hostages"] == {}
    assert s["log"][-1]["kind"] == "hostages_returned"


def test_breaking_the_pact_puts_the_breakers_hostages_to_death():
    """What breaking costs: on top of rule 2.3's -2 for the broken treaty, the victim
    executes the breaker's hostages (-2 more) and loses their score."""
    s = fresh()
    resolve(s, dice(), {**PASS, "athens": "peace:sparta:hostage", "sparta": "peace:athens"})
    s["turn"] = 2
    held_score = score(s, "sparta")
    resolve(s, dice(), {**PASS, "athens": "war:sparta"})
    assert s["relations"]["athens|sparta"] == "war"
    assert s["majors"]["athens"]["bellicosity"] == 10 - 2 - 2
    assert s["majors"]["sparta"]["bellicosity"] == 11
    assert s["majors"]["sparta"]["hostages"] == {}
    assert score(s, "sparta") == held_score + 1 - 2  # the victim's +1, the hostage gone
    assert "hostages_executed" in [f["kind"] for f in s["log"]]


def test_a_breaker_holding_hostages_must_send_them_home():
    """A holder that breaks the pact keeps no surety: the hostages go home, unharmed,
    and the victim's bellicosity is not cut for them."""
    s = fresh()
    s["relations"]["athens|sparta"] = "peace"
    s["majors"]["sparta"]["hostages"]["athens"] = 1
    resolve(s, dice(), {**PASS, "sparta": "war:athens"})
    assert s["majors"]["sparta"]["hostages"] == {}
    assert s["majors"]["athens"]["bellicosity"] == 10  # no treaty of 2.3, no execution
    assert s["majors"]["sparta"]["bellicosity"] == 10


def test_war_between_majors_already_at_war_harms_no_hostage():
    s = fresh()
    s["majors"]["sparta"]["hostages"]["athens"] = 1  # taken in a siege (rule 5.8)
    resolve(s, dice(), {**PASS, "athens": "war:sparta"})
    assert s["majors"]["sparta"]["hostages"] == {"athens": 1}


def test_the_view_and_the_deal_prompt_show_hostages():
    """The status cards in every view carry the hostages held; the prompt words the
    term, cited to rule 2.9."""
    g = Game.create(RULESET, scenario="431", seed="hostage", options={"players": 4})
    give_action(g, "athens", "peace:sparta:hostage")
    p = g.prompt_for("sparta")
    assert p is not None
    group = next(o for o in p.options if o.id == "group:peace:athens")
    assert "hostages" in group.label
    give_action(g, "sparta", "peace:athens")
    give_action(g, "corinth", "pass")
    give_action(g, "thebes", "pass")
    for seat in (None, "athens", "corinth"):
        assert g.view(seat)["status_cards"]["sparta"]["hostages"] == {"athens": 1}
    assert any("hostage" in line for line in g.view(None)["log"])
    sub = [o for o in RULESET._ask(g.state, "sparta").options  # noqa: SLF001
           if o.id.endswith(":hostage")] if g.prompt_for("sparta") else []
    assert all(o.rule == "2.9" for o in sub)
