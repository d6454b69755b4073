"""Sicily (rule 19.0) in the Three- and Four-Player Campaigns (24.0, 25.0): Sicily's cards in
the allied decks, played and drawn by League players, the League counted whole in the
Resolution, Sicily's fleets serving one League player, each ally's pieces leaving Sicily on
his own treasury, and the public Sicily box in every seat's view (RULINGS M18-M21). Fixed
dice throughout."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core.game import Game
from engine.rulesets.epic import alliances as A
from engine.rulesets.epic import cards as C
from engine.rulesets.epic import events as E
from engine.rulesets.epic import politics as P
from engine.rulesets.epic import sicily as SI
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.moves import sea_destinations
from engine.rulesets.epic.supplyphase import payable
from engine.testing import assert_view_hides

from .full_helpers import run
from .test_multiplayer_turn import hand, mfull

RULES = engine.ruleset("epic")
BOTH = ("three-player", "four-player")


def to_sicily(g: Game, seat: str, utype: str, n: int = 1, morale: int | None = None) -> list[str]:
    """`n` of `seat`'s pool units of a kind straight into the Sicily box."""
    s = g.state
    out = [u for u, x in sorted(s["units"].items())
           if A.owner(x) == seat and x["type"] == utype and x["where"] == "pool"
           and morale in (None, x["morale"])][:n]
    assert len(out) == n, (seat, utype, n)
    for u in out:
        s["units"][u].update(where=SI.SICILY, hex=None)
    return out


def leader_to_sicily(g: Game, name: str) -> None:
    g.state["leaders"][name].update(where=SI.SICILY, hex=None, region=None)


def escalate(g: Game, n: int) -> None:
    """`n` Escalations in the box, the first a year ago."""
    s = g.state
    b = SI.box(s)
    for i in range(n):
        cid = f"sicilian-escalation-{i + 1}"
        hand(g, "athens", cid)
        s["cards"]["hands"]["athens"].remove(cid)
        b["escalations"].append(cid)
    b["first_year"] = s["year"] - 1


def league_als(s) -> dict[str, int]:
    for r in s["regions"].values():
        r["al"] = max(-2, min(r["al"], 16))  # room both ways on the track (4.1)
    return {r: x["al"] for r, x in s["regions"].items() if x["side"] in ("athens", "sparta")}


def clean(g: Game) -> None:
    g.state["acting"] = None
    assert g.check_invariants() == []


# ------------------------------------------------------------------ the deck (24.6, 23.2.6)
@pytest.mark.parametrize("scenario", BOTH)
def test_sicilys_cards_are_in_the_allied_decks_and_carthage_waits_aside(scenario):
    s = engine.new_game("epic", scenario, seed="sicdeal").state
    c = s["cards"]
    every = c["deck"] + [x for h in c["hands"].values() for x in h]
    kinds = [C.kind_of(x) for x in every]
    assert kinds.count(SI.ESCALATION) == 4 and kinds.count(SI.RESOLUTION) == 4
    assert sorted(x for x in c["aside"] if C.kind_of(x) == SI.CARTHAGE) == [
        "carthage-invades-1", "carthage-invades-2"]  # 23.2.6, 23.4 as in the Campaign
    assert SI.view_part(s) is not None  # the box is in play


# ------------------------------------------------------------------ the Escalation (19.4)
@pytest.mark.parametrize("scenario", BOTH)
def test_any_league_player_plays_an_escalation_one_a_season_for_every_seat(scenario, told):
    g = mfull(scenario)
    s = g.state
    last = A.league_seats(s)[-1]  # Thebes, or Corinth with four
    hand(g, last, "sicilian-escalation-1")
    hand(g, "sparta", "sicilian-escalation-2")
    hand(g, "athens", "sicilian-escalation-3")
    assert [o.id for o in E.plays(s, last)] == ["sicilian-escalation-1"]  # 24.6
    run(g, E.play, [], last, "sicilian-escalation-1")
    assert SI.box(s)["escalations"] == ["sicilian-escalation-1"] and SI.locked(s)
    assert f"{A.title(last)} plays" in told[-2]
    assert E.plays(s, "sparta") == [] and E.plays(s, "athens") == []  # one a season, all seats
    C.season_fx(s).clear()  # the next season
    assert [o.id for o in E.plays(s, "sparta")] == ["sicilian-escalation-2"]
    clean(g)


# ------------------------------------------------------------------ the Resolution
def test_the_resolution_counts_every_league_players_hoplites_and_leaders():
    g = mfull("four-player")
    s = g.state
    escalate(g, 1)
    to_sicily(g, "sparta", "hoplite")
    to_sicily(g, "thebes", "hoplite", 2)
    to_sicily(g, "corinth", "hoplite")  # four League hoplites: -4 (M19)
    to_sicily(g, "corinth", "fleet")
    leader_to_sicily(g, "Pagondas")  # Thebes' land 1: -1, the League's leader (M19)
    mods = dict((t, n) for n, t in SI.resolution_mods(s))
    assert mods["League hoplites in Sicily"] == -4
    assert mods["League has a land leader rated 1 in Sicily"] == -1
    assert sum(mods.values()) == -6  # and -1 for the Escalation
    hand(g, "corinth", "sicilian-resolution-1")
    assert [o.id for o in E.plays(s, "corinth")] == ["sicilian-resolution-1"]


@pytest.mark.parametrize("scenario", BOTH)
def test_a_league_players_resolution_gives_him_sicilys_fleets(scenario):
    g = mfull(scenario)
    s = g.state
    escalate(g, 3)
    last = A.league_seats(s)[-1]
    before = league_als(s)
    hand(g, last, "sicilian-resolution-1")
    run(g, E.play, [3, 3], last, "sicilian-resolution-1")  # 6 - 3 = 3: decisive defeat
    res = SI.box(s)["result"]
    assert res["band"] == "decisive Athenian defeat" and res["victor"] == A.LEAGUE
    assert res["seat"] == last  # M18: the player who played the card
    fleets = [x for x in s["units"].values() if x["home"] == SI.SICILY]
    assert len(fleets) == 3 and {x["seat"] for x in fleets} == {last}
    for r, al in before.items():  # M19: every League region, whoever holds it, +3
        want = al - 3 if s["regions"][r]["side"] == "athens" else al + 3
        assert s["regions"][r]["al"] == max(-4, min(20, want)), r
    assert SI.view_part(s)["fleets_for"] == last
    clean(g)


def test_sicilys_fleets_are_placed_only_by_their_player_one_a_season_supplied_free(told):
    g = mfull("three-player")
    s = g.state
    escalate(g, 2)
    hand(g, "thebes", "sicilian-resolution-1")
    run(g, E.play, [1, 1], "thebes", "sicilian-resolution-1")
    s["acting"] = "sparta"  # Sparta's Placement stage (M3)
    assert "sicilian-fleet" not in {o.id for o in SI.place_options(s, A.LEAGUE)}
    s["acting"] = "thebes"
    assert "sicilian-fleet" in {o.id for o in SI.place_options(s, A.LEAGUE)}
    run(g, SI.place_act, [], A.LEAGUE, "sicilian-fleet")
    assert told[-1].startswith("Thebes places a Sicilian fleet")
    assert "sicilian-fleet" not in {o.id for o in SI.place_options(s, A.LEAGUE)}  # one a season
    placed = SI.pieces(s, A.LEAGUE)[0]
    assert len(placed) == 1 and s["units"][placed[0]]["seat"] == "thebes"
    assert S.cost(s, placed[0]) == 0  # free for the League (the card)
    clean(g)


def test_an_athenian_resolution_gives_the_fleets_to_the_league_player_most_in_sicily():
    g = mfull("four-player")
    s = g.state
    escalate(g, 1)
    to_sicily(g, "corinth", "hoplite", 2, morale=4)
    to_sicily(g, "sparta", "hoplite", 1, morale=6)
    hand(g, "athens", "sicilian-resolution-1")
    # 2+2 -1 (Escalation) -3 (League hoplites) = 0: decisive defeat; League checks at -2
    run(g, E.play, [2, 2, 1, 1, 1], "athens", "sicilian-resolution-1")
    assert SI.box(s)["result"]["seat"] == "corinth"  # two units against one (M18)
    assert {x["seat"] for x in s["units"].values() if x["home"] == SI.SICILY} == {"corinth"}
    clean(g)


def test_with_no_league_units_in_sicily_the_fleets_go_first_in_turn_order():
    g = mfull("three-player")
    s = g.state
    escalate(g, 1)
    s["league"]["seats"] = ["thebes", "sparta"]  # Thebes holds more regions (24.4)
    assert SI.fleet_seat(s, "athens") == "thebes"
    s["league"]["seats"] = ["sparta", "thebes"]
    hand(g, "athens", "sicilian-resolution-1")
    run(g, E.play, [1, 2], "athens", "sicilian-resolution-1")
    assert SI.box(s)["result"]["seat"] == "sparta"
    clean(g)


def test_league_units_of_every_player_check_at_the_leagues_modifier(told):
    g = mfull("four-player")
    s = g.state
    escalate(g, 1)
    th = to_sicily(g, "thebes", "hoplite", morale=5)[0]
    co = to_sicily(g, "corinth", "fleet", morale=4)[0]
    ath = to_sicily(g, "athens", "fleet", 4, morale=5)  # +2
    # 6+5 -1 +2 -1 (a League hoplite) = 11: decisive Athenian victory. The League at +2:
    # Thebes' 4+2 = 6 > 5, lost; Corinth's 2+2 = 4, kept. Athens at -2: 6-2 = 4, kept.
    die = {th: 4, co: 2} | {u: 6 for u in ath}
    run(g, SI.resolve, [6, 5] + [die[u] for u in SI.pieces(s, None)[0]])
    assert SI.box(s)["result"]["band"] == "decisive Athenian victory"
    assert s["units"][th]["where"] == "build" and s["units"][co]["where"] == SI.SICILY
    assert all(s["units"][u]["where"] == SI.SICILY for u in ath)
    assert "seat" not in SI.box(s)["result"]  # Sicily is Athens' ally: no League fleets
    assert "League +2" in " ".join(told[-4:])
    clean(g)


def test_a_league_leader_left_alone_goes_to_his_own_players_force_pool():
    g = mfull("four-player")
    s = g.state
    escalate(g, 1)
    leader_to_sicily(g, "Pagondas")
    leader_to_sicily(g, "Aristeus")
    run(g, SI.resolve, [6, 6])
    assert s["leaders"]["Pagondas"]["where"] == "force"
    assert s["leaders"]["Pagondas"]["region"] == "boeotia"  # Thebes' home pool (24.2.2)
    assert s["leaders"]["Aristeus"]["region"] == "corinth"
    clean(g)


def test_an_allied_sicily_pays_athens_alone():
    g = mfull("three-player")
    s = g.state
    escalate(g, 2)
    to_sicily(g, "athens", "fleet", 4, morale=6)  # +2
    run(g, SI.resolve, [6, 4, 1, 1, 1, 1])  # 10 - 2 + 2 = 10: Syracuse taken
    assert SI.victor(s) == "athens" and SI.tribute(s) == 2
    lines = A.tribute_lines(s, P.tribute)  # 5.4 per seat at the Yearly Start
    assert "Sicily 2" in next(x for x in lines if x.startswith("Athens"))
    assert not any("Sicily" in x for x in lines if not x.startswith("Athens"))


# ------------------------------------------------------------------ Carthage, the Eclipse
def test_carthage_drawn_by_a_league_player_is_his_to_play_and_takes_the_fleets(told):
    g = mfull("three-player")
    s = g.state
    escalate(g, 2)
    hand(g, "sparta", "sicilian-resolution-1")
    run(g, E.play, [1, 1], "sparta", "sicilian-resolution-1")
    s["acting"] = "sparta"
    run(g, SI.place_act, [], A.LEAGUE, "sicilian-fleet")
    s["acting"] = None
    assert [o.id for o in E.immediate_options(s, "thebes", "carthage-invades-1")] == [
        "play", "discard"]  # M21: the drawer decides
    run(g, E.resolve_immediate, [], "thebes", "carthage-invades-1", "discard")
    assert "Thebes discards Carthage" in told[-1]
    run(g, E.resolve_immediate, [], "athens", "carthage-invades-2", "play")
    assert all(x["where"] == "dead" for x in s["units"].values() if x["home"] == SI.SICILY)
    clean(g)


def test_carthage_before_the_resolution_is_discarded_with_allies():
    g = mfull("four-player")
    s = g.state
    assert E.immediate_options(s, "corinth", "carthage-invades-1") == []
    run(g, E.resolve_immediate, [], "corinth", "carthage-invades-1", None)
    assert "carthage-invades-1" in s["cards"]["discard"]


@pytest.mark.parametrize("scenario", BOTH)
def test_the_eclipse_drawn_by_a_league_player_resolves_the_expedition_for_him(scenario):
    g = mfull(scenario)
    s = g.state
    escalate(g, 1)
    last = A.league_seats(s)[-1]
    run(g, E.resolve_immediate, [1, 2], last, "eclipse-1", None)  # 3 -1 -1: defeat
    assert SI.box(s)["result"]["band"] == "decisive Athenian defeat"
    assert SI.box(s)["result"]["seat"] == last  # M18: the drawer
    clean(g)


# ------------------------------------------------------------------ going and leaving (19.1-19.3)
def test_a_league_players_fleet_sails_into_sicily_and_his_units_are_his_there():
    g = mfull("three-player")
    s = g.state
    fleet = [u for u, x in sorted(s["units"].items())
             if A.owner(x) == "thebes" and x["type"] == "fleet" and x["where"] == "pool"][:1]
    s["units"][fleet[0]].update(where="map", hex="north-ionian")
    assert SI.SICILY in sea_destinations(s, A.LEAGUE, "north-ionian", fleet, [])
    SI.box(s)["result"] = {"band": "Athenians take Syracuse", "victor": "athens", "e": 1,
                           "total": 9}
    assert SI.SICILY not in sea_destinations(s, A.LEAGUE, "north-ionian", fleet, [])  # 19.4


def test_each_league_player_sends_his_own_pieces_out_and_pays_for_them(told):
    g = mfull("three-player")
    s = g.state
    sp_fleet = to_sicily(g, "sparta", "fleet")[0]
    th_fleet = to_sicily(g, "thebes", "fleet")[0]
    th_hop = to_sicily(g, "thebes", "hoplite")[0]
    leader_to_sicily(g, "Alcidas")
    s["acting"] = "thebes"
    opts = {o.id for o in SI.place_options(s, A.LEAGUE)}
    assert f"leave:{th_fleet}:north-ionian" in opts
    assert not any(o.startswith(f"leave:{sp_fleet}") or o.startswith("leave:Alcidas")
                   for o in opts)  # Sparta's pieces are Sparta's to send (M20)
    assert f"leave:{th_hop}:north-ionian" not in opts  # no leader bound that way yet
    s["acting"] = "sparta"
    run(g, SI.place_act, [], A.LEAGUE, f"leave:{sp_fleet}:north-ionian")
    run(g, SI.place_act, [], A.LEAGUE, "leave:Alcidas:north-ionian")
    s["acting"] = "thebes"  # an ally's ship and leader carry Thebes' hoplite (24.5, M20)
    run(g, SI.place_act, [], A.LEAGUE, f"leave:{th_hop}:north-ionian")
    assert told[-1].startswith(f"Thebes sends {th_hop}")
    assert payable(s, A.LEAGUE) == [th_hop]  # 19.3: Thebes pays for its own
    s["acting"] = "sparta"
    assert payable(s, A.LEAGUE) == [sp_fleet]
    clean(g)
    s["ct"] = 1
    run(g, E.campaign_start, [])
    assert s["units"][th_hop]["hex"] == "north-ionian" and s["units"][th_hop]["seat"] == "thebes"
    assert s["leaders"]["Alcidas"]["hex"] == "north-ionian"
    assert any(x.startswith("Sparta and Thebes: pieces leaving Sicily") for x in told)
    assert g.check_invariants() == []


def test_an_escalation_holds_every_league_players_pieces():
    g = mfull("four-player")
    s = g.state
    to_sicily(g, "corinth", "fleet")
    escalate(g, 1)
    for seat in A.league_seats(s):
        s["acting"] = seat
        assert not any(o.id.startswith("leave:") for o in SI.place_options(s, A.LEAGUE))
    clean(g)


# ------------------------------------------------------------------ the view and secrets
@pytest.mark.parametrize("scenario", BOTH)
def test_every_seat_sees_the_same_sicily_box_and_no_other_hand(scenario):
    g = engine.new_game("epic", scenario, seed="sicview")
    s = g.state
    seats = RULES.scenarios[scenario].seats
    escalate(g, 1)
    to_sicily(g, "thebes", "hoplite")
    to_sicily(g, "athens", "fleet")
    hand(g, "thebes", "sicilian-resolution-1")
    hand(g, "sparta", "sicilian-escalation-4")
    views = {seat: RULES.view(s, seat) for seat in seats}
    boxes = [json.dumps(v["sicily"], sort_keys=True) for v in views.values()]
    assert len(set(boxes)) == 1 and views["athens"]["sicily"]["escalations"] == 1
    hands = s["cards"]["hands"]
    for seat, v in views.items():
        assert v["cards"]["hand"] == sorted(hands[seat])
        text = json.dumps(v)
        hidden = {cid for x, h in hands.items() if x != seat for cid in h}
        assert not [cid for cid in hidden if f'"{cid}"' in text], seat
        in_sicily = {u: x["seat"] for u, x in v["units"].items() if x["where"] == SI.SICILY}
        assert sorted(in_sicily.values()) == ["athens", "thebes"]  # public, with their player
        assert assert_view_hides(g, seat) > 0  # the redaction proof


def test_the_map_lists_each_allys_pieces_in_sicily():
    from renders.epic import mapdraw

    g = mfull("three-player")
    to_sicily(g, "thebes", "hoplite")
    to_sicily(g, "sparta", "fleet")
    lines = mapdraw.sicily_lines(mapdraw.seated(g.view(None)))
    assert ("Sparta in Sicily: 1F", "sparta") in lines
    assert ("Thebes in Sicily: 1H", "thebes") in lines
