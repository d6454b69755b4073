"""Rules 3.3, 3.4, 5.3, 7.8.4, 7.9, 13.4 and 15.4 (the political chapters: who acts first,
the home regions, tribute assessment, leaders lost, and the Allegiance and Militance
table), read again from the rulebook into described positions.

In our words:
- The seasonal adjustment is made at most once a region a season. A revolting city in the
  region costs its controller 1 AL outright; failing that, an enemy-held city or fort, or
  an Area of the region with enemy units and none of his, costs 1 AL on a die of 4-6
  (13.4 and its note *).
- A victory in a region moves it +2 AL +1 ML toward the winner (the loser's regions the
  other way); a decisive one +5/+2 there and +2/+1 in every other region, though never
  lowering an AL below 5 (note **). A battle between fleets at sea counts in every region
  touching the sea Area (note ***).
- A unit eliminated costs its home region 1 ML; raiding costs an Area's region 1 ML once a
  season however many raid it (15.4, note †).
- Each step the Athenian player raises an assessment costs 1 AL; a region pushed below -2
  changes hands at once (5.3.3). Two steps up a year at most, never above x5 (5.3.1).
- The player who controls more regions acts first, Athens on a tie (3.3). Attica or
  Laconia changing hands at the Yearly Start ends the game (3.4).
- A leader lost is replaced at random from the Leader Pool; once it is empty a generic
  0-0 leader comes in (7.8.4, 7.9.2)."""

from __future__ import annotations

import pytest

from engine.rulesets.epic import assessment as AS
from engine.rulesets.epic import battles as BT
from engine.rulesets.epic import board as B
from engine.rulesets.epic import flow as FL
from engine.rulesets.epic import leaders as LD
from engine.rulesets.epic import losses as L
from engine.rulesets.epic import politics as P

from .conftest import described


def _no_die() -> int:
    raise AssertionError("no die is rolled for this adjustment")


def _dice(*values: int):
    """A roller handing out `values` in order, and the list of those not yet used."""
    left = list(values)

    def roll() -> int:
        return left.pop(0)

    return roll, left


def _chios(al=2, **state):
    """Athenian Chios (Erythrae, Clazomenae, Teos, Chios) with no units anywhere."""
    return described("rulebook-politics", state=state,
                     regions={"chios": {"side": "athens", "al": al, "ml": 8, "mult": 1}})


# ------------------------------------------------------------------ 13.4 seasonal
def test_13_4_note_star_a_revolting_city_costs_one_al_before_anything_else():
    """Erythrae in revolt and Teos held by Sparta: the revolt's -1 AL is taken, with no
    die, and the enemy-held town adds nothing (one adjustment a region a season)."""
    g = _chios(revolts=["Erythrae"], marks={"Teos": "sparta"})
    s = g.state
    lines = P._seasonal_one(s, B.comps(), "chios", s["regions"]["chios"], _no_die)
    assert s["regions"]["chios"]["al"] == 1
    assert len(lines) == 1 and "revolt" in lines[0]


@pytest.mark.parametrize(("die", "al"), [(4, 1), (6, 1), (3, 2), (1, 2)])
def test_13_4_two_enemy_held_towns_cost_one_al_on_4_to_6_and_one_die(die, al):
    g = _chios(marks={"Teos": "sparta", "Clazomenae": "sparta"})
    s = g.state
    roll, left = _dice(die, 6)
    P._seasonal_one(s, B.comps(), "chios", s["regions"]["chios"], roll)
    assert s["regions"]["chios"]["al"] == al
    assert left == [6]  # one die for the region, however many towns the enemy holds


# ------------------------------------------------------------------ 13.4 actions
def test_13_4_note_triple_star_a_sea_victory_counts_in_every_region_on_the_sea():
    """Athens wins a battle of fleets in the Saronic Gulf (not decisive): every region with
    a coast on the Gulf moves two AL and one ML toward Athens, and no other region."""
    g = described("rulebook-politics-sea")
    s = g.state
    touching = BT.sea_regions(s, "saronic-gulf")
    assert {"attica", "megarid", "corinth"} <= touching and "laconia" not in touching
    before = {r: (x["al"], x["ml"]) for r, x in s["regions"].items()}
    P.victory_in(s, "athens", sorted(touching), decisive=False)
    for region, r in s["regions"].items():
        al, ml = before[region]
        if region not in touching:
            assert (r["al"], r["ml"]) == (al, ml)
        elif r["side"] == "athens":
            assert (r["al"], r["ml"]) == (min(20, al + 2), min(20, ml + 1))
        else:
            assert (r["al"], r["ml"]) == (al - 2, ml - 1)


def test_13_4_note_double_star_a_decisive_victory_elsewhere_stops_at_5():
    """A decisive Spartan victory in Boeotia: Chios (Athenian, AL 6) drops only to 5 and
    Euboea (Athenian, AL 3) not at all, though each loses its 1 ML."""
    g = described("rulebook-politics-dec",
                  regions={"chios": {"side": "athens", "al": 6, "ml": 8, "mult": 1},
                           "euboea": {"side": "athens", "al": 3, "ml": 8, "mult": 1}})
    s = g.state
    P.victory(s, "sparta", "boeotia", decisive=True)
    assert (s["regions"]["chios"]["al"], s["regions"]["chios"]["ml"]) == (5, 7)
    assert (s["regions"]["euboea"]["al"], s["regions"]["euboea"]["ml"]) == (3, 7)


def test_13_4_a_unit_eliminated_costs_its_home_region_one_ml():
    g = described("rulebook-politics-lost",
                  units=[{"home": "corinth", "type": "hoplite", "at": "Corinth"}])
    s = g.state
    uid = next(u for u, x in s["units"].items() if x["home"] == "corinth" and x["where"] == "map")
    ml = s["regions"]["corinth"]["ml"]
    L.eliminate(s, uid)
    assert s["regions"]["corinth"]["ml"] == ml - 1
    assert s["units"][uid]["where"] == "build"  # 7.9.1: not elite, so to the Build Pool


def test_7_9_1_an_elite_hoplite_lost_is_gone_for_good():
    g = described("rulebook-politics-elite",
                  units=[{"home": "laconia", "type": "hoplite", "at": "Sparta", "morale": 6}])
    s = g.state
    uid = next(u for u, x in s["units"].items() if x["home"] == "laconia" and x["where"] == "map")
    L.eliminate(s, uid)
    assert s["units"][uid]["where"] == "dead"


# ------------------------------------------------------------------ 5.3
def test_5_3_3_an_athenian_raise_below_minus_2_hands_the_region_over_at_once():
    """Chios at AL -2, x1: raising it to x2 costs 1 AL, -3, and Chios passes to Sparta at
    once with its levels mirrored (AL 3) and the new assessment kept (4.3.1a)."""
    g = _chios(al=-2)
    s = g.state
    AS.raise_one(s, "athens", "chios")
    r = s["regions"]["chios"]
    assert (r["side"], r["al"], r["mult"]) == ("sparta", 3, 2)


def test_5_3_1_two_steps_up_a_year_and_never_above_x5():
    g = _chios(al=12)
    s = g.state
    offered = lambda: {o.id for o in AS.options(s, "athens")}  # noqa: E731
    AS.raise_one(s, "athens", "chios")
    AS.raise_one(s, "athens", "chios")
    assert "raise:chios" not in offered() and "lower:chios" in offered()
    s["raised"] = {}  # a new year
    s["regions"]["chios"]["mult"] = 5
    assert "raise:chios" not in offered()


def test_5_3_example_chios_raised_two_steps_from_al_4_is_at_2():
    """The rulebook's example: Chios at x1 with AL 4, raised two steps to x3, is at AL 2
    before the yearly -1 for an x3 assessment (5.3.4, applied by the year's start)."""
    g = _chios(al=4)
    s = g.state
    AS.raise_one(s, "athens", "chios")
    AS.raise_one(s, "athens", "chios")
    assert (s["regions"]["chios"]["al"], s["regions"]["chios"]["mult"]) == (2, 3)


# ------------------------------------------------------------------ 3.3, 3.4
def test_3_3_the_player_with_more_regions_goes_first_athens_on_a_tie():
    g = described("rulebook-politics-order")
    s = g.state
    FL.turn_order(s)
    n = {side: sum(1 for r in s["regions"].values() if r["side"] == side)
         for side in ("athens", "sparta")}
    assert s["order"][0] == ("sparta" if n["sparta"] > n["athens"] else "athens")
    for region in [r for r, x in s["regions"].items() if x["side"] == "sparta"]:
        s["regions"][region]["side"] = "athens"
        FL.turn_order(s)
        k = sum(1 for r in s["regions"].values() if r["side"] == "athens")
        m = sum(1 for r in s["regions"].values() if r["side"] == "sparta")
        assert s["order"][0] == ("athens" if k >= m else "sparta")


def test_3_4_attica_changing_hands_at_the_year_start_ends_the_game():
    g = described("rulebook-politics-attica",
                  regions={"attica": {"side": "athens", "al": -3, "ml": 8, "mult": 1}})
    s = g.state
    P.control_check(s)
    assert s["regions"]["attica"]["side"] == "sparta"
    assert FL.end_by_home_region(s)
    assert s["result"]["winner"] == "sparta"


def test_3_4_attica_at_minus_2_stays_and_the_game_goes_on():
    g = described("rulebook-politics-attica2",
                  regions={"attica": {"side": "athens", "al": -2, "ml": 8, "mult": 1}})
    s = g.state
    P.control_check(s)
    assert not FL.end_by_home_region(s) and s["result"] is None


# ------------------------------------------------------------------ 7.8.4, 7.9.2
def test_7_8_4_a_lost_leader_is_replaced_from_the_pool_then_by_generic_0_0_leaders():
    g = described("rulebook-politics-leaders", leaders={"Archidamus": "Sparta"})
    s = g.state
    hex_ = s["leaders"]["Archidamus"]["hex"]
    first = s["leader_pool"]["sparta"][0]
    assert LD.eliminate(s, "Archidamus", hex_) == first
    assert s["leaders"][first]["hex"] == hex_ and s["leaders"]["Archidamus"]["where"] == "dead"
    s["leader_pool"]["sparta"] = []
    new = LD.eliminate(s, first, None)
    assert s["leaders"][new]["land"] == s["leaders"][new]["sea"] == 0
    assert s["leaders"][new]["where"] == "force" and s["leaders"][new]["region"] == "laconia"


# ------------------------------------------------------------------ 4.3.1a
def _chios_lost(generation=None, mult=0):
    """Athenian Chios at AL -3, assessed at `mult`: the Yearly Start's control check hands
    it to Sparta, whose assessment comes next."""
    g = described("rulebook-politics-gained", generation=generation,
                  regions={"chios": {"side": "athens", "al": -3, "ml": 8, "mult": mult}})
    s = g.state
    P.control_check(s)
    assert s["regions"]["chios"]["side"] == "sparta"
    return s


def test_4_3_1a_the_new_controller_may_set_the_region_at_its_btv_at_no_cost():
    """Chios changed hands at x0: Sparta may set it at x1 with no ML lost, and that is not
    one of the year's two steps up (5.3.1)."""
    s = _chios_lost()
    offered = {o.id: o for o in AS.options(s, "sparta")}
    assert "base:chios" in offered and offered["base:chios"].rule == "4.3.1"
    ml = s["regions"]["chios"]["ml"]
    AS.set_base(s, "sparta", "chios")
    r = s["regions"]["chios"]
    assert (r["mult"], r["ml"]) == (1, ml) and not s.get("raised", {}).get("chios")
    assert "base:chios" not in {o.id for o in AS.options(s, "sparta")}  # once only


def test_4_3_1a_from_x3_the_btv_is_no_cut():
    """Set back from x3 to x1 on changing hands, the region is not marked as cut (5.3.5)."""
    s = _chios_lost(mult=3)
    AS.set_base(s, "sparta", "chios")
    assert s["regions"]["chios"]["mult"] == 1 and "chios" not in s.get("cut", [])


def test_4_3_1a_the_choice_lasts_until_the_gainers_assessment_is_done():
    s = _chios_lost()
    AS.settled(s, "athens")
    assert "base:chios" in {o.id for o in AS.options(s, "sparta")}
    AS.settled(s, "sparta")
    assert "base:chios" not in {o.id for o in AS.options(s, "sparta")}


def test_4_3_1a_older_games_keep_the_assessment_on_changing_hands():
    from engine.rulesets.epic.state import BTV_ON_CHANGE

    s = _chios_lost(generation=BTV_ON_CHANGE - 1)
    assert "gained" not in s
    assert "base:chios" not in {o.id for o in AS.options(s, "sparta")}


def test_4_3_1a_the_sparta_player_answers_the_assessment_question_with_the_btv():
    """Through the Assessment question itself: Sparta, holding a Chios it gained at x0,
    chooses the BTV, then is done; Chios pays at x1."""
    g = described("rulebook-politics-ask", start="assess", args={"side": "sparta"},
                  regions={"chios": {"side": "sparta", "al": 3, "ml": 8, "mult": 0}},
                  state={"gained": {"chios": "sparta"}})
    (p,) = g.prompts()
    assert p.kind == "assess" and "base:chios" in [o.id for o in p.options]
    g.act("sparta", "base:chios")
    assert g.state["regions"]["chios"]["mult"] == 1 and g.state["regions"]["chios"]["ml"] == 8
    g.act("sparta", "done")
    assert not g.state.get("gained")


# ------------------------------------------------------------------ 3.2
def _names(s):
    return [a.get("proc", name) for name, a in FL.stages(s)]


def test_3_2_the_seasonal_turn_runs_a_to_g_then_three_campaign_turns():
    """Revolts (A), placing (B) and building (C) by each player in turn order, with Allied
    Unrest at the end of the builds, supply (D), sieges (E), cards (F), the seasonal AL/ML
    (G), then the three Campaign Turns (3.2, 3.3)."""
    s = described("rulebook-politics-stages").state
    assert _names(s) == ["revolts", "place", "place", "build", "build", "unrest_stage",
                         "supply", "supply", "sieges", "cards", "seasonal_levels",
                         "campaign_turn", "campaign_turn", "campaign_turn"]
    firsts = [a["index"] for name, a in FL.stages(s) if name == "side_stage"
              and a["proc"] in ("place", "build", "supply")]
    assert firsts == [0, 1, 0, 1, 0, 1]  # the first player in turn order, then the second


def test_22_4_1_the_simplified_turn_has_no_revolts_builds_or_cards():
    s = described("rulebook-politics-stages-s", scenario="argive-league").state
    assert _names(s) == ["place", "place", "supply", "supply", "sieges", "seasonal_levels",
                         "campaign_turn", "campaign_turn", "campaign_turn"]


# ------------------------------------------------------------------ Appendix C
def _thracian_rebellion(die):
    """Thrace (BTV 3) at AL 2, in the risk zone; Brasidas with two Laconian hoplites (the
    card's minimum force) outside Amphipolis, which an Attic hoplite holds."""
    from engine.rulesets.epic import events as E

    from .full_helpers import run

    g = described("rulebook-rebellion",
                  regions={"thrace": {"side": "athens", "al": 2, "ml": 8, "mult": 1}},
                  units=[{"home": "laconia", "type": "hoplite", "at": "W3808", "n": 2},
                         {"home": "attica", "type": "hoplite", "at": "Amphipolis"}],
                  hands={"sparta": ["rebellion-possible-thrace"]})
    s = g.state
    # Brasidas comes in as Ramphias' replacement would (7.8.4): six leaders stay in play
    s["leaders"]["Ramphias"].update(where="dead", hex=None, region=None)
    s["leader_pool"]["sparta"].remove("Brasidas")
    s["leaders"]["Brasidas"] = {"side": "sparta", "land": 1, "sea": 0, "where": "map",
                                "hex": "W3808", "region": None}
    assert sum(n for n, _ in E.rebellion_mods(s, "rebellion-possible-thrace")) == 3
    before = s["treasury"]["sparta"]
    run(g, E.play, [die], "sparta", "rebellion-possible-thrace")
    return s, s["treasury"]["sparta"] - before


def test_appendix_c_rebellion_3_plus_2_plus_1_takes_thrace_less_athenian_amphipolis():
    """A die of 3, +2 for the minimum force and +1 for Brasidas, makes 6: Thrace goes over
    at once (AL 2 mirrored to -2, then +3), and Sparta collects its BTV less the 1 of the
    medium city the Athenians still hold (4.3.1c)."""
    s, gain = _thracian_rebellion(3)
    r = s["regions"]["thrace"]
    assert (r["side"], r["al"]) == ("sparta", 1)
    assert B.city_owner(s, "Amphipolis") == "athens" and gain == 3 - 1


def test_appendix_c_rebellion_2_plus_3_fails_and_thrace_gains_2_al():
    s, gain = _thracian_rebellion(2)
    assert (s["regions"]["thrace"]["side"], s["regions"]["thrace"]["al"]) == ("athens", 4)
    assert gain == 0
