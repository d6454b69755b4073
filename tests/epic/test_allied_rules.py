"""Three alliance rules of the three- and four-player Campaigns: giving a region won up to an
ally (24.3, RULINGS M22), forbidding an ally one's cities, bases and Areas for supply (24.5,
M23) and peace by agreement of every player (20.1b with 24.7, 25.3; M24). Fixed dice."""

from __future__ import annotations

import pytest

import engine
from engine.core.game import Game
from engine.rulesets.epic import alliances as A
from engine.rulesets.epic import board as B
from engine.rulesets.epic import events as E
from engine.rulesets.epic.rules import MACHINE

from .full_helpers import run
from .test_multiplayer_turn import ids, mfull, start

RULES = engine.ruleset("epic")


def _prompt(g: Game):
    g._prompts = None
    return g.prompts()[0]


# ------------------------------------------------------------------ 24.3: abdicating
def test_a_region_won_is_offered_to_its_new_holder_to_keep_or_give_up(told):
    g = mfull()
    s = g.state
    s["regions"]["thessaly"]["side"] = "sparta"  # won from Athens: Thebes by adjacency
    lines = A.settle(s, lambda: 1)
    assert s["league"]["holder"]["thessaly"] == "thebes" and "24.3" in lines[0]
    p = _prompt(g)
    assert (p.seat, p.kind, p.rule) == ("thebes", "abdicate", "24.3")
    assert {o.id for o in p.options} == {"keep", "give:sparta"}
    assert "24.3" in p.text
    with pytest.raises(engine.IllegalAction):
        g.act("sparta", "keep")  # not Sparta's to answer
    g.act("thebes", "keep")
    assert s["league"]["holder"]["thessaly"] == "thebes"
    assert A.abdication(s) is None and not g.prompts()  # the flow (stopped here) goes on
    assert "Thebes keeps thessaly (24.3)" in told


def test_a_region_given_up_goes_to_the_ally_with_its_placement_and_tribute():
    g = engine.new_game("epic", "four-player", seed="abd4")
    s = g.state
    s["regions"]["thessaly"]["side"] = "sparta"
    s["regions"]["thessaly"]["mult"] = 1
    A.settle(s, lambda: 1)
    seat = s["league"]["holder"]["thessaly"]
    p = _prompt(g)
    assert p.seat == seat and {o.id for o in p.options} == {
        "keep"} | {f"give:{x}" for x in ("sparta", "thebes", "corinth") if x != seat}
    assert {(o.data["kind"], o.data.get("to")) for o in p.options} == {("keep", None)} | {
        ("give_region", x) for x in ("sparta", "thebes", "corinth") if x != seat}
    stack = [dict(f) for f in s["flow"]]
    assert MACHINE.asked(s)[0].kind == "abdicate"  # asked through the machine's standing hook
    g.act(seat, "give:corinth")
    assert s["flow"] == stack  # answered on a frame of its own: the stack is as it was
    assert A.holder(s, "thessaly") == "corinth"
    assert "thessaly" in A.regions_of(s, "corinth") and "thessaly" not in A.regions_of(s, seat)
    s["acting"] = "corinth"
    assert A.holds(s, "thessaly")  # Corinth places and builds there now (7.3, 7.5)
    s["acting"] = None
    assert g.check_invariants() == []
    # the flow had asked someone else: it asks again, as it was, once the region is given
    assert g.prompts()[0].kind != "abdicate"


def test_argos_given_up_takes_its_units_and_its_btv_to_the_ally():
    g = mfull()
    s = g.state
    s["regions"]["argolid"]["al"] = -2
    before = dict(s["treasury"])
    run(g, E.argos, [])
    btv = B.comps().regions["argolid"].btv
    assert s["treasury"]["sparta"] == before["sparta"] + btv  # M15: paid to its holder
    p = _prompt(g)
    assert (p.seat, p.kind) == ("sparta", "abdicate")
    g.act("sparta", "give:thebes")
    assert s["league"]["holder"]["argolid"] == "thebes"
    assert {u["seat"] for u in s["units"].values() if u["home"] == "argolid"} == {"thebes"}
    assert s["treasury"] == {**before, "thebes": before["thebes"] + btv}
    assert g.check_invariants() == []


def test_each_region_won_is_asked_once_and_only_while_it_is_still_his():
    g = mfull()
    s = g.state
    for region in ("thessaly", "acarnania"):
        s["regions"][region]["side"] = "sparta"
    A.settle(s, lambda: 1)
    first, second = (e["region"] for e in s["league"]["abdicate"])
    s["regions"][first]["side"] = "athens"  # lost again before its holder answered
    s["league"]["holder"].pop(first)
    p = _prompt(g)
    assert second in p.text and first not in p.text
    g.act(p.seat, "keep")
    assert A.abdication(s) is None and s["league"]["abdicate"] == []


def test_the_pending_choice_is_in_every_seats_view():
    g = mfull()
    s = g.state
    s["regions"]["thessaly"]["side"] = "sparta"
    A.settle(s, lambda: 1)
    for seat in ("athens", "sparta", "thebes", None):
        assert RULES.view(s, seat)["league"]["abdicate"] == [
            {"region": "thessaly", "seat": "thebes"}]


def test_two_player_games_have_no_abdication():
    g = engine.new_game("epic", "campaign", seed="abd2")
    assert all(p.kind != "abdicate" for p in g.prompts())
    assert "league" not in g.state


# ------------------------------------------------------------------ 24.5: forbidding
def _unit(s, home: str, h: str, kind: str = "hoplite") -> str:
    uid = next(k for k, u in s["units"].items() if u["home"] == home
               and u["where"] == "pool" and u["type"] == kind)
    s["units"][uid].update(where="map", hex=h)
    s.pop("_index", None)
    return uid


def _supplied(s, uid: str, seat: str) -> bool:
    from engine.rulesets.epic import supply as S

    s["acting"] = seat
    try:
        return S.in_supply(s, uid, S.supplied_areas(s, "sparta"))
    finally:
        s["acting"] = None


def test_a_forbidden_ally_loses_the_cities_bases_and_areas_of_the_forbidder():
    s = mfull().state
    elatea = B.comps().cities["Elatea"].hex  # a Theban city of Phocis, far from Sparta's
    uid = _unit(s, "laconia", elatea)
    assert _supplied(s, uid, "sparta")  # 24.5: an ally's city is friendly
    A.set_forbid(s, "thebes", "sparta", True)
    assert not _supplied(s, uid, "sparta")  # neither the city nor a line through Thebes'
    theban = _unit(s, "boeotia", elatea)
    assert _supplied(s, theban, "thebes")  # the forbidder himself is not touched
    A.set_forbid(s, "sparta", "thebes", True)  # Sparta forbidding Thebes: nothing of Thebes'
    assert _supplied(s, theban, "thebes")
    A.set_forbid(s, "thebes", "sparta", False)
    assert _supplied(s, uid, "sparta")


def test_only_the_forbidders_regions_are_withheld_and_only_from_the_forbidden():
    s = mfull().state
    pleuron = B.comps().cities["Pleuron"]
    from engine.rulesets.epic import supply as S

    s["bases"][pleuron.hex] = "sparta"
    s["acting"] = "sparta"
    A.set_forbid(s, "thebes", "sparta", True)
    gone = S.withheld(s, "sparta")
    assert "aetolia" in gone and "laconia" not in gone
    assert S.withheld(s, "thebes") == set() and S.withheld(s, "athens") == set()


def test_the_forbidders_units_do_not_contest_an_area_for_the_forbidden():
    from engine.rulesets.epic import supply as S

    s = mfull().state
    h = B.comps().cities["Calydon"].hex
    area = B.area_of(h)
    open_hex = next(x for x in B.comps().area_hexes[area] if B.city_at(s, x) is None
                    and B.comps().hexes[x].kind == "land")
    _unit(s, "attica", open_hex)
    _unit(s, "boeotia", open_hex)
    s["razed"].extend(c.name for c in B.area_cities(area))  # no city to count here
    s.pop("_index", None)
    assert B.area_status(s, area, "sparta") == "contested"
    assert S._status_without(s, area, "sparta", {"aetolia"}, {"thebes"}) == "enemy"


def test_the_forbid_is_chosen_at_the_allies_moment_and_shown_to_every_seat(told):
    g = mfull()
    s = g.state
    s["league"]["seats"] = ["sparta", "thebes"]
    s["treasury"]["sparta"] = 0  # asked all the same: the forbid needs no talents
    start(g, "treasury", [], k=0)
    p = _prompt(g)
    assert (p.seat, p.kind, p.rule) == ("sparta", "talents", "24.5")
    assert ids(g) == {"forbid:thebes", "done"}
    g.act("sparta", "forbid:thebes")
    assert s["league"]["forbid"] == {"sparta": ["thebes"]}
    assert ids(g) == {"allow:thebes", "done"}  # a standing choice: the same seat goes on
    g.act("sparta", "done")
    assert _prompt(g).seat == "thebes"
    for seat in ("athens", "sparta", "thebes", None):
        assert RULES.view(s, seat)["league"]["forbid"] == {"sparta": ["thebes"]}
    g.act("thebes", "done")
    assert not s["flow"]
    assert A.forbidders(s, "thebes") == ["sparta"] and A.forbidders(s, "sparta") == []
    with pytest.raises(engine.IllegalAction):
        A.set_forbid(s, "sparta", "athens", True)  # allies only
    assert "Sparta forbids Thebes his cities, bases and Areas for supply (24.5)" in told


def test_four_player_forbid_is_for_one_ally_at_a_time():
    s = engine.new_game("epic", "four-player", seed="fb4").state
    A.set_forbid(s, "thebes", "corinth", True)
    assert A.withheld_regions(s, "corinth") == set(A.regions_of(s, "thebes"))
    assert A.withheld_regions(s, "sparta") == set()
    A.set_forbid(s, "thebes", "corinth", False)
    assert "forbid" not in s["league"] or s["league"]["forbid"] == {}


# ------------------------------------------------------------------ 20.1b: agreement
def _peace_step(g: Game, scenario_seats: list[str]) -> None:
    s = g.state
    s["order"] = ["athens", "sparta"]
    s["league"]["seats"] = scenario_seats
    s["cards"]["active"] = []
    start(g, "cards_peace", [], i=0)


def test_every_seat_may_offer_peace_and_all_the_others_must_accept():
    g = mfull()
    _peace_step(g, ["sparta", "thebes"])
    p = _prompt(g)
    assert (p.seat, p.kind) == ("athens", "peace") and ids(g) == {"offer", "no"}
    g.act("athens", "no")
    g.act("sparta", "offer")  # 20.1b; one offer a season: Thebes has nothing more to ask
    p = _prompt(g)  # the others answer, from the one after the offerer round
    assert (p.seat, p.kind, p.rule) == ("thebes", "agree", "20.1")
    assert ids(g) == {"accept", "decline"}
    g.act("thebes", "accept")
    p = _prompt(g)
    assert p.seat == "athens" and "Thebes accepted" in p.text
    g.act("athens", "accept")
    out = g.outcome
    assert out is not None and out.winners == ("athens",)  # 33 BTV: 24.8 judges it
    assert "agreement of every player (20.1b" in out.reason
    assert not g.state["flow"]


def test_one_refusal_keeps_the_war_going(told):
    g = engine.new_game("epic", "four-player", seed="agree4")
    s = g.state
    s["flow"].clear()
    _peace_step(g, ["sparta", "thebes", "corinth"])
    g.act("athens", "offer")
    assert _prompt(g).kind == "agree"
    g.act("sparta", "accept")
    g.act("thebes", "accept")
    assert _prompt(g).seat == "corinth"
    g.act("corinth", "decline")
    assert s["result"] is None and not s["flow"]  # the stage is over, the war goes on
    assert "Corinth declines the peace: the war goes on (20.1b)" in told


def test_an_offer_and_the_embassy_go_together():
    g = mfull()
    _peace_step(g, ["sparta", "thebes"])
    g.state["cards"]["active"] = ["peace-embassy-1"]
    assert ids(g) == {"roll:sparta", "roll:thebes", "offer", "no"}  # 24.7.2 and 20.1b


def test_a_league_answer_at_the_agreement_is_the_players_own():
    g = mfull()
    _peace_step(g, ["sparta", "thebes"])
    g.act("athens", "offer")
    with pytest.raises(engine.IllegalAction):
        g.act("thebes", "accept")  # Sparta answers first, for himself only (20.1b)
    g.act("sparta", "accept")
    g.act("thebes", "accept")
    assert g.outcome is not None


def test_the_answers_go_round_from_the_seat_after_the_offerer():
    g = engine.new_game("epic", "four-player", seed="agree4b")
    g.state["flow"].clear()
    _peace_step(g, ["sparta", "thebes", "corinth"])
    for seat in ("athens", "sparta"):
        g.act(seat, "no")
    g.act("thebes", "offer")
    asked = []
    while g.state["result"] is None:
        p = _prompt(g)
        assert p.kind == "agree"
        asked.append(p.seat)
        g.act(p.seat, "accept")
    assert asked == ["corinth", "athens", "sparta"]  # 24.4's order, round from Thebes
    assert g.outcome is not None and g.check_invariants() == []
    assert "(20.1b, 25.3.1)" in g.outcome.reason  # the four-player game's own rule
