"""Control, friendliness, ZOI and routes (rules 1.5, 1.6, 1.10, 4.1-4.5)."""

from __future__ import annotations

from engine.rulesets.ppw.board import board
from engine.rulesets.ppw.control import controller, standing, zoi_covers
from engine.rulesets.ppw.movement import routes
from engine.rulesets.ppw.state import add_sps

from .conftest import clear, fresh


def test_garrison_control_reverts():
    """Rule 1.5: a garrison gives control; without it the original controller returns."""
    s = fresh()
    assert controller(s, "PLA") == "athens"  # the Athenian garrison of 431
    del s["garrisons"]["PLA"]
    assert controller(s, "PLA") == "thebes"
    assert standing(s, "athens", "PLA") == "unfriendly"


def test_home_space_is_always_its_city_states():
    """Rule 1.5: a garrison in a home space does not change its control."""
    s = fresh()
    s["garrisons"]["ATH"] = "sparta"
    assert controller(s, "ATH") == "athens"


def test_non_fortress_goes_to_its_occupier():
    """Rule 1.5: an unfortified space belongs to whoever occupies it, while its SPs are
    there."""
    s = fresh()
    assert controller(s, "ACH") == "athens"
    s["occupier"]["ACH"] = "sparta"
    assert controller(s, "ACH") == "athens"  # nobody there: its original controller
    add_sps(s, "ACH", "sparta", 1, 0, 0)
    assert controller(s, "ACH") == "sparta"
    assert standing(s, "athens", "ACH") == "unfriendly"


def test_rebel_space_turns_against_its_controller():
    """Rule 1.6: a rebel space is unfriendly to its original controller's side and
    friendly to that side's enemies; Potidaea rebels in 431 under a Corinthian garrison."""
    s = fresh()
    assert "OLY" in s["rebel"]
    assert standing(s, "athens", "OLY") == "unfriendly"
    assert standing(s, "sparta", "OLY") == "friendly"
    assert controller(s, "POT") == "chalcidice"  # a home space stays its own (rule 1.5)
    assert standing(s, "athens", "POT") == "unfriendly"
    assert standing(s, "corinth", "POT") == "friendly"
    s["garrisons"]["OLY"] = "athens"  # retaken and garrisoned
    assert standing(s, "athens", "OLY") == "friendly"


def test_allies_minors_and_neutrals():
    """Rule 1.6: a minor's spaces are friendly to its patron's side; neutral ones to none."""
    s = fresh()
    assert standing(s, "sparta", "MEG") == "friendly"
    assert standing(s, "corinth", "MEG") == "friendly"  # Corinth is Sparta's ally
    assert standing(s, "athens", "MEG") == "unfriendly"
    assert standing(s, "athens", "ARG") == "neutral"
    assert standing(s, "sparta", "MEL") == "neutral"


def test_zoi_halves():
    """Rule 1.10 (R1): land SPs reach one land or combined path, ships two naval or
    combined paths; the home guard projects the land half from its home."""
    s = fresh()
    b = board()
    assert zoi_covers(s, "athens", "PIR", "AND") == (False, True)  # PIR-AND naval
    assert zoi_covers(s, "athens", "PIR", "CHI") == (False, True)  # two naval paths
    assert zoi_covers(s, "athens", "PIR", "NAX") == (False, True)  # PIR-AND-NAX
    assert zoi_covers(s, "athens", "PIR", "SAM") == (False, False)  # three paths
    assert zoi_covers(s, "athens", "ATH", "ELE") == (True, False)
    assert "DEC" not in b.land_zoi["ATH"]
    clear(s, "ATH")
    assert zoi_covers(s, "athens", "ATH", "ACH") == (True, False)  # the home guard
    assert zoi_covers(s, "sparta", "ATH", "ACH") == (False, False)


def test_no_naval_zoi_across_the_isthmus():
    """Rule 4.2: ships' ZOI never reaches along the Isthmus."""
    assert "CEN" not in board().sea_zoi["COR"] or any(
        e.to == "CEN" and e.type != "land" for e in board().edges["COR"])
    assert "CEN" in board().land_zoi["COR"]


def test_spartan_route_avoids_neutral_argos():
    """Rule 4.5 (R5): no army passes a neutral city-state; the shortest legal route is
    taken (rule 4.1)."""
    s = fresh()
    r = routes(s, "sparta", "SPA", 8, 0)
    assert "ARG" not in r
    assert "ARG" not in r["ATH"]
    assert r["ATH"][-3:] == ("MEG", "ELE", "ATH")
    s["stances"]["argos"] = {"patron": "sparta", "status": "ally"}
    assert routes(s, "sparta", "SPA", 8, 0)["ATH"] == ("TEG", "ARG", "COR", "MEG", "ELE",
                                                       "ATH")


def test_path_types_bind_armies():
    """Rule 4.1: land armies walk land and combined paths, fleets sail naval and combined
    ones; rule 4.4: ships carry one land SP each."""
    s = fresh()
    assert "AEG" not in routes(s, "athens", "ATH", 7, 0)  # an island
    assert "ATH" not in routes(s, "athens", "PIR", 0, 12)  # inland
    assert "AEG" in routes(s, "athens", "PIR", 4, 12)
    assert "AEG" not in routes(s, "athens", "PIR", 13, 12)  # too little lift


def test_long_walls_shut_out_the_enemy():
    """Rule 4.1: no enemy uses the path between Athens and Piraeus."""
    s = fresh()
    clear(s, "PIR")
    add_sps(s, "PIR", "sparta", 3, 0, 0)
    r = routes(s, "sparta", "PIR", 3, 0)
    assert r["ATH"][0] != "ATH" or len(r["ATH"]) > 1
    assert r["ATH"][0] == "ELE"


def test_the_isthmus_lets_friendly_ships_across():
    """Rule 4.2: ships cross between Corinth and Cenchreae when both are friendly."""
    s = fresh()
    assert routes(s, "corinth", "COR", 0, 3)["CEN"] == ("CEN",)
    assert "CEN" not in [r[0] for r in routes(s, "athens", "PIR", 0, 12).values()
                         if r[-1] == "COR"]


def test_kingdom_lands_are_closed_to_their_enemies():
    """Rule 4.5: Odrysian land only for the Odrysians' friends."""
    s = fresh()
    add_sps(s, "ABD", "athens", 4, 0, 0)
    assert routes(s, "athens", "ABD", 4, 0)["ODR"] == ("ODR",)
    add_sps(s, "ABD", "sparta", 4, 0, 0)
    assert "ODR" not in routes(s, "sparta", "ABD", 4, 0)
