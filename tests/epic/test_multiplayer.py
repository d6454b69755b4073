"""The three- and four-player games (24.0, 25.0): seats, the alliance rules, turn order,
victory, redaction for every seat, and random games."""

from __future__ import annotations

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.epic import alliances as A
from engine.rulesets.epic import menus
from engine.rulesets.epic.result_text import reason
from engine.rulesets.epic.rules import MACHINE
from engine.selfplay import play_random
from engine.testing import assert_view_hides

from .helpers import through_menus

RULES = engine.ruleset("epic")


def new(scenario: str = "three-player", seed: str = "multi"):
    return engine.new_game("epic", scenario, seed=seed)


def answer(g, seat: str, option: str) -> None:
    p = next(p for p in g.prompts() if p.seat == seat)
    assert option in {o.id for o in p.options}, [o.id for o in p.options][:20]
    g.act(seat, option)


def past_revolts(g) -> None:
    """The full Seasonal Turn opens with the revolt checks (6.0): name the first city, end no
    revolt, to reach Placement."""
    while g.prompts()[0].kind == "revolt":
        p = g.prompts()[0]
        ids = [o.id for o in p.options]
        g.act(p.seat, "done" if "done" in ids else ids[0])


def dice(*faces: int):
    it = iter(faces)
    return lambda: next(it)


# ------------------------------------------------------------------ set-up (24.2, 25.2)
def test_three_player_seats_teams_and_treasuries():
    sc = RULES.scenarios["three-player"]
    assert sc.seats == ("athens", "sparta", "thebes")
    assert sc.teams == (("athens",), ("sparta", "thebes"))
    s = new().state
    assert s["treasury"] == {"athens": 230, "sparta": 14, "thebes": 8}  # 24.2.4
    held = s["league"]["holder"]
    assert {r for r, x in held.items() if x == "thebes"} == {
        "megarid", "boeotia", "phocis-locris", "aetolia"}  # 24.2.3
    assert held["epirus"] == held["corinth"] == held["laconia"] == "sparta"
    assert all(s["regions"][r]["side"] == "sparta" for r in held)  # one League side (24.5)


def test_three_player_pieces_belong_to_their_players():
    s = new().state
    for u in s["units"].values():
        if u["home"] == "boeotia":
            assert (u["side"], u["seat"]) == ("sparta", "thebes")
        if u["home"] == "corinth":
            assert u["seat"] == "sparta"
    assert s["leaders"]["Pagondas"]["seat"] == "thebes"  # 24.2.2
    assert s["leaders"]["Pagondas"]["region"] == "boeotia"
    assert s["leaders"]["Archidamus"]["seat"] == "sparta"
    assert s["leaders"]["Xenocleides"]["seat"] == "sparta"  # on the map in Corinth
    assert s["leaders"]["Xenocleides"]["where"] == "map"
    assert "seat" not in s["leaders"]["Pericles"]


def test_four_player_setup():
    sc = RULES.scenarios["four-player"]
    assert sc.seats == ("athens", "sparta", "thebes", "corinth")
    assert sc.teams == (("athens",), ("sparta", "thebes", "corinth"))
    s = new("four-player").state
    assert s["treasury"] == {"athens": 230, "sparta": 8, "thebes": 8, "corinth": 6}  # 25.2.3
    assert A.regions_of(s, "corinth") == ["achaea", "corinth", "epirus"]  # 25.2.2
    assert A.regions_of(s, "sparta") == ["arcadia", "elis", "epidaurus", "laconia"]
    assert s["leaders"]["Ramphias"]["seat"] == "sparta"  # 25.2.1
    assert s["leaders"]["Cnemus"]["seat"] == "corinth"
    assert s["leaders"]["Cnemus"]["region"] == "corinth"
    assert {u["seat"] for u in s["units"].values() if u["home"] == "achaea"} == {"corinth"}


def test_neutral_argolid_and_persia_stay_off_the_board():
    s = new().state
    from engine.rulesets.epic import board as B

    argos = B.comps().cities["Argos"].hex
    assert argos not in B.play_hexes("three-player", "athens")  # 23.2.3
    assert argos not in B.play_hexes("three-player", "sparta")
    assert not any(u["home"].startswith("persia") or u["home"] == "sicily"
                   for u in s["units"].values())


# ------------------------------------------------------------------ turn order (3.3, 24.4)
def test_turn_order_counts_the_league_together_and_sparta_leads_it():
    s = new().state
    assert s["order"] == ["athens", "sparta"]  # Athens 14 regions, the League 11
    assert s["league"]["seats"] == ["sparta", "thebes"]
    for r in ("euboea", "thessaly", "macedon"):  # now the League has more: 14 to 11
        s["regions"][r]["side"] = "sparta"
        s["league"]["holder"][r] = "thebes"
    A.set_order(s)
    assert s["order"] == ["sparta", "athens"]
    assert s["league"]["seats"] == ["sparta", "thebes"]  # 7 each: Sparta first
    s["league"]["holder"]["epirus"] = "thebes"
    A.set_order(s)
    assert s["league"]["seats"] == ["thebes", "sparta"]  # Thebes controls more (24.4)


def test_four_player_order_ties_keep_sparta_first():
    s = new("four-player").state
    assert s["league"]["seats"] == ["sparta", "thebes", "corinth"]  # 4, 4, 3 regions
    s["league"]["holder"]["elis"] = "corinth"
    A.set_order(s)
    # Sparta 3, Thebes 4, Corinth 4: both allies go before Sparta, Thebes first on the tie
    assert s["league"]["seats"] == ["thebes", "corinth", "sparta"]


# ------------------------------------------------------------------ each ally his own
def test_placement_each_league_player_places_his_own():
    g = new()
    past_revolts(g)
    answer(g, "athens", "done")
    p = next(p for p in g.prompts())
    assert p.seat == "sparta"
    ids = {str(i) for x in menus.leaves_of(p) for i in (x["id"], *x.get("also", ()))}
    assert any(i.startswith("place:laconia:") for i in ids)
    assert not any(":boeotia:" in i or "Pagondas" in i for i in ids)
    answer(g, "sparta", "done")
    p = next(p for p in g.prompts())
    assert p.seat == "thebes"  # 24.4: the allies act one after the other
    ids = {str(i) for x in menus.leaves_of(p) for i in (x["id"], *x.get("also", ()))}
    assert any(i.startswith("place:boeotia:") for i in ids)
    assert any(i.startswith("lplace:Pagondas:") for i in ids)
    assert not any(":laconia:" in i or "Archidamus" in i for i in ids)
    thebes = next(i for i in ids if i.startswith("place:boeotia:hoplite"))
    through_menus(g, "thebes", thebes)
    placed = [u for u in g.state["units"].values() if u["placed"]]
    assert [u["seat"] for u in placed] == ["thebes"]


def test_a_league_seat_may_not_answer_its_allys_prompt():
    g = new()
    past_revolts(g)
    answer(g, "athens", "done")
    assert [p.seat for p in g.prompts()] == ["sparta"]
    with pytest.raises(engine.IllegalAction):
        g.act("thebes", "done")


def test_talents_pass_between_allies():
    g = new()
    past_revolts(g)
    answer(g, "athens", "done")
    answer(g, "sparta", "done")
    answer(g, "thebes", "done")
    p = g.prompts()[0]
    assert (p.seat, p.kind, p.rule) == ("sparta", "talents", "24.5")
    answer(g, "sparta", "give:thebes:5")
    assert g.state["treasury"] == {"athens": 230, "sparta": 9, "thebes": 13}
    answer(g, "sparta", "done")
    assert g.prompts()[0].seat == "thebes"
    answer(g, "thebes", "give:sparta:10")
    assert g.state["treasury"]["sparta"] == 19


def test_give_talents_refuses_what_the_rule_does_not_allow():
    s = new().state
    with pytest.raises(engine.IllegalAction):
        A.give_talents(s, "sparta", "athens", 1)  # allies only
    with pytest.raises(engine.IllegalAction):
        A.give_talents(s, "thebes", "sparta", 9)  # more than Thebes has


def test_supply_each_ally_pays_for_his_own_units():
    g = new()
    s = g.state
    boeotian = [k for k, u in s["units"].items() if u["home"] == "boeotia"][:2]
    laconian = [k for k, u in s["units"].items() if u["home"] == "laconia"
                and u["type"] == "hoplite"][:3]
    thebes = s["leaders"]["Pagondas"]
    from engine.rulesets.epic import board as B

    th = B.comps().cities["Thebes"].hex
    sp = B.comps().cities["Sparta"].hex
    for k in boeotian:
        s["units"][k].update(where="map", hex=th)
    for k in laconian:
        s["units"][k].update(where="map", hex=sp)
    thebes.update(where="map", hex=th, region=None)
    past_revolts(g)
    for seat in ("athens", "sparta", "thebes", "sparta", "thebes", "athens", "sparta",
                 "thebes"):  # placement, talents (24.5), builds (7.5)
        answer(g, seat, "done")
    while g.prompts()[0].seat == "athens":  # Athens' supply: forage nowhere, pay
        p = g.prompts()[0]
        g.act("athens", random_answer(p, Rng("a")) if p.kind != "forage" else "")
    for seat in ("sparta", "thebes"):
        p = g.prompts()[0]
        if p.seat == seat and p.kind == "forage":
            g.act(seat, "")
    # in a home-region city a unit costs half (9.4.3): 3 hoplites -> 2, 2 Thebans -> 1
    assert g.state["treasury"]["sparta"] == 14 - 2
    assert g.state["treasury"]["thebes"] == 8 - 1


def test_forage_in_an_allys_region_only_when_every_league_treasury_is_empty():
    s = new().state
    from engine.rulesets.epic import board as B

    uid = next(k for k, u in s["units"].items() if u["home"] == "laconia")
    s["units"][uid].update(where="map", hex=B.comps().cities["Megara"].hex)
    assert not A.may_forage_home(s, uid, "megarid")  # Thebes' region, Sparta's unit
    s["treasury"]["sparta"] = 0
    assert not A.may_forage_home(s, uid, "megarid")  # Thebes still has talents
    s["treasury"]["thebes"] = 0
    assert A.may_forage_home(s, uid, "megarid")
    s["treasury"]["sparta"] = 5
    assert A.may_forage_home(s, uid, "laconia")  # his own region: 9.4.2 decides


# ------------------------------------------------------------------ regions won (24.3)
def _won(s, region: str) -> None:
    s["regions"][region]["side"] = "sparta"


def _place(s, home: str, n: int, hexid: str) -> None:
    k = 0
    for u in s["units"].values():
        if u["home"] == home and u["where"] == "pool" and u["type"] != "fleet" and k < n:
            u.update(where="map", hex=hexid)
            k += 1


def test_a_region_won_goes_to_the_ally_with_more_units_there():
    s = new().state
    from engine.rulesets.epic import board as B

    h = B.comps().cities["Chalcis"].hex if "Chalcis" in B.comps().cities else next(
        c.hex for c in B.region_cities("euboea"))
    _won(s, "euboea")
    _place(s, "boeotia", 2, h)
    _place(s, "laconia", 1, h)
    lines = A.settle(s, dice())
    assert s["league"]["holder"]["euboea"] == "thebes"
    assert "more units there" in lines[0]


def test_units_with_a_leader_count_for_the_leaders_player():
    s = new().state
    from engine.rulesets.epic import board as B

    h = next(c.hex for c in B.region_cities("euboea"))
    _place(s, "boeotia", 2, h)
    _place(s, "laconia", 1, h)
    s["leaders"]["Archidamus"].update(where="map", hex=h, region=None)
    assert A.claimants(s, "euboea") == {"sparta": 3, "thebes": 0}  # 24.3 (1)


def test_ties_go_to_more_adjacent_regions_then_fewer_regions_then_the_die():
    s = new().state
    _won(s, "thessaly")  # no units there: Thebes touches it twice (Aetolia, Phocis/Locris),
    assert A.new_holder(s, "thessaly", dice()) == (  # Sparta once (Epirus)
        "thebes", "more adjacent regions (24.3 2)")
    s["regions"]["thessaly"]["side"] = "athens"
    _won(s, "acarnania")  # one each (Aetolia, Epirus): Thebes has fewer regions, 4 to 7
    assert A.new_holder(s, "acarnania", dice()) == ("thebes", "fewer regions (24.3 3)")
    s["league"]["holder"]["achaea"] = "thebes"
    _won(s, "euboea")
    s["league"]["holder"]["euboea"] = "thebes"  # now 6 each: the die (24.3 4)
    assert A.new_holder(s, "acarnania", dice(1))[0] == "sparta"
    assert A.new_holder(s, "acarnania", dice(2)) == ("thebes", "at random, die 2 (24.3 4)")


def test_a_region_lost_to_athens_has_no_league_holder():
    s = new().state
    s["regions"]["megarid"]["side"] = "athens"
    A.settle(s, dice())
    assert "megarid" not in s["league"]["holder"]
    assert A.holder(s, "megarid") == "athens"


# ------------------------------------------------------------------ Allied Dissent
def test_allied_dissent_modifiers_and_success():
    s = new().state
    # Corinth touches Megarid (Thebes) and Achaea, Arcadia, Epidaurus (Sparta): 1 - 3
    assert A.dissent_modifier(s, "thebes", "corinth")[0] == -2
    lines = A.allied_dissent(s, "thebes", "corinth", 6)
    assert s["league"]["holder"]["corinth"] == "sparta" and "nothing" in lines[-1]
    s["league"]["holder"].update(achaea="thebes", arcadia="thebes", epidaurus="thebes")
    s["leaders"]["Xenocleides"].update(where="force", hex=None, region="laconia")
    _place(s, "boeotia", 1, A.B.comps().cities["Corinth"].hex)
    assert A.dissent_modifier(s, "thebes", "corinth")[0] == 4 + 1  # + more units there
    al = s["regions"]["corinth"]["al"]
    A.allied_dissent(s, "thebes", "corinth", 1)  # 1 + 5 = 6: taken, but a 1 costs 1 AL
    assert s["league"]["holder"]["corinth"] == "thebes"
    assert {u["seat"] for u in s["units"].values() if u["home"] == "corinth"} == {"thebes"}
    assert s["regions"]["corinth"]["al"] == al - 1


def test_allied_dissent_fails_and_costs_al_on_three_or_less():
    s = new().state
    al = s["regions"]["epirus"]["al"]
    A.allied_dissent(s, "thebes", "epirus", 1)
    assert s["league"]["holder"]["epirus"] == "sparta"
    assert s["regions"]["epirus"]["al"] == al - 1


def test_allied_dissent_never_on_laconia_or_boeotia_nor_corinth_with_four():
    s = new().state
    assert "laconia" not in A.dissent_targets(s, "thebes")
    assert "boeotia" not in A.dissent_targets(s, "sparta")
    assert "corinth" in A.dissent_targets(s, "thebes")
    s4 = new("four-player").state
    assert "corinth" not in A.dissent_targets(s4, "sparta")
    with pytest.raises(engine.IllegalAction):
        A.allied_dissent(s, "sparta", "laconia", 6)


def test_card_exchange_hook_moves_a_card_between_allies():
    s = new().state
    s["cards"]["hands"] = {"athens": [], "sparta": ["storms-at-sea"], "thebes": []}
    A.give_card(s, "sparta", "thebes", "storms-at-sea")
    assert s["cards"]["hands"]["thebes"] == ["storms-at-sea"]
    with pytest.raises(engine.IllegalAction):
        A.give_card(s, "thebes", "athens", "storms-at-sea")


# ------------------------------------------------------------------ victory (24.8, 25.4)
def test_athens_btv_decides_first():
    s = new().state
    r = A.final(s)
    assert r["winners"] == ["athens"] and r["level"] == "victory"  # 33 BTV at the start


def test_league_players_count_their_own_btv_when_athens_loses():
    s = new().state
    for region in ("hellespont", "lesbos", "samos", "euboea"):  # -13 BTV: Athens 20
        s["regions"][region]["side"] = "sparta"
    s["league"]["holder"].update(hellespont="sparta", lesbos="sparta", samos="thebes",
                                 euboea="sparta")
    r = A.final(s)
    # Sparta 11 + 5 + 3 + 2 = 21: victory (15-21); Thebes 6 + 3 = 9: victory (8-11)
    assert r["winners"] == ["sparta", "thebes"]
    assert "Sparta 21" in reason(r) and "Thebes 9" in reason(r)
    s["league"]["holder"]["euboea"] = "thebes"
    s["league"]["holder"]["lesbos"] = "thebes"
    r = A.final(s)  # Sparta 16, Thebes 14: decisive for Thebes (12+)
    assert r["winners"] == ["sparta", "thebes"] and "decisive Thebes" in reason(r)
    assert r["levels"] == {"sparta": "victory", "thebes": "decisive"}
    assert r["winner"] == "thebes"  # the best level, for the banner
    s["league"]["holder"].update(euboea="sparta", lesbos="sparta", samos="sparta")
    r = A.final(s)  # Sparta 24, Thebes 6: Thebes short, but the League wins together
    assert r["winners"] == ["sparta", "thebes"] and "Thebes short" in reason(r)
    assert r["levels"] == {"sparta": "decisive"}


def test_stalemate_band():
    s = new().state
    s["regions"]["thrace"]["side"] = "sparta"
    s["league"]["holder"]["thrace"] = "thebes"
    r = A.final(s)  # 33 - 3 = 30
    assert r["winners"] == [] and r["level"] == "stalemate"


def test_four_player_levels():
    s = new("four-player").state
    for region in ("hellespont", "lesbos", "samos", "euboea", "chios"):
        s["regions"][region]["side"] = "sparta"
    s["league"]["holder"].update(hellespont="sparta", lesbos="corinth", samos="thebes",
                                 euboea="sparta", chios="corinth")
    r = A.final(s)  # Athens 18; Sparta 7+7=14 (12-17), Thebes 9 (8-11), Corinth 9 (8+)
    assert r["winners"] == ["sparta", "thebes", "corinth"]
    assert r["levels"] == {"sparta": "victory", "thebes": "victory", "corinth": "decisive"}
    assert "decisive Corinth" in reason(r)


def test_athens_taking_thebes_wins_decisively():
    s = new().state
    r = A.capital_taken(s, "Thebes", "athens", "athens")
    assert r is not None and r["winners"] == ["athens"] and r["level"] == "decisive"
    assert A.capital_taken(s, "Corinth", "athens", "athens") is None  # not a capital with 3
    s4 = new("four-player").state
    assert A.capital_taken(s4, "Corinth", "athens", "athens")["winners"] == ["athens"]


def test_a_league_player_taking_athens_counts_attica_for_him():
    s = new().state
    r = A.capital_taken(s, "Athens", "sparta", "thebes")
    assert r is not None
    assert "Thebes 8" in reason(r)  # 6 + Attica's 2 (24.8 2): a Theban victory
    assert "thebes" in r["winners"]


def test_boeotia_going_over_ends_the_game():
    s = new().state
    s["regions"]["boeotia"]["side"] = "athens"
    r = A.home_lost(s)
    assert r is not None and r["winners"] == ["athens"]


def test_outcome_names_the_league_winners():
    g = new()
    g.state["result"] = {"winner": "sparta", "winners": ["sparta", "thebes"], "level": "victory",
                         "why": [["went_over", "attica", "league"]], "rule": "24.8"}
    outcome = RULES.outcome(g.state)
    assert outcome.winners == ("sparta", "thebes")
    assert outcome.reason == "Attica has gone over to the League"  # worded when shown


def test_a_league_player_resigning_concedes_for_the_alliance():
    g = new()
    RULES.resign(g.state, "thebes", None)  # type: ignore[arg-type]
    assert RULES.outcome(g.state).winners == ("athens",)
    g = new()
    RULES.resign(g.state, "athens", None)  # type: ignore[arg-type]
    assert RULES.outcome(g.state).winners == ("sparta", "thebes")


# ------------------------------------------------------------------ leaders
def test_a_replacement_serves_the_dead_leaders_player():
    s = new().state
    from engine.rulesets.epic.leaders import eliminate

    new_name = eliminate(s, "Pagondas", None)
    x = s["leaders"][new_name]
    assert x["seat"] == "thebes" and x["region"] == "boeotia"  # 24.2.2: one shared pool


# ------------------------------------------------------------------ redaction, every seat
@pytest.mark.parametrize("scenario", ["three-player", "four-player"])
def test_redaction_for_every_seat(scenario):
    g = new(scenario, seed="redact")
    player = Rng("redact")
    for step in range(3):
        for seat in (*RULES.scenarios[scenario].seats, None):
            assert assert_view_hides(g, seat) > 0
        for _ in range(40 * (step + 1)):
            if g.outcome is not None:
                break  # a random League may sue for peace early
            p = player.choice(g.prompts())
            g.act(p.seat, random_answer(p, player))


def test_an_allys_view_does_not_change_when_only_the_shared_pool_order_does():
    g = new("four-player", seed="pool")
    s = g.state
    before = {seat: RULES.view(s, seat) for seat in ("athens", "sparta", "thebes", "corinth")}
    s["leader_pool"]["sparta"].reverse()
    for seat, v in before.items():
        assert RULES.view(s, seat) == v


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("scenario", ["three-player", "four-player"])
def test_random_game_to_the_end_with_invariants(scenario):
    g = new(scenario, seed=f"whole-{scenario}")
    play_random(g, Rng("whole"), check=True)
    out = g.outcome
    assert out is not None
    assert set(out.winners) <= set(RULES.scenarios[scenario].seats)
    assert g.state["acting"] is None


def test_prompts_to_the_league_side_reach_the_table_seated_by_the_kernel_hook():
    g = new("four-player", seed="rewrite")
    player = Rng("rw")
    for _ in range(400):
        ps = g.prompts()
        if not ps:
            break
        raw = {p.seat for p in MACHINE.asked(g.state)}
        for p in ps:
            assert p.seat in ("athens", "sparta", "thebes", "corinth")
        if raw == {"sparta"} and g.state["acting"]:
            assert ps[0].seat == g.state["acting"]
        p = player.choice(ps)
        g.act(p.seat, random_answer(p, player))


def test_no_raiding_an_allys_region_and_raid_talents_go_to_the_raider():
    from engine.rulesets.epic import board as B
    from engine.rulesets.epic.raiding import raid, raiders

    s = new().state
    c = B.comps()
    laconia_open = next(h.id for h in c.hexes.values() if h.kind == "land" and h.area
                        and c.areas[h.area].region == "laconia" and B.city_at(s, h.id) is None)
    attica_open = next(h.id for h in c.hexes.values() if h.kind == "land" and h.area
                       and c.areas[h.area].region == "attica" and B.city_at(s, h.id) is None
                       and h.id in B.play_hexes("three-player", "sparta"))
    _place(s, "boeotia", 1, laconia_open)
    _place(s, "boeotia", 1, attica_open)
    s["acting"] = "thebes"
    assert raiders(s, "sparta") == [attica_open]  # 24.5: never from an ally's region
    s["acting"] = "sparta"
    assert raiders(s, "sparta") == []  # Sparta's own units only
    s["acting"] = "thebes"
    before = dict(s["treasury"])
    raid(s, "sparta", attica_open)
    s["acting"] = None
    assert s["treasury"]["sparta"] == before["sparta"]
    assert s["treasury"]["thebes"] == before["thebes"] + 1  # in supply from Thebes (15.3)


def test_allied_units_with_a_leader_move_and_are_supplied_with_him():
    from engine.rulesets.epic import board as B
    from engine.rulesets.epic.moves import movable_units

    s = new().state
    c = B.comps()
    open_hex = next(h.id for h in c.hexes.values() if h.kind == "land" and h.area
                    and c.areas[h.area].region == "boeotia" and B.city_at(s, h.id) is None
                    and h.id not in s["forts"])
    _place(s, "boeotia", 2, open_hex)
    theban = B.units_at(s, open_hex, "sparta")
    s["leaders"]["Archidamus"].update(where="map", hex=open_hex, region=None)
    s["acting"] = "sparta"
    assert sorted(movable_units(s, "sparta", open_hex)) == sorted(theban)  # 24.5
    s["acting"] = "thebes"
    assert movable_units(s, "sparta", open_hex) == []
    s["leaders"]["Pagondas"].update(where="map", hex=open_hex, region=None)
    assert sorted(movable_units(s, "sparta", open_hex)) == sorted(theban)  # back in hand
    s["acting"] = "sparta"
    assert movable_units(s, "sparta", open_hex) == []
    thebes_city = c.cities["Thebes"].hex  # in a fortification they stay their owner's
    for u in theban:
        s["units"][u]["hex"] = thebes_city
    s["leaders"]["Archidamus"]["hex"] = thebes_city
    s["leaders"]["Pagondas"].update(where="force", hex=None, region="boeotia")
    assert B.fortress(s, thebes_city)  # Thebes is walled
    assert A.commander(s, s["units"][theban[0]]) == "thebes"
    s["acting"] = None


def test_a_replayed_log_gives_the_same_game(told):
    """The log records the League seat that answered; replayed without the prompts at hand,
    each answer still reaches the League side's procedure (rules.apply)."""
    g = new("three-player", seed="replay")
    player = Rng("replay")
    for _ in range(500):
        if not g.prompts():  # over (random players may agree to a peace, 20.1b)
            break
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    assert "Thebes" in " ".join(told)  # Thebes has acted in those 500
    again = engine.load_game(g.to_json(), replay=True)
    assert again.rules.dump(again.state) == g.rules.dump(g.state)
    assert [p.to_dict() for p in again.prompts()] == [p.to_dict() for p in g.prompts()]
