"""Sicily (rule 19.0) and its cards (Appendix C): the Sicily and Leaving Sicily boxes, the
Escalation's lock, the Resolution's bands and modifiers, Carthage and the Eclipse, with
fixed dice, in the two-player Campaign Game (23.0)."""

from __future__ import annotations

from engine.core.procedures import Flow
from engine.core.ruleset import Context
from engine.rulesets.epic import cards as C
from engine.rulesets.epic import events as E
from engine.rulesets.epic import invariants
from engine.rulesets.epic import politics as P
from engine.rulesets.epic import sicily as SI
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.board import comps
from engine.rulesets.epic.moves import Move, sea_destinations
from engine.rulesets.epic.supplyphase import payable
from engine.rulesets.epic.view import view
from engine.testing import FixedRng, assert_view_hides

from .full_helpers import full, hand, run
from .helpers import put

CORCYRA = comps().cities["Corcyra"].hex  # an Athenian port on Corcyra's waters


def campaign():
    """The Campaign set up with its pools full and no flow running."""
    return full(scenario="campaign")


def into_sicily(g, side, home, utype, n=1, morale=None):
    """`n` pool units of a kind straight into the Sicily box."""
    out = [u for u, x in sorted(g.state["units"].items())
           if x["home"] == home and x["type"] == utype and x["where"] == "pool"
           and morale in (None, x["morale"])][:n]
    for u in out:
        g.state["units"][u].update(where=SI.SICILY, hex=None)
    assert len(out) == n
    return out


def leader_in_sicily(g, name, side, land):
    g.state["leaders"][name] = {"side": side, "land": land, "sea": 0, "where": SI.SICILY,
                                "hex": None, "region": None}


def escalate(g, n=1, year=None):
    b = SI.box(g.state)
    for i in range(n):
        cid = f"sicilian-escalation-{i + 1}"
        hand(g, "athens", cid)
        g.state["cards"]["hands"]["athens"].remove(cid)
        b["escalations"].append(cid)
    b["first_year"] = year if year is not None else g.state["year"] + 1  # a year before


def als(s):
    s["regions"]["corinth"]["al"] = 10  # room both ways on the track (4.1)
    return {r: x["al"] for r, x in s["regions"].items() if x["side"] in ("athens", "sparta")}


# ------------------------------------------------------------ the deck (12.0, 23.2.6, 26)
def test_the_campaign_deals_sicilys_cards_and_sets_carthage_aside():
    g = full(scenario="campaign")
    c = g.state["cards"]
    kinds = [C.kind_of(x) for x in c["deck"]]
    assert kinds.count(SI.ESCALATION) == 4 and kinds.count(SI.RESOLUTION) == 4
    assert sorted(x for x in c["aside"] if x.startswith("carthage")) == [
        "carthage-invades-1", "carthage-invades-2"]  # 23.2.6, joins after the first deck


def test_the_archidamian_war_keeps_sicilys_cards_out():
    g = full(scenario="archidamian")
    c = g.state["cards"]
    every = c["deck"] + c["aside"] + c["discard"]
    assert not any(C.kind_of(x) in SI.KINDS for x in every)  # rule 26.2.6


# ------------------------------------------------------------ going in (19.1, 19.5)
def test_a_voyage_from_corcyras_waters_may_end_in_sicily():
    g = campaign()
    s = g.state
    fleet = put(g, "attica", "fleet", CORCYRA)
    found = sea_destinations(s, "athens", CORCYRA, fleet, [])
    assert found[SI.SICILY].cost == 2 and found[SI.SICILY].prev == "corcyran-waters"


def test_from_the_north_ionian_only_a_voyage_starting_there_goes_on_to_sicily():
    g = campaign()
    s = g.state
    fleet = put(g, "attica", "fleet", "cephallenian-waters")
    found = sea_destinations(s, "athens", "cephallenian-waters", fleet, [])
    assert "north-ionian" in found  # an Open Sea ends the move (16.4.6) ...
    assert found[SI.SICILY].prev == "corcyran-waters"  # ... so the way goes round it
    s["units"][fleet[0]]["hex"] = "north-ionian"
    found = sea_destinations(s, "athens", "north-ionian", fleet, [])
    assert found[SI.SICILY].cost == 1


def test_land_units_go_only_as_passengers_with_a_leader():
    g = campaign()
    s = g.state
    hop = put(g, "attica", "hoplite", CORCYRA)
    assert SI.entry(s, "athens", CORCYRA, hop, {"corcyran-waters": None}) == {}  # no ship
    fleet = put(g, "attica", "fleet", CORCYRA)
    assert sea_destinations(s, "athens", CORCYRA, fleet + hop, []) == {}  # no leader (16.7.2)


def test_sailing_to_sicily_puts_the_stack_in_the_box():
    g = campaign()
    s = g.state
    s["ct"] = 1
    fleets = put(g, "attica", "fleet", CORCYRA, 2)
    hop = put(g, "attica", "hoplite", CORCYRA, 2)
    s["leaders"]["Eurymedon"].update(where="map", hex=CORCYRA)
    found = sea_destinations(s, "athens", CORCYRA, fleets + hop, ["Eurymedon"])
    dests = {d: [v.cost, v.prev, v.stops] for d, v in found.items()}
    rng = FixedRng([])
    flow = Flow(s, {"name": "move", "args": {"side": "athens", "units": fleets + hop,
                                             "leaders": ["Eurymedon"]}}, Context(rng))
    Move()._sail(flow, CORCYRA, SI.SICILY, dests)
    assert all(s["units"][u]["where"] == SI.SICILY and s["units"][u]["hex"] is None
               for u in fleets + hop)
    assert s["leaders"]["Eurymedon"]["where"] == SI.SICILY
    assert invariants.check(s) == []


def test_no_combat_in_sicily_both_sides_there_at_once():
    g = campaign()
    s = g.state
    into_sicily(g, "athens", "attica", "fleet", 2)
    into_sicily(g, "sparta", "laconia", "hoplite", 2)
    assert invariants.check(s) == []  # no "both sides in the open with no battle due"
    assert not any(u["where"] == "map" and u["hex"] is None for u in s["units"].values())


def test_after_the_resolution_only_the_victor_sails_in():
    g = campaign()
    s = g.state
    SI.box(s)["result"] = {"band": "Athenians rebuffed", "victor": "sparta", "e": 1, "total": 6}
    fleet = put(g, "attica", "fleet", CORCYRA)
    assert SI.SICILY not in sea_destinations(s, "athens", CORCYRA, fleet, [])
    sfleet = put(g, "laconia", "fleet", "corcyran-waters")
    assert SI.SICILY in sea_destinations(s, "sparta", "corcyran-waters", sfleet, [])


# ------------------------------------------------------------ leaving (19.2, 19.3, 19.4)
def _options(s, side):
    return [o.id for o in SI.place_options(s, side)]


def expedition(hoplites):
    """An Athenian fleet, `hoplites` hoplites and Eurymedon (rating 1) in Sicily."""
    g = campaign()
    fleet = into_sicily(g, "athens", "attica", "fleet")[0]
    hops = into_sicily(g, "athens", "attica", "hoplite", hoplites)
    leader_in_sicily(g, "Eurymedon", "athens", 1)
    return g, g.state, fleet, hops


def test_leaving_sicily_at_placement_ships_first_then_leader_and_passengers():
    g, s, fleet, hops = expedition(3)
    opts = _options(s, "athens")
    assert f"leave:{fleet}:corcyran-waters" in opts and f"leave:{fleet}:north-ionian" in opts
    assert not any(o.startswith(f"leave:{hops[0]}") for o in opts)  # no ship yet
    assert not any(o.startswith("leave:Eurymedon") for o in opts)
    run(g, SI.place_act, [], "athens", f"leave:{fleet}:north-ionian")
    run(g, SI.place_act, [], "athens", "leave:Eurymedon:north-ionian")
    run(g, SI.place_act, [], "athens", f"leave:{hops[0]}:north-ionian")
    run(g, SI.place_act, [], "athens", f"leave:{hops[1]}:north-ionian")
    opts = _options(s, "athens")
    assert f"leave:{hops[2]}:north-ionian" not in opts  # one fleet carries two hoplites
    assert s["units"][fleet]["where"] == SI.LEAVING and s["units"][fleet]["to"] == "north-ionian"
    assert invariants.check(s) == []


def test_an_escalation_holds_everyone_in_sicily_until_a_resolution():
    g = campaign()
    s = g.state
    into_sicily(g, "athens", "attica", "fleet")
    hand(g, "athens", "sicilian-escalation-1")
    assert [o.id for o in E.plays(s, "athens")] == ["sicilian-escalation-1"]
    run(g, E.play, [], "athens", "sicilian-escalation-1")
    assert SI.box(s)["escalations"] == ["sicilian-escalation-1"]
    assert SI.box(s)["first_year"] == s["year"] and SI.locked(s)
    assert not any(o.startswith("leave:") for o in _options(s, "athens"))
    SI.box(s)["result"] = {"band": "Athenians take Syracuse", "victor": "athens", "e": 1,
                           "total": 9}
    assert any(o.startswith("leave:") for o in _options(s, "athens"))  # free to go again


def test_one_escalation_a_season():
    g = campaign()
    s = g.state
    hand(g, "sparta", "sicilian-escalation-1", "sicilian-escalation-2")
    run(g, E.play, [], "sparta", "sicilian-escalation-1")
    assert E.plays(s, "sparta") == []
    C.season_fx(s).clear()  # the next season
    assert [o.id for o in E.plays(s, "sparta")] == ["sicilian-escalation-2"]


def test_the_resolution_waits_a_year_after_the_first_escalation_and_a_season_after_any():
    g = campaign()
    s = g.state
    hand(g, "athens", "sicilian-resolution-1")
    assert E.plays(s, "athens") == []  # no Escalation yet (ours)
    escalate(g, 1, year=s["year"])
    assert E.plays(s, "athens") == []  # the first Escalation's year
    SI.box(s)["first_year"] = s["year"] + 1
    C.season_fx(s).setdefault("played", []).append(SI.ESCALATION)
    assert E.plays(s, "athens") == []  # an Escalation this season
    C.season_fx(s).clear()
    assert [o.id for o in E.plays(s, "athens")] == ["sicilian-resolution-1"]


def test_units_in_sicily_draw_no_supply_but_the_leaving_box_is_paid():
    g = campaign()
    s = g.state
    stay = into_sicily(g, "athens", "attica", "hoplite")[0]
    go = into_sicily(g, "athens", "attica", "fleet")[0]
    run(g, SI.place_act, [], "athens", f"leave:{go}:corcyran-waters")
    owed = payable(s, "athens")
    assert go in owed and stay not in owed
    assert S.bill(s, [go]) == 2  # a fleet of morale 5 or 6 (9.4.3)


def test_leaving_pieces_come_out_into_their_sea_at_the_first_campaign_turn():
    g, s, fleet, hops = expedition(2)
    for p in [fleet, "Eurymedon"] + hops:
        run(g, SI.place_act, [], "athens", f"leave:{p}:corcyran-waters")
    s["ct"] = 1
    run(g, E.campaign_start, [])
    for u in [fleet] + hops:
        assert s["units"][u]["where"] == "map" and s["units"][u]["hex"] == "corcyran-waters"
        assert s["units"][u]["moved"]  # the crossing is their move (ours)
    assert s["leaders"]["Eurymedon"]["hex"] == "corcyran-waters"
    assert invariants.check(s) == []


def test_passengers_whose_ship_went_unsupplied_drown_on_the_way_out():
    g, s, fleet, (hop,) = expedition(1)
    for p in (fleet, "Eurymedon", hop):
        run(g, SI.place_act, [], "athens", f"leave:{p}:north-ionian")
    s["units"][fleet].update(where="build")  # left unsupplied at the Supply stage (9.1)
    s["ct"] = 1
    run(g, E.campaign_start, [])
    assert s["units"][hop]["where"] != "map"
    assert s["leaders"]["Eurymedon"]["where"] == "dead"


# ------------------------------------------------------------ the Resolution
def test_resolution_modifiers():
    g = campaign()
    s = g.state
    escalate(g, 2)
    into_sicily(g, "sparta", "laconia", "hoplite", 3)  # -3
    into_sicily(g, "athens", "attica", "fleet", 3)
    into_sicily(g, "athens", "attica", "hoplite", 2)  # 5 fleets and hoplites: +2
    into_sicily(g, "athens", "attica", "light", 2)  # light troops do not count
    leader_in_sicily(g, "Eurymedon", "athens", 1)  # +1
    leader_in_sicily(g, "Brasidas", "sparta", 1)  # -1
    mods = SI.resolution_mods(s)
    assert sorted(n for n, _ in mods) == [-3, -2, -1, 1, 2]
    assert sum(n for n, _ in SI.resolution_mods(s, eclipse=True)) == -4  # the Eclipse: -1


def _resolve(g, dice):
    return run(g, SI.resolve, dice)


def test_a_decisive_athenian_defeat():
    g = campaign()
    s = g.state
    escalate(g, 2)
    a = into_sicily(g, "athens", "attica", "fleet", morale=5)[0]
    sp = into_sicily(g, "sparta", "laconia", "hoplite", morale=6)[0]
    before = als(s)
    # 3+3 -2 (two Escalations) -1 (a Spartan hoplite) = 3: 2-4. Athens' fleet (5) rolls
    # 4+2 = 6 and is lost; the Spartan hoplite rolls 6-2 = 4 and stays.
    _resolve(g, [3, 3, 4, 6])
    b = SI.box(s)["result"]
    assert b["band"] == "decisive Athenian defeat" and b["victor"] == "sparta"
    assert s["units"][a]["where"] == "build" and s["units"][sp]["where"] == SI.SICILY
    for r, al in before.items():
        want = al - 2 if s["regions"][r]["side"] == "athens" else al + 2
        assert s["regions"][r]["al"] == max(-4, min(20, want)), r
    assert len(SI.sicilian_pool(s, "sparta")) == 2
    assert SI.tribute(s) == 0 and SI.box(s)["escalations"] == []
    assert {"sicilian-escalation-1", "sicilian-escalation-2"} <= set(s["cards"]["removed"])


def test_athenians_rebuffed():
    g = campaign()
    s = g.state
    escalate(g, 3)
    before = als(s)
    _resolve(g, [5, 4])  # 9 - 3 = 6: 5-7, nobody in Sicily to check
    assert SI.box(s)["result"]["band"] == "Athenians rebuffed"
    assert s["regions"]["euboea"]["al"] == before["euboea"] - 2  # 3/2 rounded up
    assert s["regions"]["corinth"]["al"] == before["corinth"] + 2
    assert len(SI.sicilian_pool(s, "sparta")) == 3


def test_athenians_take_syracuse():
    g = campaign()
    s = g.state
    escalate(g, 1)
    a = into_sicily(g, "athens", "attica", "hoplite", 2, morale=4)
    before = als(s)
    # 5+4 -1 +1 (two hoplites) = 9: 8-10. Athenian checks at -1: 6-1 = 5 > 4? yes, lost;
    # 4-1 = 3, kept.
    _resolve(g, [5, 4, 6, 4])
    assert SI.box(s)["result"]["band"] == "Athenians take Syracuse"
    assert [s["units"][u]["where"] for u in a] == ["build", SI.SICILY]
    assert s["regions"]["euboea"]["al"] == before["euboea"] + 1
    assert s["regions"]["corinth"]["al"] == before["corinth"] - 1
    assert len(SI.sicilian_pool(s, "athens")) == 1 and SI.tribute(s) == 1
    got, parts = P.tribute(s, "athens")
    assert "Sicily 1" in parts  # collected at the Yearly Start (5.4)


def test_a_decisive_athenian_victory():
    g = campaign()
    s = g.state
    escalate(g, 2)
    sp = into_sicily(g, "sparta", "laconia", "hoplite", morale=5)[0]
    into_sicily(g, "athens", "attica", "fleet", 4, morale=6)  # +2
    leader_in_sicily(g, "Eurymedon", "athens", 1)  # +1
    before = als(s)
    # 6+6 -2 -1 +2 +1 = 12: 11-12. Athenians check at -2 (four dice of 6: 4 > 6? no);
    # the Spartan hoplite at +2: 4+2 = 6 > 5, lost.
    _resolve(g, [6, 6, 4, 6, 6, 6, 6])
    assert SI.box(s)["result"]["band"] == "decisive Athenian victory"
    assert s["units"][sp]["where"] == "build"
    assert len(SI.pieces(s, "athens")[0]) == 4
    assert s["regions"]["euboea"]["al"] == min(20, before["euboea"] + 2)
    assert s["regions"]["corinth"]["al"] == before["corinth"] - 2
    assert SI.tribute(s) == 2


def test_a_leader_left_without_an_army_goes_home():
    g = campaign()
    s = g.state
    escalate(g, 1)
    into_sicily(g, "sparta", "laconia", "hoplite", morale=5)
    leader_in_sicily(g, "Brasidas", "sparta", 1)
    _resolve(g, [1, 1, 6])  # hoplite (5) at -2: 6-2 = 4, kept: Brasidas stays
    assert s["leaders"]["Brasidas"]["where"] == SI.SICILY
    g2 = campaign()
    escalate(g2, 1)
    leader_in_sicily(g2, "Eurymedon", "athens", 1)
    _resolve(g2, [1, 1])
    assert g2.state["leaders"]["Eurymedon"]["where"] == "force"


def test_sparta_places_one_sicilian_fleet_a_season_supplied_free():
    g = campaign()
    s = g.state
    escalate(g, 2)
    _resolve(g, [1, 1])
    assert "sicilian-fleet" in _options(s, "sparta")
    run(g, SI.place_act, [], "sparta", "sicilian-fleet")
    assert "sicilian-fleet" not in _options(s, "sparta")
    placed = [u for u, x in s["units"].items() if x["home"] == "sicily" and x["where"] == SI.SICILY]
    assert len(placed) == 1 and S.cost(s, placed[0]) == 0


# ------------------------------------------------------------ the other cards
def test_cards_drawn_after_the_resolution_are_out_for_good():
    g = campaign()
    s = g.state
    SI.box(s)["result"] = {"band": "Athenians rebuffed", "victor": "sparta", "e": 1, "total": 6}
    assert SI.at_draw(s, "sicilian-escalation-3") and SI.at_draw(s, "sicilian-resolution-2")
    run(g, E.resolve_immediate, [], "athens", "sicilian-escalation-3", None)
    assert "sicilian-escalation-3" in s["cards"]["removed"]
    hand(g, "athens", "sicilian-resolution-2")
    assert E.plays(s, "athens") == []


def test_carthage_before_the_resolution_is_discarded():
    g = campaign()
    s = g.state
    assert E.immediate_options(s, "athens", "carthage-invades-1") == []
    run(g, E.resolve_immediate, [], "athens", "carthage-invades-1", None)
    assert "carthage-invades-1" in s["cards"]["discard"] and not SI.box(s)["carthage"]


def test_carthage_halves_an_athenian_sicilys_tribute():
    g = campaign()
    s = g.state
    SI.box(s)["result"] = {"band": "decisive Athenian victory", "victor": "athens", "e": 3,
                           "total": 12}
    assert [o.id for o in E.immediate_options(s, "sparta", "carthage-invades-1")] == [
        "play", "discard"]
    run(g, E.resolve_immediate, [], "sparta", "carthage-invades-1", "play")
    assert SI.tribute(s) == 2  # 3 halved, rounded up (ours)
    run(g, E.resolve_immediate, [], "athens", "carthage-invades-2", None)
    assert "carthage-invades-2" in s["cards"]["removed"]  # once played, the other is out


def test_carthage_removes_the_sicilian_fleets_after_an_athenian_defeat():
    g = campaign()
    s = g.state
    escalate(g, 2)
    _resolve(g, [1, 1])
    run(g, SI.place_act, [], "sparta", "sicilian-fleet")
    run(g, E.resolve_immediate, [], "athens", "carthage-invades-1", "play")
    assert all(x["where"] == "dead" for x in s["units"].values() if x["home"] == "sicily")
    assert SI.place_options(s, "sparta") == []


def test_the_eclipse_resolves_an_escalated_expedition_at_minus_one():
    g = campaign()
    s = g.state
    escalate(g, 1)
    a = into_sicily(g, "athens", "attica", "hoplite", morale=4)[0]
    # 4+4 -1 -1 (the Eclipse) = 6: rebuffed. Athenian check at 0, +1 for the Eclipse: 4+1 = 5
    # > 4, lost.
    run(g, E.resolve_immediate, [4, 4, 4], "athens", "eclipse-1", None)
    assert C.season_fx(s)["eclipse"]  # its battle effect too
    assert SI.box(s)["result"]["band"] == "Athenians rebuffed"
    assert s["units"][a]["where"] == "build"


def test_the_eclipse_without_escalations_leaves_sicily_alone():
    g = campaign()
    s = g.state
    run(g, E.resolve_immediate, [], "athens", "eclipse-1", None)
    assert SI.box(s)["result"] is None


# ------------------------------------------------------------ the view
def test_sicily_is_open_to_both_and_the_hands_stay_hidden():
    g = campaign()
    s = g.state
    escalate(g, 1)
    into_sicily(g, "athens", "attica", "fleet")
    hand(g, "sparta", "sicilian-resolution-1")
    va, vs = view(s, "athens"), view(s, "sparta")
    assert va["sicily"] == vs["sicily"] and va["sicily"]["escalations"] == 1
    assert va["sicily"]["locked"]
    assert [u for u, x in va["units"].items() if x["where"] == SI.SICILY] == \
        [u for u, x in vs["units"].items() if x["where"] == SI.SICILY]
    assert "sicilian-resolution-1" not in va["cards"]["hand"]  # 12.0: a hand stays secret
    for seat in ("athens", "sparta", None):  # the redaction proof, Sicily's pieces in play
        assert assert_view_hides(g, seat) > 0


def test_the_map_shows_the_sicily_box_with_its_pieces(monkeypatch, tmp_path):
    import io

    from PIL import Image

    from renders.epic import mapdraw
    from renders.epic.basemap import BANNER_H

    monkeypatch.setenv("KERYX_RENDER_CACHE", str(tmp_path / "cache"))
    g = campaign()
    assert mapdraw.sicily_lines(g.view(None)) == []  # nothing there: no box drawn
    empty = Image.open(io.BytesIO(mapdraw.draw_map(g.view(None)))).convert("RGB")
    into_sicily(g, "athens", "attica", "fleet", 2)
    into_sicily(g, "athens", "attica", "hoplite")
    leader_in_sicily(g, "Eurymedon", "athens", 1)
    escalate(g, 1)
    lines = mapdraw.sicily_lines(g.view(None))
    assert ("Athens in Sicily: 1H 2F · Eurymedon", "athens") in lines
    assert ("Escalations: 1 (no one leaves)", "neutral") in lines
    shown = Image.open(io.BytesIO(mapdraw.draw_map(g.view(None)))).convert("RGB")
    corner = (10, BANNER_H + 10, 200, BANNER_H + 90)
    assert empty.crop(corner).tobytes() != shown.crop(corner).tobytes()


def test_athens_places_its_sicilian_fleets_without_the_spartan_limit():
    g = campaign()
    s = g.state
    escalate(g, 2)
    _resolve(g, [6, 5])  # 11 - 2 = 9: Syracuse taken, two fleets for Athens
    run(g, SI.place_act, [], "athens", "sicilian-fleet")
    run(g, SI.place_act, [], "athens", "sicilian-fleet")  # 7.3: no limit a season
    assert len(SI.pieces(s, "athens")[0]) == 2 and SI.sicilian_pool(s, "athens") == []
    assert S.cost(s, SI.pieces(s, "athens")[0][0]) == 2  # Athens pays for its allies' ships


def test_in_the_ionian_war_sparta_won_in_sicily_and_carthage_can_take_its_fleets():
    g = full(scenario="ionian")
    s = g.state
    assert SI.victor(s) == "sparta" and not SI.open_to(s, "athens")  # 27.1, 19.4
    assert "sicilian-fleet" in _options(s, "sparta")  # 27.2.1: into the box, one a season
    assert [o.id for o in E.immediate_options(s, "athens", "carthage-invades-1")] == [
        "play", "discard"]
    run(g, E.resolve_immediate, [], "athens", "carthage-invades-1", "play")
    assert all(x["where"] == "dead" for x in s["units"].values() if x["home"] == "sicily")
    assert SI.tribute(s) == 0
