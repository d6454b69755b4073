"""Persia's cards (Appendix C): the satraps' fleets, troops and support, the Great King and
the Athenian embassies, with fixed dice."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import events as E
from engine.rulesets.epic import persia as P
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.moves import destinations

from .full_helpers import full, hand, run
from .helpers import put


def _abydos(g):
    g.state["marks"]["Abydos"] = "sparta"  # a Spartan port on the Hellespont's Asian shore


def test_pharnabazus_offers_fleet_brings_three_free_fleets():
    g = full()
    s = g.state
    _abydos(g)
    hand(g, "sparta", "pharnabazus-fleet-1")
    assert [o.id for o in E.plays(s, "sparta")] == ["pharnabazus-fleet-1|Abydos"]
    run(g, E.play, [5], "sparta", "pharnabazus-fleet-1|Abydos")  # 5 +1 (Abydos, medium)
    fleets = [u for u, x in s["units"].items() if x["home"] == "persia-pharnabazus"]
    assert len(fleets) == 3
    assert {s["units"][u]["hex"] for u in fleets} == {B.comps().cities["Abydos"].hex}
    assert S.cost(s, fleets[0]) == 0 and P.active(s, "pharnabazus")
    assert s["regions"]["hellespont"]["al"] == 8 + 2  # the cost, in Athens' favour
    assert "pharnabazus-fleet-1" not in s["cards"]["discard"]  # it lies in the box
    assert E.plays(s, "sparta") == []  # one Pharnabazus card a season


def test_a_satrap_offer_fails_on_a_natural_one():
    g = full()
    s = g.state
    _abydos(g)
    s["marks"]["Byzantium"] = "sparta"  # +2, still a natural 1
    hand(g, "sparta", "pharnabazus-fleet-1")
    run(g, E.play, [1], "sparta", "pharnabazus-fleet-1|Abydos")
    assert not P.active(s, "pharnabazus") and "pharnabazus-fleet-1" in s["cards"]["discard"]


def test_tissaphernes_offers_troops_who_stay_on_the_asian_mainland():
    g = full()
    s = g.state
    s["marks"]["Miletus"] = "sparta"
    hand(g, "sparta", "tissaphernes-troops-1")
    run(g, E.play, [5], "sparta", "tissaphernes-troops-1|Miletus")  # 5 +1 (Miletus, medium)
    troops = [u for u, x in s["units"].items() if x["home"] == "persia-tissaphernes"]
    assert sorted(s["units"][u]["type"] for u in troops) == ["cavalry"] * 3 + ["light"] * 6
    general = next(n for n, x in s["leaders"].items() if x.get("persian"))
    h = B.comps().cities["Miletus"].hex
    s["ct"] = 1
    dests = destinations(s, "sparta", h, troops[:2], [general])
    assert dests and all(B.comps().hexes[d].area in P.asia_areas() for d in dests)
    assert all(S.in_supply(s, u, set()) for u in troops)  # inside a friendly city (9.2)
    assert s["regions"]["samos"]["al"] == 12 + 1


def test_offers_support_supplies_spartans_in_the_region_for_free():
    g = full()
    s = g.state
    _abydos(g)
    hand(g, "sparta", "pharnabazus-fleet-1", "pharnabazus-support-1")
    run(g, E.play, [6], "sparta", "pharnabazus-fleet-1|Abydos")
    s["cards"]["season"] = {}  # a later season
    assert [o.id for o in E.plays(s, "sparta")] == ["pharnabazus-support-1"]
    hop = put(g, "laconia", "hoplite", B.comps().cities["Abydos"].hex)[0]
    assert S.cost(s, hop) == 1
    run(g, E.play, [6], "sparta", "pharnabazus-support-1")
    assert S.cost(s, hop) == 0
    entries = P.box(s)["pharnabazus"]
    assert [e["card"] for e in entries] == ["pharnabazus-support-1"]
    assert len(entries[0]["units"]) == 3  # the fleets stay, with the support card


def test_the_great_king_shields_the_satraps_and_is_the_embassys_first_target():
    g = full()
    s = g.state
    _abydos(g)
    s["marks"]["Miletus"] = "sparta"
    hand(g, "sparta", "pharnabazus-fleet-1", "tissaphernes-fleet-1", "audience-great-king-1")
    run(g, E.play, [6], "sparta", "pharnabazus-fleet-1|Abydos")
    assert (-2, "Pharnabazus's cards are active") in P._mods(s, "tissaphernes")
    run(g, E.play, [6], "sparta", "tissaphernes-fleet-1|Miletus")
    run(g, E.play, [4], "sparta", "audience-great-king-1")  # 4 +2 (both satraps)
    assert P.great_king(s)
    assert not any(n == -2 for n, _ in P._mods(s, "tissaphernes"))
    s["season"] = 1
    assert P.embassy_targets(s) == ["audience-great-king-1"]


def test_an_athenian_embassy_sends_the_troops_home_and_leaves_the_fleets_unpaid():
    g = full()
    s = g.state
    _abydos(g)
    hand(g, "sparta", "pharnabazus-troops-1")
    run(g, E.play, [6], "sparta", "pharnabazus-troops-1|Abydos")
    s["season"] = 1
    for x in s["units"].values():
        if x["home"] == "persia-pharnabazus":
            x["raid"] = True  # raiding when the embassy succeeds
    hand(g, "athens", "athenian-embassy-1")
    opts = [o.id for o in E.plays(s, "athens")]
    assert opts == ["athenian-embassy-1|pharnabazus-troops-1"]
    run(g, E.play, [6], "athens", opts[0])
    troops = [x for x in s["units"].values() if x["home"] == "persia-pharnabazus"]
    assert all(x["where"] == "dead" and not x["raid"] for x in troops)
    assert not P.active(s, "pharnabazus") and g.check_invariants() == []
    assert s["treasury"]["athens"] == 229
    assert all(x["where"] == "dead" for x in s["leaders"].values() if x.get("persian"))


def test_an_embassy_fails_below_six():
    g = full()
    s = g.state
    _abydos(g)
    hand(g, "sparta", "pharnabazus-fleet-1")
    run(g, E.play, [6], "sparta", "pharnabazus-fleet-1|Abydos")
    s["season"] = 1
    hand(g, "athens", "athenian-embassy-1")
    assert P.embassy_mods(s, "pharnabazus-fleet-1") == []
    run(g, E.play, [5], "athens", "athenian-embassy-1|pharnabazus-fleet-1")
    assert P.active(s, "pharnabazus")


def test_a_fleet_card_goes_when_its_fleets_are_lost():
    g = full()
    s = g.state
    _abydos(g)
    hand(g, "sparta", "pharnabazus-fleet-1")
    run(g, E.play, [6], "sparta", "pharnabazus-fleet-1|Abydos")
    for x in s["units"].values():
        if x["home"] == "persia-pharnabazus":
            x.update(where="dead", hex=None)
    assert P.upkeep(s) and not P.active(s, "pharnabazus")
