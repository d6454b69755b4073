"""The Epic heuristic weighs the peace rolls Athens may force on a League player with
allies (24.7.2, 25.3.2; engine/players/epic_peace.py)."""

import engine
from engine.core.types import Option, Prompt
from engine.players import epic as E
from engine.players import epic_peace as P
from engine.players import epic_policy as policy


def four_player_view(seat="thebes", **changes):
    view = engine.new_game("epic", "four-player", seed="peace-risk").view(seat)
    for key, value in changes.items():
        view[key] = value
    return view


def test_each_league_players_modifier_is_read_from_the_view():
    view = four_player_view()
    # Thebes: Plataea held by Athens +1, the Megarid and Arcadia the League's -1, ML 12
    assert P.modifier(view, "thebes") == 0 and P.roll_chance(view, "thebes") == 1 / 6
    # Sparta: Elis, Arcadia and the Megarid the League's -1, Laconia's ML 20 -1
    assert P.modifier(view, "sparta") == -2 and P.roll_chance(view, "sparta") == 0
    assert P.roll_chance(view, "corinth") == 0


def test_both_embassies_face_up_lower_every_roll():
    view = four_player_view()
    view["cards"] = dict(view["cards"], active=["peace-embassy-1", "peace-embassy-2"])
    assert P.modifier(view, "thebes") == -1 and P.roll_chance(view, "thebes") == 0


def test_plataea_taken_leaves_thebes_no_roll_that_can_sign():
    view = four_player_view()
    assert "Plataea" in view["revolts"]  # Athenian since the set-up (a city in revolt, 6.5)
    view["revolts"] = [c for c in view["revolts"] if c != "Plataea"]
    assert P.modifier(view, "thebes") == -1 and P.roll_chance(view, "thebes") == 0


def test_the_league_scores_the_risk_of_a_stalemate_signed_while_athens_holds_26_btv(
        monkeypatch):
    """Late in a war the League expects to win (Athens' worth -1) while Athens still holds
    26 BTV or more (a stalemate, worth 0, if peace came now): a face-up embassy costs the
    League the likeliest roller's chance (Thebes', 1/6) of that loss; Athens counts the
    same as its gain."""
    quiet = four_player_view()
    active = four_player_view()
    active["cards"] = dict(active["cards"], active=["peace-embassy-1"])
    assert P.athenian_btv(quiet) >= 26
    risk = P.peace_risk(active, "sparta", -1.0, 0.0)
    assert risk == -1 / 6
    assert P.peace_risk(quiet, "sparta", -1.0, 0.0) == P.IDLE_RATE * risk
    assert P.peace_risk(active, "athens", -1.0, 0.0) == 1 / 6
    # a peace now better for the League than its expected end: no harm, no gain for Athens
    assert P.peace_risk(active, "sparta", 0.5, 0.0) == 0 == P.peace_risk(active, "athens", 0.5, 0.0)
    # the score: what a peace would be worth at the set-up's BTV, against the expected end
    monkeypatch.setattr(E, "expected_result", lambda view, seen: -1.0)
    worth_now = E._table_of("four-player")[1](P.athenian_btv(quiet))
    assert worth_now >= 0  # Athens' BTV at the set-up: no League win if peace came now
    drop = E.evaluate(quiet, "thebes") - E.evaluate(active, "thebes")
    assert abs(drop - E.VICTORY * (1 - P.IDLE_RATE) / 6 * (worth_now + 1)) < 1e-6


def test_no_term_without_allies():
    view = engine.new_game("epic", "argive-league", seed="peace-risk").view("sparta")
    assert P.peace_risk(view, "sparta", -1.0, 0.0) == 0.0


def _peace_prompt(view, seat):
    """A League player's peace step (the rules' own options, allied_peace.py)."""
    from engine.rulesets.epic.allied_peace import choices, offer_option
    return Prompt(seat, "peace", tuple(choices(view, seat, []) + offer_option(view, {})
                                       + [Option("no", "Not now", "20.1",
                                                 data={"kind": "pass"})]), kind="peace")


def test_a_league_player_sends_the_embassy_home_with_a_roll_athens_cannot_win():
    """24.7.2: Athens' modifiers at the set-up (Attica's ML 20, every region it wants its
    own) leave no die that signs, so the League makes Athens roll: only a sent-home
    embassy (a total of 1 or less) can come of it."""
    view = four_player_view("thebes")
    view["cards"] = dict(view["cards"], active=["peace-embassy-1"])
    assert P.roll_chance(view, "athens") == 0
    assert policy.peace(view, _peace_prompt(view, "thebes")) == "roll:athens"
    # once Athens could sign (Attica's ML below 10) it waits: a peace signed now would
    # give Athens the game it leads (its BTV at the set-up), no roll to risk
    view["regions"] = dict(view["regions"], attica=dict(view["regions"]["attica"], ml=9))
    assert P.roll_chance(view, "athens") > 0 and policy.verdict(view) == "athens"
    assert policy.peace(view, _peace_prompt(view, "thebes")) == "no"


def test_thebans_are_drawn_to_athenian_plataea_inside_their_home_region():
    """Plataea, Athenian and in revolt since the four-player set-up, costs Boeotia an AL
    point every season (13.4) and adds one to Thebes' peace roll (25.3.2): the pull asks
    for the two units a siege of it needs (10.3.2), though Boeotia is a home region."""
    view = four_player_view("thebes")
    pool = [u for u, x in view["units"].items() if x.get("seat") == "thebes"
            and x["type"] == "hoplite" and x["where"] != "map"][:2]
    assert len(pool) == 2
    view["units"] = {u: dict(x, where="map", hex="W3528") if u in pool else x  # at Thebes,
                     for u, x in view["units"].items()}                       # by Plataea
    calm = dict(view, revolts=[c for c in view["revolts"] if c != "Plataea"])

    def pull(v):
        here: dict = {}
        for x in v["units"].values():
            if x["where"] == "map" and x["type"] != "fleet":
                here.setdefault(x["hex"], {}).setdefault(x["side"], 0)
                here[x["hex"]][x["side"]] += 1
        return E._pull(v, here, "sparta", E.Seen(v))

    assert pull(view) - pull(calm) >= E.APPROACH * 2 * (E.PULL - 1) - 1e-9


def _assess_prompt(seat, *regions):
    return Prompt(seat, "assess", tuple(
        Option(f"raise:{r}", f"Raise {r} to x2 (-1 ML)", "5.3.1",
               data={"kind": "raise", "region": r, "to": 2}) for r in regions)
        + (Option("done", "Assessment done", "5.3", data={"kind": "done"}),), kind="assess")


def test_thebes_keeps_boeotias_ml_at_10_or_more_when_raising_tribute():
    """5.3.3: a League raise costs the region 1 ML; with allies a home ML below 10 adds
    one to its player's peace roll (24.7.2), so Boeotia is raised only while ML 10 is
    kept, where another League region keeps the usual floor of 8."""
    view = four_player_view("thebes")
    regions = dict(view["regions"])
    regions["boeotia"] = dict(regions["boeotia"], ml=10)
    regions["megarid"] = dict(regions["megarid"], ml=9)
    view["regions"] = regions
    assert policy.assess(view, _assess_prompt("thebes", "boeotia", "megarid")) \
        == "raise:megarid"
    regions["boeotia"] = dict(regions["boeotia"], ml=11)
    assert policy.assess(view, _assess_prompt("thebes", "boeotia")) == "raise:boeotia"
    # two players: no peace roll is forced on anyone, the usual floor holds
    two = engine.new_game("epic", "campaign", seed="peace-risk").view("sparta")
    two["regions"] = dict(two["regions"], boeotia=dict(two["regions"]["boeotia"], ml=9))
    assert policy.assess(two, _assess_prompt("sparta", "boeotia")) == "raise:boeotia"


def _abdication_prompt(seat, region):
    opts = [Option("keep", f"Keep {region}", "24.3", data={"kind": "keep", "region": region})]
    opts += [Option(f"give:{x}", f"Give {region} to {x}", "24.3",
                    data={"kind": "give_region", "region": region, "to": x})
             for x in ("sparta", "thebes", "corinth") if x != seat]
    return Prompt(seat, f"{region} has come to you", tuple(opts), kind="abdicate")


def _taken(view, region, seat):
    view["regions"] = dict(view["regions"], **{region: dict(view["regions"][region],
                                                            side="sparta")})
    view["league"] = dict(view["league"], holder=dict(view["league"]["holder"],
                                                      **{region: seat}))
    return view


def test_a_region_taken_by_thebes_goes_to_sparta_when_keeping_it_would_raise_a_roll():
    """24.3, 24.7.2: Thebes holds four regions like Sparta; a fifth kept would give
    Thebes +1 (more regions than Sparta) and Sparta +1 (fewer than Thebes): it goes to
    Sparta. Corinth, holding three, keeps a region it takes (four ties Sparta's four)."""
    view = _taken(four_player_view("thebes"), "euboea", "thebes")
    assert P.abdication(view, _abdication_prompt("thebes", "euboea")) == "give:sparta"
    view = _taken(four_player_view("corinth"), "euboea", "corinth")
    assert P.abdication(view, _abdication_prompt("corinth", "euboea")) == "keep"
