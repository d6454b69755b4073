"""The theater phase read from the rulebook (3.4, 8.1-8.5, 10.3), each rule from a
described position: the Honor order, the queues, the reveal, and the League,
Diplomatic and Oracle markers."""

from __future__ import annotations

from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.schema import PericlesState

from .rulebook import answer, options, position, prompt, start


def placed(s: PericlesState, theater: str, *markers: tuple[str, str]) -> None:
    """Markers already face down in a theater's queue, the last one on top (8.2)."""
    s["queues"][theater] = [{"faction": f, "kind": k} for f, k in markers]


def test_the_honor_order_is_fixed_when_the_phase_begins_rule_8_1() -> None:
    """8.1: the order is drawn up once, highest Honor first, and Honor won during the
    phase does not change it."""
    s = position("14.1.01 A")
    s["honor"]["eurypontid"] = 12
    s["markers"] = {"aristocrats": ["oracle"], "demagogues": ["oracle"], "agiad": [],
                    "eurypontid": ["oracle"]}
    ctx = start(s, "theater_phase")
    assert s["order"] == ["eurypontid", "aristocrats", "agiad", "demagogues"]
    answer(s, ctx, ("eurypontid", "oracle@boeotia"), ("aristocrats", "oracle@isthmus"),
           ("demagogues", "oracle@sporades"))
    # the Eurypontid reveals first and carries out its Oracle (+3)
    answer(s, ctx, ("eurypontid", "reveal@boeotia"))
    assert s["honor"]["eurypontid"] == 15
    answer(s, ctx, ("aristocrats", "reveal@isthmus"))
    assert s["honor"]["aristocrats"] == 13
    # the Aristocrats now lead the Agiad by 3, but the order stands; the Agiad have
    # nothing on top, so the Demagogues reveal next
    assert s["order"] == ["eurypontid", "aristocrats", "agiad", "demagogues"]
    assert [p.seat for p in MACHINE.prompts(s)] == ["demagogues"]


def test_a_faction_reveals_its_sides_top_markers_only_rule_8_3() -> None:
    """8.3: a faction reveals a marker of its own city lying on top of a queue, its own
    or its compatriot's; the marker's owner carries it out. An enemy marker on top hides
    the queue beneath it."""
    s = position("14.1.01 A")
    s["markers"] = {f: [] for f in s["factions"]}
    placed(s, "boeotia", ("aristocrats", "oracle"), ("agiad", "oracle"))
    placed(s, "isthmus", ("demagogues", "league"))
    s["order"] = ["aristocrats", "agiad", "demagogues", "eurypontid"]
    ctx = start(s, "resolution")
    assert options(s, "aristocrats") == {"reveal@isthmus"}  # not Boeotia: Sparta's on top
    answer(s, ctx, ("aristocrats", "reveal@isthmus"))
    # the Demagogues' League marker: the Demagogues, its owner, are asked what it does
    assert prompt(s, "demagogues").kind == "league"


def test_a_rumor_does_nothing_but_holds_back_the_queue_rule_8_3() -> None:
    """8.3: a Rumor on top of a queue blocks the markers beneath it; revealed, it is
    removed with no effect, and the marker under it can come up."""
    s = position("14.1.01 A")
    s["markers"] = {f: [] for f in s["factions"]}
    placed(s, "boeotia", ("aristocrats", "oracle"), ("agiad", "rumor"))
    s["order"] = ["aristocrats", "agiad", "demagogues", "eurypontid"]
    ctx = start(s, "resolution")
    assert [p.seat for p in MACHINE.prompts(s)] == ["agiad"]  # Athens has nothing on top
    honor = dict(s["honor"])
    answer(s, ctx, ("agiad", "reveal@boeotia"))
    assert s["honor"] == honor and s["queues"]["boeotia"] == [{"faction": "aristocrats",
                                                               "kind": "oracle"}]
    answer(s, ctx, ("demagogues", "reveal@boeotia"))  # next in order with a top marker
    assert s["honor"]["aristocrats"] == 13  # the owner's Oracle, revealed by its compatriot


def test_league_units_two_foot_or_a_ship_a_league_base_rule_8_5() -> None:
    """8.5: a League marker raises two League foot or one League ship for each base of
    that League in the theater, as the pool allows, but none in the enemy's capital."""
    s = position()  # the Isthmus: 2 P foot, 3 P ships, 2 P bases
    ctx = start(s, "league_issue", theater="isthmus", owner="agiad")
    assert {"land", "naval"} <= options(s, "agiad")
    answer(s, ctx, ("agiad", "land"))
    assert s["forces"]["isthmus"]["P"]["land"] == 2 + 4
    ctx = start(s, "league_issue", theater="isthmus", owner="eurypontid")
    answer(s, ctx, ("eurypontid", "naval"))
    assert s["forces"]["isthmus"]["P"]["naval"] == 3 + 2
    # a Peloponnesian base in Athens raises nothing there
    s["forces"]["athens"]["P"] = {"land": 1, "naval": 0, "bases": 1}
    start(s, "league_issue", theater="athens", owner="agiad")
    assert not {"land", "naval"} & options(s, "agiad")


def test_no_fourth_base_in_a_theater_rule_3_4() -> None:
    """3.4 and 8.5: a theater holds three bases at most, whoever owns them, so a League
    marker cannot found a fourth."""
    s = position()
    s["strategos"]["agiad"] = 5
    s["forces"]["boeotia"]["P"]["bases"] = 2  # with the Delian base: three
    start(s, "league_issue", theater="boeotia", owner="agiad")
    assert "base" not in options(s, "agiad")
    s["forces"]["boeotia"]["P"]["bases"] = 1
    ctx = start(s, "league_issue", theater="boeotia", owner="agiad")
    answer(s, ctx, ("agiad", "base"))  # contested: 4 Strategos (R20), +2 Honor
    assert s["forces"]["boeotia"]["P"]["bases"] == 2
    assert s["strategos"]["agiad"] == 1 and s["honor"]["agiad"] == 12


def test_a_league_marker_removes_an_enemy_treachery_marker_rule_10_3() -> None:
    """8.5 and 10.3: a League marker may clear one enemy Treachery marker from its
    theater; each Treachery marker is worth 1 in its owner's battles there."""
    s = position()  # Boeotia: one Spartan Treachery marker
    ctx = start(s, "league_issue", theater="boeotia", owner="demagogues")
    assert "treachery" in options(s, "demagogues")
    answer(s, ctx, ("demagogues", "treachery"))
    assert s["treachery"]["boeotia"] == {"sparta": 0}
    start(s, "league_issue", theater="boeotia", owner="demagogues")
    assert "treachery" not in options(s, "demagogues")


def test_diplomacy_needs_more_than_the_enemy_strength_rule_8_5() -> None:
    """8.5: a Diplomatic marker converts an enemy League base only with more Strategos
    than the enemy's military strength there (units and 2 a base, R19); equal is not
    enough, and then each Strategos becomes a Treachery marker, at most 5 (R22)."""
    s = position()
    s["strategos"]["agiad"] = 10
    ctx = start(s, "diplomatic_issue", theater="thessalia", owner="agiad")  # 2 D foot, D base: 4
    answer(s, ctx, ("agiad", "4"))
    assert s["forces"]["thessalia"]["D"]["bases"] == 1 and s["treachery"]["thessalia"] == {"sparta": 4}
    ctx = start(s, "diplomatic_issue", theater="thessalia", owner="agiad")
    answer(s, ctx, ("agiad", "3"))
    assert s["treachery"]["thessalia"] == {"sparta": 5}  # the cap: 5
    assert s["strategos"]["agiad"] == 3 and s["honor"]["eurypontid"] == 10


def test_city_state_bases_cannot_be_converted_rule_8_5() -> None:
    """8.5: only League bases change sides; against a City-State base the tokens buy
    Treachery markers, however many they are."""
    s = position()
    s["strategos"]["eurypontid"] = 5
    ctx = start(s, "diplomatic_issue", theater="amphipolis", owner="eurypontid")  # A foot, A base
    answer(s, ctx, ("eurypontid", "5"))
    assert s["forces"]["amphipolis"]["A"]["bases"] == 1
    assert s["treachery"]["amphipolis"] == {"sparta": 5}
    assert s["honor"]["aristocrats"] == 10  # no conversion, no loss for the Athenian CF


def test_diplomacy_founds_a_base_where_nobody_stands_rule_8_5() -> None:
    """8.5, ruling R21: in a theater nobody holds, 3 Strategos or more found a League
    base (+2 Honor); fewer become Treachery markers. The tokens go back to the stock."""
    s = position()
    s["strategos"]["demagogues"] = 5
    stock = s["stock"]["athens"]
    ctx = start(s, "diplomatic_issue", theater="macedonia", owner="demagogues")
    answer(s, ctx, ("demagogues", "2"))
    assert "D" not in s["forces"]["macedonia"] and s["treachery"]["macedonia"] == {"athens": 2}
    ctx = start(s, "diplomatic_issue", theater="macedonia", owner="demagogues")
    answer(s, ctx, ("demagogues", "3"))
    assert s["forces"]["macedonia"]["D"]["bases"] == 1 and s["honor"]["demagogues"] == 12
    assert s["stock"]["athens"] == stock + 5 and s["strategos"]["demagogues"] == 0


def test_a_theater_is_held_contested_or_neutral_by_its_pieces_rule_3_4() -> None:
    """3.4: a theater with pieces (units or bases) of one side only is that side's,
    with pieces of both it is contested, with none it is neutral."""
    s = position()
    assert th.status(s, "macedonia") == "neutral"
    assert th.status(s, "cyclades") == "athens"  # a lone Delian base holds it
    assert th.status(s, "boeotia") == "contested"
    th.add(s, "cyclades", "P", "naval", 1)
    assert th.status(s, "cyclades") == "contested"
