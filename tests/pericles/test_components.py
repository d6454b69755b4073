"""The Pericles component data: it validates, its cross-references hold, the cards the
playbook names keep their printed values, the counts match the stated totals, and the
turn-6 set-up is the position of the playbook's worked example (16.0)."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
from pydantic import ValidationError

from engine.rulesets.pericles.components import DATA, PericlesData, load_components

C = load_components()


def raw() -> dict:
    def read(name: str):
        return json.loads((DATA / name).read_text(encoding="utf-8"))

    return {"theaters": read("theaters.json")["theaters"], "routes": read("routes.json")["routes"],
            "cards": read("cards.json"), "aristophanes": read("aristophanes.json")["aristophanes"],
            "counts": read("counts.json"), "setups": read("setups.json")["setups"]}


def test_loaded_once():
    assert load_components() is C


# ---- theaters and routes


def test_twenty_theaters_and_the_persia_box():
    numbered = sorted(t.number for t in C.data.theaters if t.number)
    assert numbered == list(range(1, 21))
    assert C.theaters["persia"].type == "box" and C.theaters["persia"].number is None
    assert C.by_number[17].name == "Samos" and C.by_number[20].name == "Eastern Mediterranean"


def test_theater_types_the_playbook_states():
    # 16.0: Sicily and Chalcidice are land theaters; 18.0: Boeotia is one; the Samos
    # vignette fights at sea first (14.1.04 B), an army entering Athens meets a sea battle (18.0)
    for key in ("sicily", "chalcidice", "boeotia"):
        assert C.theaters[key].type == "land"
    for key in ("samos", "athens", "hellespont", "lesbos", "chios"):
        assert C.theaters[key].type == "naval"
    assert Counter(t.type for t in C.data.theaters) == {"land": 10, "naval": 10, "box": 1}


def test_granaries_chokepoints_capitals():
    assert {t.key for t in C.data.theaters if t.granary} == {"sicily", "hellespont", "sparta"}
    chokes = {t.key for t in C.data.theaters if t.chokepoint}
    assert {"naupactus", "hellespont", "corcyra", "athens"} == chokes  # 15.31 C, 18.0
    assert C.theaters["athens"].capital == "athens" and C.theaters["sparta"].capital == "sparta"


def test_sparta_has_two_exits_one_by_sea_only():
    # 16.0: one route out of Sparta is naval only; the other carries land units too
    assert C.neighbours("sparta") == {"isthmus", "athens"}
    assert C.route("sparta", "isthmus") == "both" and C.route("sparta", "athens") == "naval"


def test_isthmus_exits_and_the_land_only_route_to_boeotia():
    assert C.neighbours("isthmus") == {"sparta", "athens", "naupactus", "boeotia"}
    assert C.route("isthmus", "boeotia") == "land"
    assert "boeotia" not in C.neighbours("isthmus", "naval")


def test_the_isthmus_fleet_is_bottled_up_by_athens_and_naupactus():
    # 16.0: every sea path out of the Isthmus passes Athens or Naupactus
    reach, todo = {"isthmus"}, ["isthmus"]
    while todo:
        here = todo.pop()
        for n in C.neighbours(here, "naval") - reach:
            if n not in ("athens", "naupactus"):
                todo.append(n)
            reach.add(n)
    assert reach == {"isthmus", "sparta", "athens", "naupactus"}


def test_every_land_path_north_to_chalcidice_passes_thessalia():
    reach, todo = {"sparta"}, ["sparta"]
    while todo:
        for n in C.neighbours(todo.pop(), "land") - reach - {"thessalia"}:
            reach.add(n)
            todo.append(n)
    assert "chalcidice" not in reach and "boeotia" in reach
    assert C.route("thessalia", "macedonia") and C.route("macedonia", "chalcidice")


def test_sea_paths_of_the_example():
    # an Athenian ship reached Macedonia by way of Chalcidice; the Sicilian expedition
    # sailed Athens - Corcyra - Sicily, and Sicily's fleet cannot leave but by Corcyra
    assert "chalcidice" in C.neighbours("athens", "naval") and "macedonia" in C.neighbours("chalcidice", "naval")
    assert "corcyra" in C.neighbours("athens", "naval")
    assert C.neighbours("sicily") == {"corcyra"} and C.route("sicily", "corcyra") == "naval"


@pytest.mark.parametrize("numbers", [(5, 6, 7, 8, 19, 20), (6, 7, 13, 14, 15, 16, 17, 18, 19)])
def test_training_scenario_maps_are_connected(numbers):
    # 14.1.01 A and 14.1.09 A play on these theaters alone
    keys = {C.by_number[n].key for n in numbers}
    start = next(iter(keys))
    reach, todo = {start}, [start]
    while todo:
        for n in C.neighbours(todo.pop()) & keys - reach:
            reach.add(n)
            todo.append(n)
    assert reach == keys


def test_persia_takes_markers_but_no_routes():
    assert C.neighbours("persia") == frozenset()


# ---- political decks


def test_decks_count_and_spread():
    decks = C.data.cards.decks
    for city, first in (("athens", 1), ("sparta", 33)):
        deck = decks[city]
        assert [c.number for c in deck.cards] == list(range(first, first + 30))
        assert len(deck.cards) + len(deck.leaders) == 32
        assert Counter(c.face for c in deck.cards) == {1: 6, 2: 6, 3: 6, 4: 6, 5: 6}
        assert len({h.personality for c in deck.cards for h in c.halves.values()}) == 60
        for faction in deck.factions:
            spread = Counter(c.halves[faction].issue for c in deck.cards)
            assert [spread[i] for i in ("military", "league", "diplomatic", "oracle", "war_peace", "ostracism")] == [8, 7, 5, 4, 2, 2]
            assert 5.0 <= sum(c.aligned(faction) for c in deck.cards) / 30 <= 6.5  # "about five" (18.0)
    assert decks["athens"].cards[28].title == "Antiochis X"
    assert decks["sparta"].cards[0].title == "Gerousia 1"


def test_named_cards_keep_their_printed_values():
    card = C.cards
    assert (card[33].halves["eurypontid"].issue, card[33].aligned("eurypontid"), card[33].halves["eurypontid"].strategos) == ("military", 8, 4)
    assert (card[34].halves["agiad"].issue, card[34].aligned("agiad"), card[34].face) == ("war_peace", 8, 5)
    assert (card[35].halves["agiad"].issue, card[35].aligned("agiad"), card[35].halves["agiad"].strategos) == ("military", 8, 3)
    assert (card[36].halves["agiad"].issue, card[36].aligned("agiad"), card[36].halves["agiad"].strategos) == ("league", 7, 3)
    assert (card[38].halves["eurypontid"].issue, card[38].aligned("eurypontid")) == ("diplomatic", 7)
    assert (card[39].halves["agiad"].issue, card[39].aligned("agiad")) == ("military", 7)
    assert (card[44].halves["eurypontid"].issue, card[44].aligned("eurypontid")) == ("military", 6)
    assert card[39].halves["agiad"].strategos + card[44].halves["eurypontid"].strategos == 5
    assert (card[54].halves["agiad"].issue, card[54].aligned("agiad")) == ("diplomatic", 6)
    assert card[54].face <= 4  # the Agiad's best card against Military in round 5 was a 4
    assert (card[55].halves["eurypontid"].issue, card[55].aligned("eurypontid"), card[55].halves["eurypontid"].strategos) == ("league", 5, 1)
    assert card[59].face == 1 and card[59].halves["eurypontid"].issue != "league"  # worth 1 on League
    assert card[29].halves["aristocrats"].issue == "oracle"
    assert card[34].halves["agiad"].personality == "Sthenelaidas"  # 14.1.06 B's war party


def test_round_one_of_the_example_replays():
    # 33 (8, +4) against 35 (8, +3) on a Military issue: no move, 4 and 3 tokens
    a, b = C.cards[33], C.cards[35]
    assert a.aligned("eurypontid") - b.aligned("agiad") == 0
    assert (a.halves["eurypontid"].strategos, b.halves["agiad"].strategos) == (4, 3)


def test_the_example_debate_adds_up():
    # PB 16.0, the Spartan Assembly of 14.1.06 A under Clouds A (stock 21 - 6 = 15):
    # (designated issue, Eurypontid card, Agiad card, boxes moved toward the Agiad)
    rounds = [("military", 33, 35, 0), ("league", 59, 36, 6), ("league", 55, 34, 0),
              ("military", 44, 39, 1), ("diplomatic", 38, 54, -1)]
    stock = C.data.counts.strategos["stock"] + C.aristophanes["Clouds A"].event[0].athens
    paid = []
    for issue, eu, ag, moved in rounds:
        value = {}
        award = 0
        for faction, number in (("eurypontid", eu), ("agiad", ag)):
            card = C.cards[number]
            aligned = card.halves[faction].issue == issue
            value[faction] = card.aligned(faction) if aligned else card.face
            award += card.halves[faction].strategos if aligned else 0
        assert value["agiad"] - value["eurypontid"] == moved, (issue, eu, ag)
        paid.append(award)
    assert paid[:4] == [7, 3, 1, 5]
    assert stock - sum(paid[:3]) == 4  # "5 could be awarded, but only four left"
    # the Boule: the Agiad's strongest aligned cards were 35 and 34 (8), then 36 and 39 tied (7)
    strongest = sorted(((C.cards[n].aligned("agiad"), n) for n in (34, 35, 36, 39, 54)), reverse=True)
    assert [v for v, _ in strongest] == [8, 8, 7, 7, 6]


def test_leader_cards_and_names_by_turn():
    lc = C.data.cards.leader_card
    assert (lc.value, lc.not_against, lc.strategos, lc.board_pre_plague) == (7, ("war_peace",), 1, 2)
    lead = {x.faction: x for deck in C.data.cards.decks.values() for x in deck.leaders}
    assert lead["eurypontid"].name(6) == "Archidamus" and lead["eurypontid"].name(9) == "Agis II"
    assert lead["aristocrats"].name(1) == "Cimon" and lead["demagogues"].name(1) == "Pericles"  # 17.1
    assert lead["agiad"].name(1) == "Pleistoanax"


def test_validator_pins_printed_values():
    data = raw()
    card = next(c for c in data["cards"]["decks"]["sparta"]["cards"] if c["number"] == 33)
    card["halves"]["eurypontid"]["strategos"] = 3
    with pytest.raises(ValidationError, match="card 33 eurypontid: strategos 3, printed 4"):
        PericlesData.model_validate(data)


def test_validator_rejects_a_short_deck_and_a_bad_bonus():
    data = raw()
    data["cards"]["decks"]["athens"]["cards"].pop()
    with pytest.raises(ValidationError, match="numbered 1-30"):
        PericlesData.model_validate(data)
    data = raw()
    half = data["cards"]["decks"]["athens"]["cards"][0]["halves"]["demagogues"]
    half["bonus"] = 1 if half["bonus"] != 1 else 4
    with pytest.raises(ValidationError, match="does not fit face"):
        PericlesData.model_validate(data)


def test_validator_rejects_a_route_to_nowhere():
    data = raw()
    data["routes"].append({"a": "athens", "b": "crete", "kind": "naval", "origin": "ours"})
    with pytest.raises(ValidationError, match="athens-crete"):
        PericlesData.model_validate(data)


# ---- Aristophanes


def test_aristophanes_deck():
    cards = C.aristophanes
    assert len(cards) == 24
    assert Counter(c.play for c in cards.values()) == {p: 3 for p in (
        "Acharnians", "Knights", "Clouds", "Wasps", "Peace", "Birds", "Lysistrata", "Frogs")}
    clouds = cards["Clouds A"]
    assert {(p.issue, p.city, p.track, p.box) for p in clouds.placements} == {
        ("war_peace", "athens", "opposition", 1), ("war_peace", "sparta", "opposition", 1)}
    stock = clouds.event[0]
    assert stock.kind == "stock" and (stock.athens, stock.sparta) == (-6, -6)  # 21 -> 15 (16.1)
    assert C.data.counts.strategos["stock"] + stock.athens == 15
    assert clouds.event_title == "Peace Party"
    frogs = cards["Frogs C"].placements
    assert [(p.issue, p.track, p.box) for p in frogs] == [("ostracism", "demagogues", 1)]  # 14.1.01 B
    for v in "ABC":
        assert [e.kind for e in cards[f"Acharnians {v}"].event] == ["plague"]  # 14.03
    deaths = cards["Knights B"].event[0]
    assert deaths.kind == "deaths" and set(deaths.names) == {"Cleon", "Brasidas"}  # 17.2
    assert "Frogs B" in cards  # 14.1.10 A's opening card


# ---- counts and set-ups


def test_counts_match_the_stated_totals():
    k = C.data.counts
    assert k.cards == {"aristophanes": 24, "athens": 32, "sparta": 32}
    assert (k.strategos["stock"], k.strategos["board"]) == (21, 5)  # 16.1: 21, Board of five
    assert k.units["S"]["land"] == 10  # 16.0: after eight plus two built, none left to build
    assert k.limits["bases_per_theater"] == 3 and k.limits["maintenance_per_base"] == 4
    assert k.theater_markers["rumor"] == 2 and sorted(k.dice) == ["d20", "d6"]


def test_setups_for_every_starting_turn():
    assert sorted(C.setups) == [1, 2, 3, 4, 6, 8, 9, 10]
    for turn, s in C.setups.items():
        assert s.persian_war == ("active" if turn <= 2 else "concluded")
        assert s.plague == ("post" if turn >= 7 else "pre")  # 14.03
        assert s.peace_marker == (turn >= 3)


def _pieces(turn: int) -> dict[tuple[str, str], tuple[int, int, int]]:
    return {(x.theater, x.owner): (x.land, x.naval, x.bases) for x in C.setups[turn].stacks}


def test_athens_row_of_the_master_chart():
    want = {1: (2, 6, 2), 2: (4, 4, 2), 3: (4, 4, 2), 4: (4, 4, 2), 6: (6, 6, 2), 8: (4, 3, 2), 9: (2, 2, 2)}
    for turn, pieces in want.items():
        assert _pieces(turn)["athens", "A"] == pieces
    assert _pieces(10)["athens", "A"][:2] == (2, 2)


def test_turn_six_is_the_worked_example():
    p = _pieces(6)
    assert p["sparta", "S"] == (8, 0, 2)
    assert p["isthmus", "P"] == (2, 3, 2)
    assert p["boeotia", "P"] == (4, 0, 1) and p["boeotia", "D"] == (1, 0, 1)
    assert p["chalcidice", "P"] == (1, 0, 1) and p["chalcidice", "D"] == (0, 0, 1) and p["chalcidice", "A"] == (1, 1, 0)
    assert p["sicily", "P"] == (2, 1, 1)
    assert p["athens", "A"] == (6, 6, 2) and p["corcyra", "D"] == (0, 2, 1)
    assert sum(p["naupactus", "A"]) == 3 and p["naupactus", "A"][1:] == (1, 1)
    assert p["thessalia", "D"] == (2, 0, 1) and p["cyclades", "D"] == (0, 0, 1)
    assert p["hellespont", "A"][2] == 1 and p["aetolia", "P"][0] >= 1
    assert not [k for k in p if k[0] == "macedonia"]
    treachery = {(t.theater, t.side): t.count for t in C.setups[6].treachery}
    assert treachery == {("boeotia", "sparta"): 1, ("chalcidice", "sparta"): 1}
    side = {"A": "athens", "D": "athens", "S": "sparta", "P": "sparta"}
    bases, land, naval = Counter(), Counter(), Counter()
    for (_, owner), (lnd, nav, bas) in p.items():
        bases[side[owner]] += bas
        land[side[owner]] += lnd
        naval[side[owner]] += nav
    assert (bases["athens"], bases["sparta"]) == (15, 8)
    # 16.0 ends the turn with 14 Athenian land and 14 naval, three land units having died
    assert (land["athens"], naval["athens"]) == (17, 14)


def test_every_setup_gives_athens_a_granary_base():
    granaries = {t.key for t in C.data.theaters if t.granary}
    for s in C.setups.values():
        assert any(x.theater in granaries and x.owner in ("A", "D") and x.bases for x in s.stacks), s.turn


def test_turn_nine_persia_has_two_bases():
    assert _pieces(9)["persia", "persia"] == (0, 0, 2)  # 14.1.09 A


def test_validator_rejects_a_fourth_base_and_an_orphan_army():
    data = raw()
    data["setups"]["6"]["stacks"].append({"theater": "athens", "owner": "S", "land": 0, "naval": 0, "bases": 2, "origin": "ours"})
    with pytest.raises(ValidationError, match="more than 3 bases in athens"):
        PericlesData.model_validate(data)
    data = raw()
    data["setups"]["6"]["stacks"].append({"theater": "macedonia", "owner": "P", "land": 2, "naval": 0, "bases": 0, "origin": "ours"})
    with pytest.raises(ValidationError, match="P units in macedonia have no base"):
        PericlesData.model_validate(data)


def test_validator_rejects_a_lost_scenario_card_and_a_stray_300():
    data = raw()
    data["cards"]["scenario_cards"]["14.1.06 A"]["agiad"] = [99]
    with pytest.raises(ValidationError, match="no card 99"):
        PericlesData.model_validate(data)
    data = raw()
    data["setups"]["6"]["the_300"] = "macedonia"
    with pytest.raises(ValidationError, match="the 300 must stand"):
        PericlesData.model_validate(data)


def test_json_keys():
    out = C.to_json()
    assert {"theaters", "routes", "cards", "aristophanes", "setups", "counts"} <= set(out)
    json.dumps(copy.deepcopy(out))
