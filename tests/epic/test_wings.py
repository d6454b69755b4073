"""Wing combat, the optional combat system of Appendix D (game option `wings`), with fixed
dice: the choice, the deployment rules, the secrecy of the deployments, the shifts, the
simultaneous rounds, the regrouping of winners (both worked examples), withdrawal and
pursuit; then random wing battles to the end."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.epic import combat as K
from engine.rulesets.epic import wings as W
from engine.rulesets.epic.battles import open_battle
from engine.rulesets.epic.rules import MACHINE
from engine.selfplay import random_answer
from engine.testing import FixedRng, assert_view_hides

from .helpers import RULES, bare, ids, put, start

FIELD, ORIGIN = "W3228", "W3128"  # clear Boeotian hexes, no city, no river between
L, C, R = W.LEFT, W.CENTRE, W.RIGHT


def _battle(g: Game, att: list[str], leaders: tuple[str, ...] = ()) -> dict:
    for n in leaders:  # Athenian leaders attack, Spartan ones stand with the defenders
        g.state["leaders"][n].update(where="map", hex=FIELD, region=None)
    ours = [n for n in leaders if g.state["leaders"][n]["side"] == "athens"]
    b = open_battle(g.state, {"hex": FIELD, "origin": ORIGIN, "units": att,
                              "leaders": ours, "storm": False}, "athens")
    assert b is not None
    g.state["battle"] = b
    return b


def _game(n_hop: int = 3, n_cav: int = 1, n_dfn: int = 4) -> tuple[Game, list[str]]:
    """Athenian hoplites (morale 4) and cavalry (4) attack Boeotian hoplites (5) in the open."""
    g = bare()
    g.state["wings"] = True
    put(g, "boeotia", "hoplite", FIELD, n_dfn)
    att = put(g, "attica", "hoplite", FIELD, n_hop, morale=4, side="athens") + \
        put(g, "attica", "cavalry", FIELD, n_cav)
    return g, att


def _deployed(g: Game, att: list[str], at: dict[str, str], dfn_at: list[str],
              leaders: tuple[str, ...] = (), lead: dict[str, str] | None = None) -> dict:
    """A battle whose wings are set up as given (dfn_at: the defenders' wings in order),
    at the battle's continue-or-break-off step."""
    b = _battle(g, att, leaders)
    W.start(b)
    w = b["wings"]
    w["at"]["athens"] = dict(at)
    w["at"]["sparta"] = dict(zip(b["dfn"], dfn_at))
    w["lead"]["athens"] = dict(lead or {})
    g.state["flow"].append({"name": "battle_go_on", "args": {"which": "att"}})
    g._prompts = None
    return b


# ------------------------------------------------------------------ the option
def test_the_option_is_declared_off_by_default_and_set_by_game_new():
    spec = RULES.options["wings"]
    assert spec.default is False and spec.rule == "App. D"
    assert "wings" not in engine.new_game("epic", "argive-league", seed="w").state
    g = Game.create(RULES, scenario="athenian-fantasy", seed="w", options={"wings": True})
    assert g.state["wings"] is True


def test_off_the_battle_is_fought_whole_at_once():
    g, att = _game()
    del g.state["wings"]
    b = _battle(g, att)
    start(g, "battle", [3] + [1] * 8)  # round 1 at once: 4-4, 1-1, die 3: M/M
    assert b["rounds"] == 1 and "wings" not in b


def test_only_when_both_sides_have_more_than_three_units():
    g, att = _game(n_dfn=3)
    b = _battle(g, att)
    start(g, "battle", [3] + [1] * 7)
    assert b["rounds"] == 1 and "wings" not in b  # 4 against 3: no wings
    g, att = _game(n_dfn=4)
    b = _battle(g, att)
    start(g, "battle", [])
    p = g.prompt_for("athens")
    assert p is not None and p.kind == "wings" and p.rule == "App. D"
    assert b["rounds"] == 0


def test_either_player_may_choose_wings():
    g, att = _game()
    b = _battle(g, att)
    start(g, "battle", [])
    g.act("athens", "whole")  # the attacker declines: the defender is asked
    assert g.prompt_for("sparta").kind == "wings"
    g.act("sparta", "wings")
    assert g.state["flow"][-1]["name"] == "wings_deploy"
    g, att = _game()
    b = _battle(g, att)
    start(g, "battle", [3] + [1] * 8)
    g.act("athens", "whole")
    g.act("sparta", "whole")  # neither wishes it: one battle, its first round at once
    assert "wings" not in b and b["rounds"] == 1


# ------------------------------------------------------------------ deployment (App. D 1)
def test_deploy_a_quarter_rounded_down_on_each_wing():
    g, att = _game(n_hop=8, n_cav=0)  # 8 units: at least 2 a wing
    b = _battle(g, att)
    at: dict[str, str] = {}
    for u in att[:4]:
        at[u] = L
    assert W.wing_choices(g.state, b["att"], at, att[4]) == [C, R]  # a 5th would leave 3
    at[att[4]] = C
    at[att[5]] = C
    assert W.wing_choices(g.state, b["att"], at, att[6]) == [R]  # the Right needs both


def test_no_cavalry_or_light_in_the_centre_with_hoplites_on_both_flanks():
    g, att = _game(n_hop=2, n_cav=2)  # q = 1
    b = _battle(g, att)
    h1, h2, c1, c2 = att
    # a hoplite on the Left: the other may not go Right, for the Centre would get cavalry
    assert W.wing_choices(g.state, b["att"], {h1: L}, h2) == [L, C]
    assert W.wing_choices(g.state, b["att"], {h1: L, h2: C}, c1) == [L, C, R]
    # hoplites on both flanks: no cavalry in the Centre, and a hoplite must hold it
    g, att = _game(n_hop=3, n_cav=1)
    b = _battle(g, att)
    h1, h2, h3, c1 = att
    assert W.wing_choices(g.state, b["att"], {h1: L, h2: R}, h3) == [C]
    assert W.wing_choices(g.state, b["att"], {h1: L, h2: R, h3: C}, c1) == [L, R]


def _to_deploy(g: Game, att: list[str]) -> dict:
    b = _battle(g, att)
    start(g, "battle", [])
    g.act("athens", "wings")
    return b


def test_deployments_are_made_at_once_and_are_secret_prompts():
    g, att = _game()
    b = _to_deploy(g, att)
    seats = {p.seat for p in g.prompts()}
    assert seats == {"athens", "sparta"}
    assert all(p.secret and p.kind == "deploy" and p.rule == "App. D" for p in g.prompts())
    g.act("sparta", C)  # either may answer first
    assert b["wings"]["at"]["sparta"] == {b["dfn"][0]: C}


def _deploy_all(g: Game, b: dict, att_wings: list[str], dfn_wings: list[str]) -> None:
    for x in att_wings:
        g.act("athens", x)
    for x in dfn_wings:
        g.act("sparta", x)


@pytest.mark.parametrize("seat", ["athens", "sparta", None])
def test_redaction_the_other_sides_deployment_is_hidden_until_both_are_made(seat):
    g, att = _game()
    b = _to_deploy(g, att)
    for x in (L, C, R, L):
        g.act("athens", x)
    g.act("sparta", L)  # Athens has deployed, Sparta is half way
    s = g.state
    assert assert_view_hides(g, seat) > 0
    # the proof's variants do move the hidden deployment, not only the leader pools
    hidden = [side for side in ("athens", "sparta") if side != seat]
    variants = list(RULES.hidden_variants(s, seat, Rng("w")))
    assert any(v["battle"]["wings"]["at"][x] != b["wings"]["at"][x]
               for v in variants for x in hidden)
    view = RULES.view(s, seat)["battle"]["wings"]
    for side in ("athens", "sparta"):
        assert (view["at"][side] == b["wings"]["at"][side]) == (side == seat)
    assert view["done"] == {"athens": True, "sparta": False}
    # changing Athens' hidden deployment changes nothing Sparta or the public sees
    if seat != "athens":
        before = RULES.view(s, seat)
        b["wings"]["at"]["athens"][att[0]] = R
        assert RULES.view(s, seat) == before


def test_a_league_seat_sees_its_sides_deployment_and_not_athens():
    g, att = _game()
    b = _to_deploy(g, att)
    g.act("athens", L)
    g.act("sparta", R)
    seen = W.shown(g.state, "thebes")["wings"]["at"]  # a League ally (24.0) fights as Sparta
    assert seen["athens"] == {} and seen["sparta"] == b["wings"]["at"]["sparta"]


def test_both_deployments_are_revealed_together(told):
    g, att = _game()
    b = _to_deploy(g, att)
    for x in (L, C, R, L):
        g.act("athens", x)
    for x in (L, C, R):
        g.act("sparta", x)
    # Athens rolls 1 to shift: the wings engage; round 1 only demoralizes
    g.rng.values = [1, 4, 1, 1, 1, 1, 3, 1, 1]
    g.act("sparta", C)
    assert b["rounds"] == 1 and not b["dead"] and not b["retreat"]
    for seat in ("athens", "sparta", None):
        v = RULES.view(g.state, seat)["battle"]["wings"]
        assert v["at"]["athens"] == b["wings"]["at"]["athens"]
        assert v["at"]["sparta"] == b["wings"]["at"]["sparta"]
    log = " ".join(told)
    assert "Athens deploys: left 2; centre 1; right 1" in log
    assert "Sparta deploys: left 1; centre 2; right 1" in log


# ------------------------------------------------------------------ shifts (App. D 2)
def test_shifts_on_4_to_6_one_hoplite_next_door_or_any_cavalry_then_1_to_3_engages(told):
    g, att = _game(n_hop=4, n_cav=2)  # 6 units: q = 1
    h1, h2, h3, h4, c1, c2 = att
    b = _to_deploy(g, att)
    for x in (L, L, C, R, L, L):  # hoplites L L C R, cavalry L L
        g.act("athens", x)
    for x in (L, C, R):
        g.act("sparta", x)
    g.rng.values = [5]  # Athens rolls 5: it may shift
    g.act("sparta", C)
    assert g.state["flow"][-1]["name"] == "wings_shift" and b["wings"]["shifting"] == "athens"
    opts = ids(g, "athens")
    assert "done" in opts
    assert f"unit:{h1}:{C}" in opts and f"unit:{h1}:{R}" not in opts  # hoplites: next door
    assert f"unit:{h3}:{L}" not in opts  # the Centre would be left empty
    assert f"unit:{c1}:{R}" in opts  # cavalry: anywhere legal
    assert f"unit:{c1}:{C}" not in opts  # cavalry in the Centre, hoplites on both flanks
    g.act("athens", f"unit:{c1}:{R}")
    opts = ids(g, "athens")  # more cavalry, not the hoplites
    assert f"unit:{c2}:{R}" in opts and not any(o.startswith(f"unit:{h1}") for o in opts)
    g.act("athens", f"unit:{c2}:{R}")
    assert b["wings"]["at"]["athens"][c1] == R == b["wings"]["at"]["athens"][c2]
    g.rng.values = [6]  # Sparta rolls 6: a hoplite shift
    g.act("athens", "done")
    assert b["wings"]["shifting"] == "sparta"
    sp = b["dfn"]
    g.act("sparta", f"unit:{sp[3]}:{L}")
    assert ids(g, "sparta") == ["done"]  # one hoplite only (no leaders here)
    g.rng.values = [2] + [1] * 40  # Athens rolls 2: no more shifts, round 1 on all wings
    g.act("sparta", "done")
    assert W.active(g.state, b) and b["rounds"] == 1
    assert "Athens rolls 2: the wings engage (App. D)" in told


def test_leaders_count_only_on_their_wing_and_may_shift_anywhere():
    g, att = _game()
    h1, h2, h3, c1 = att
    b = _deployed(g, att, {h1: L, h2: C, h3: R, c1: L}, [L, C, R, C], leaders=("Alcibiades",),
                  lead={"Alcibiades": L})
    _, left = K.column(g.state, W.wing_record(b, L))
    _, centre = K.column(g.state, W.wing_record(b, C))
    assert "attacking leader +1 (17.4.2)" in left
    assert not any("leader" in n for n in centre)
    b["wings"].update(shifting="athens", mode="leaders", moved=[h1])
    opts = [o.id for o in W.shift_options(g.state, b, "athens")]
    assert opts == ["done", f"leader:Alcibiades:{C}", f"leader:Alcibiades:{R}"]


# ------------------------------------------------------------------ rounds (App. D 3)
def test_a_round_is_fought_on_every_wing_and_example_1_the_winners_meet_on_the_right(told):
    """The rulebook's first example, with fixed dice: Sparta wins the Centre in the round
    Athens wins the Left; both add their units to the Right, whose +1s cancel."""
    g, att = _game()
    h1, h2, h3, c1 = att
    b = _to_deploy(g, att)
    for x in (L, C, R, L):
        g.act("athens", x)
    for x in (L, C, R):
        g.act("sparta", x)
    d1, d2, d3, d4 = b["dfn"]
    g.rng.values = [2]  # Athens rolls 2: no shifts
    dice = [1, 4,        # Left, 2 against 1 shifted to 3-1 (cavalry): D/+2, d1 rolls 4+2: retreats
            6, 6,        # Centre, 1 against 2 at 1-2: +2/-, h2 rolls 6+2: eliminated
            3, 1, 2]     # Right, 1-1: M/M, h3 and d3 demoralized
    g.rng.values += dice
    g.act("sparta", C)
    assert b["rounds"] == 1 and g.rng.values == []
    assert b["retreat"] == [d1] and b["dead"] == [h2]
    log = told
    assert any(x.startswith("Left wing: Round 1: 2 against 1") and "column 3-1" in x for x in log)
    assert any(x.startswith("Centre wing: Round 1: 1 against 2") for x in log)
    at = b["wings"]["at"]
    assert b["wings"]["open"] == [R]
    assert [at["athens"][u] for u in (h1, h3, c1)] == [R, R, R]
    assert [at["sparta"][u] for u in (d2, d3, d4)] == [R, R, R]
    # +1 to everyone on the Right: Athens 3 (D) +1, 3 (M) +1; Sparta 5 +1, 4 (M) +1
    assert [b["morale"][u] for u in (h1, h3, c1)] == [4, 4, 4]
    assert [b["morale"][u] for u in (d2, d3, d4)] == [6, 5, 6]
    assert g.state["flow"][-1] == {"name": "battle_go_on", "args": {"which": "att"}}
    g.act("athens", "go")
    g.rng.values = [3] + [1] * 6
    g.act("sparta", "go")  # round 2: the Right alone, 3 against 3 (+1 light shift: 3-2)
    assert any(x.startswith("Right wing: Round 2: 3 against 3") and "column 3-2" in x
               for x in told)


def test_example_2_each_side_wins_a_wing_and_all_fight_one_battle():
    """The rulebook's second example: Athens wins the Left and the Right in the round
    Sparta wins the Centre: every unit left fights on in a single battle."""
    g, att = _game(n_hop=5, n_cav=1, n_dfn=5)
    h1, h2, h3, h4, h5, c1 = att
    b = _deployed(g, att, {h1: L, h2: L, h3: C, h4: R, h5: R, c1: L}, [L, C, C, R, C])
    d1, d2, d3, d4, d5 = b["dfn"]
    b["retreat"] += [d1, d4, h3]  # Sparta gone from both flanks, Athens from the Centre
    before = dict(b["morale"])
    lines = W.regroup(b)
    assert lines[-1] == "No wing fights on: every unit joins one battle (App. D)"
    assert b["wings"]["open"] == [C] and b["morale"] == before  # no +1 here
    rec = W.wing_record(b, C)
    assert rec["att"] == [h1, h2, h4, h5, c1] and rec["dfn"] == [d2, d3, d5]


def test_a_flank_won_joins_the_centre_at_plus_one():
    g, att = _game(n_hop=5, n_cav=1, n_dfn=5)
    h1, h2, h3, h4, h5, c1 = att
    b = _deployed(g, att, {h1: L, h2: C, h3: C, h4: R, h5: R, c1: L}, [L, C, C, R, R])
    d1, d2, d3, d4, d5 = b["dfn"]
    b["dead"] += [h4, h5]  # Sparta wins the Right
    W.regroup(b)
    assert b["wings"]["open"] == [L, C]
    assert b["wings"]["at"]["sparta"][d4] == C == b["wings"]["at"]["sparta"][d5]
    assert [b["morale"][u] for u in (d2, d3, d4, d5)] == [6, 6, 6, 6]  # 5 +1
    assert b["morale"][d1] == 5 and b["morale"][h2] == 4  # the Left, and Athens: no change


def test_a_centre_won_divides_between_the_flanks_as_its_side_chooses():
    g, att = _game(n_hop=5, n_cav=1, n_dfn=5)
    h1, h2, h3, h4, h5, c1 = att
    b = _deployed(g, att, {h1: L, h2: C, h3: C, h4: R, h5: R, c1: L}, [L, C, C, R, R],
                  leaders=("Alcibiades",), lead={"Alcibiades": C})
    d1, d2, d3, d4, d5 = b["dfn"]
    b["retreat"] += [d2, d3]  # Athens wins the Centre
    W.regroup(b)
    assert b["wings"]["split"] == "athens" and b["wings"]["open"] == [L, R]
    g.state["flow"][-1] = {"name": "battle_split", "args": {}}
    p = g.prompt_for("athens")
    assert p.kind == "split" and p.rule == "App. D" and [o.id for o in p.options] == [h2, h3]
    g.act("athens", h2)
    at = b["wings"]["at"]["athens"]
    assert (at[h2], at[h3]) == (L, R)
    assert b["wings"]["lead"]["athens"]["Alcibiades"] == L  # with the larger part
    assert [b["morale"][u] for u in (h1, h2, c1, h3, h4, h5)] == [5] * 6  # 4 +1 on both
    assert g.state["flow"][-1] == {"name": "battle_go_on", "args": {"which": "att"}}
    assert b["wings"]["split"] is None


def test_withdrawing_retreats_every_wing_and_the_victor_pursues_after_all(told):
    g, att = _game(n_hop=3, n_cav=1)
    cav = put(g, "boeotia", "cavalry", FIELD, 1)[0]  # Sparta brings cavalry to pursue
    h1, h2, h3, c1 = att
    b = _deployed(g, att, {h1: L, h2: C, h3: R, c1: L}, [])
    hops = [u for u in b["dfn"] if u != cav]
    b["wings"]["at"]["sparta"] = {cav: L, hops[0]: L, hops[1]: C, hops[2]: R, hops[3]: C}
    g.rng = FixedRng([4, 1])
    g.act("athens", "off")  # 17.8, App. D 3: all of Athens' units, on every wing
    s = g.state
    assert s["battle"] is None and not s["flow"]
    assert all(s["units"][u]["hex"] == ORIGIN for u in att)
    # the pursuit (17.9), once the battle is over on all wings: one cavalry against the
    # Athenian cavalry at 1-1, die 4: M; it rolls 1 against 4 and escapes
    assert "Cavalry pursuit: 1 cavalry, column 1-1, die 4: M (17.9)" in told


# ------------------------------------------------------------------ random wing battles
def random_wing_battle(i: int) -> dict[str, int]:
    """A battle of 4 to 9 units a side of random kinds, wings on, played to its end with
    random dice and random legal answers, the invariants checked after every answer.
    Returns how many answers of each kind it took. (Whole random games seldom bring more
    than 3 units a side together: STATUS.md runs this on more seeds.)"""
    kinds = ("hoplite", "cavalry", "light")
    rng = Rng(f"wings:{i}")
    g = bare(f"w{i}")
    s = g.state
    s["wings"] = True
    for _ in range(4 + rng.randbelow(6)):
        put(g, "boeotia", kinds[rng.randbelow(3)], FIELD, 1, side="sparta", morale=5)
    att: list[str] = []
    for _ in range(4 + rng.randbelow(6)):
        att += put(g, "argolid", kinds[rng.randbelow(3)], FIELD, 1, side="athens", morale=4)
    _battle(g, att, leaders=("Alcibiades", "Gylippus") if i % 2 else ())
    g.rng = rng
    MACHINE.start(s, Context(rng), "battle")
    g._prompts = None
    asked: dict[str, int] = {}
    for _ in range(1000):
        if s["battle"] is None:
            break
        p = rng.choice(g.prompts())
        asked[p.kind] = asked.get(p.kind, 0) + 1
        # every choice of a wing battle carries its facts (Option.data, issue 30)
        assert all(o.data and o.data.get("kind") for o in p.options), p.kind
        g.act(p.seat, random_answer(p, rng))
        problems = RULES.check_invariants(s)
        assert not problems, (i, problems)
    assert s["battle"] is None and not s["flow"], i
    json.dumps(s)
    return asked


def test_random_wing_battles_end_and_keep_the_invariants():
    total: dict[str, int] = {}
    for i in range(40):
        for k, n in random_wing_battle(i).items():
            total[k] = total.get(k, 0) + n
    assert total["deploy"] > 0 and total["shift"] > 0 and total["split"] > 0


# ------------------------------------------------------------------ the combat display
def test_the_combat_display_reads_wing_rounds_and_marks_each_units_wing():
    from engine.core.battle_record import add_step, open_round
    from renders.epic import combat as D

    g, att = _game()
    h1, h2, h3, c1 = att
    b = _deployed(g, att, {h1: L, h2: C, h3: R, c1: L}, [L, C, R, C])
    open_round(b["record"], 1, "centre")
    add_step(b["record"], {"kind": "crt", "dice": [6], "rule": "17.5",
                           "facts": {"att": 1, "dfn": 2, "shifts": [], "column": "1-2",
                                     "results": ["+2", "-"]}})
    add_step(b["record"], {"kind": "check", "side": "sparta", "unit": h2, "dice": [6],
                           "facts": {"plus": 2, "morale": 4, "result": "eliminated"}})
    assert [(r["label"], st["kind"]) for r, st in D.steps(b)] == [("centre", "crt"),
                                                                   ("centre", "check")]
    plain = {**b, "wings": None}
    with_wings, without = D.render_image(b), D.render_image(plain)
    assert with_wings.size == without.size
    # the first attacker's caption under its block names its wing only with wings
    # ("Home · L"): the pixels there differ, and the block itself does not
    from renders.pieces import combat as kit

    cx, cy = kit.unit_centre(0, 0)
    caption = (int(cx - kit.UNIT / 2 - 4), int(cy + kit.UNIT / 2 + 3),
               int(cx + kit.UNIT / 2 + 4), int(cy + kit.UNIT / 2 + 15))
    assert with_wings.crop(caption).tobytes() != without.crop(caption).tobytes()
    face = (int(cx - kit.UNIT / 2), int(cy - kit.UNIT / 2), int(cx + kit.UNIT / 2),
            int(cy + kit.UNIT / 2))
    assert with_wings.crop(face).tobytes() == without.crop(face).tobytes()
