"""Strategics (9.1-9.5), revolts (7.0-7.1) and victory (10.1-10.2)."""

from __future__ import annotations

from engine.rulesets.athens_sparta import victory
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.strategics import end_of_phase
from tests.athens_sparta.conftest import act, ids, pick, position, prompt

CARDS = {"athens": {"hand": ["C11"], "played": "C10"}, "sparta": {"hand": ["C12"], "played": "C24"}}


class Ctx:
    def __init__(self):
        self.events = []

    def event(self, kind, text, seats=None, **data):
        self.events.append((kind, text, data))

    def reveal(self):
        pass


def pos(**kw):
    data = dict(olympiad=84, turn=2, phase="move", active="sparta", player1="sparta",
                cards=CARDS)
    data.update(kw)
    return position(None, **data)


def test_rebel_navy_changes_sides_with_its_city_rule_9_4():
    g = pos(blocks={"Sparta H1": {"hex": "P6"}, "Chios N": {"hex": "K8", "strength": 2},
                    "Athens H1": {"hex": "K8"}})
    s = g.state
    end_of_phase(board(), s, Ctx())
    assert s["control"]["Chios"] == "sparta"
    assert s["blocks"]["Chios N"]["loc"] == "out"
    twin = s["blocks"]["Chios N*"]
    assert twin["loc"] == "P6" and twin["str"] == 2 and twin["side"] == "sparta"
    # and back again when Athens retakes the city
    s["blocks"]["Sparta H1"]["loc"] = "I10"
    s["blocks"]["Athens H1"]["loc"] = "P6"
    twin["loc"] = "I8"
    end_of_phase(board(), s, Ctx())
    assert s["control"]["Chios"] == "athens"
    assert s["blocks"]["Chios N"]["loc"] == "P6" and s["blocks"]["Chios N*"]["loc"] == "out"


def test_neutral_city_joins_the_defender_when_attacked_rule_9_5():
    g = pos(blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    act(g, "b:Sparta H1")
    opt = pick(g, "o|I9|")
    act(g, opt.id)
    s = g.state
    assert s["control"]["Argos"] == "athens"
    assert s["blocks"]["Argos H1"]["loc"] == "I9" and s["blocks"]["Argos H1"]["side"] == "athens"
    assert s["blocks"]["Argos H1"]["str"] == 4  # full strength


def test_persian_support_offer_rule_9_3():
    g = pos(phase="combat", blocks={"Sparta H1": {"hex": "R8"}, "Athens H1": {"hex": "K8"}},
            control={"Miletus": "athens"})
    # no battle: the combat phase ends, Sparta now holds Miletus and is offered Persian gold
    p = prompt(g)
    assert p.seat == "sparta" and p.kind == "persia" and p.rule == "9.3"
    act(g, "accept")
    s = g.state
    assert s["persia"]["alliance"]
    from engine.rulesets.athens_sparta.state import points

    assert points(board(), s)["sparta"] == points(board(), s, for_victory=False)["sparta"] - 2


def test_hellespont_rule_9_1():
    g = pos(active="athens", player1="athens", phase="attrition",
            blocks={"Corinth N": {"hex": "P2"}, "Athens H1": {"hex": "K8"},
                    "Athens P": {"hex": "K8"}, "Sparta H1": {"hex": "I10"}},
            control={"Abydos": "sparta"})
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "hellespont"
    assert set(ids(p)) == {"b:Athens H1", "b:Athens P"}
    act(g, "b:Athens P")
    assert g.state["blocks"]["Athens P"]["loc"] == "pool"


def test_revolt_in_a_vacant_city_succeeds_rule_7_0():
    g = pos(mp=3, blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    act(g, "rv")
    opts = ids(prompt(g))
    assert "c:Athens" not in opts and "c:Naupactus" not in opts  # immune / minor
    assert "c:Argos" not in opts  # neutral cities are immune
    act(g, "c:Samos")
    act(g, "s:2")
    s = g.state
    assert s["blocks"]["TYRANTS"]["loc"] == "Q8" and s["blocks"]["TYRANTS"]["str"] == 2
    assert s["move_points"] == 1
    p = prompt(g)
    assert p.kind == "revolt_won"
    act(g, "keep")
    act(g, "done")
    assert g.state["control"]["Samos"] == "sparta"  # at the end of the phase
    # not twice against the same city in one Olympiad
    assert "sparta" in g.state["revolts"]["Samos"]


def test_revolt_battle_rule_7_0():
    g = pos(mp=3, blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"},
                          "Samos H": {"hex": "Q8", "strength": 1}},
            dice=[6, 1, 6])
    act(g, "rv")
    act(g, "c:Samos")
    act(g, "s:2")
    act(g, "done")
    p = prompt(g)
    assert p.kind == "battle_pick" and "revolt" in p.options[0].label and "done" not in ids(p)
    act(g, "f:Q8")
    assert prompt(g).kind == "pillage"  # a captured major city pays pillage (5.61)
    act(g, "done")
    s = g.state
    # Samos H (B2, 1 step) misses with 6; TYRANTS (A2) fires first actually: A before B
    assert s["blocks"]["Samos H"]["loc"] == "pool"
    assert s["last_battle"]["kind"] == "revolt" and s["last_battle"]["winner"] == "sparta"


def test_sudden_death_rule_10_1():
    g = pos(blocks={"Sparta H1": {"hex": "K8"}, "Athens H1": {"hex": "L8"}})
    assert victory.sudden_death(board(), g.state)[0] == "sparta"
    g = pos(blocks={"Sparta H1": {"hex": "K8"}, "Athens H1": {"hex": "K8", "in_city": True}})
    assert victory.sudden_death(board(), g.state) is None  # a siege is no occupation (R6)


def test_victory_points_and_end_of_war_rule_10_2():
    g = pos(blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    s = g.state
    assert victory.olympiad_check(board(), s) is None
    s["olympiad"] = 89
    w, reason = victory.olympiad_check(board(), s)
    assert reason == "war_over" and "89" in victory.reason_words(board(), s, w, reason)
    s["control"]["Potidaea"] = "athens"   # 20 v 18
    assert victory.olympiad_check(board(), s)[0] == "athens"
    for name in ("Corinth", "Thebes", "Megara", "Sicyon", "Elis"):
        s["control"][name] = "athens"  # 20 + 3 + 3 + 1 + 1 + 1 = 29
    s["olympiad"] = 85
    assert victory.olympiad_check(board(), s) is None
    s["control"]["Messene"] = "athens"  # 30
    w, reason = victory.olympiad_check(board(), s)
    assert w == "athens" and reason == "city_points"
    assert "30 city points" in victory.reason_words(board(), s, w, reason)


def test_sea_move_to_sicily_attacks_syracuse_rule_9_2():
    g = pos(active="athens", player1="athens",
            blocks={"Athens H1": {"hex": "C5"}, "Sparta H1": {"hex": "I10"}})
    act(g, "b:Athens H1")
    opt = pick(g, "s|sicily|")
    assert opt.label.startswith("Syracuse")
    act(g, opt.id)
    s = g.state
    assert s["blocks"]["Athens H1"]["loc"] == "sicily"
    assert s["control"]["Syracuse"] == "sparta"  # the neutral city joins the other side
    assert {b for b, x in s["blocks"].items() if x["loc"] == "sicily"} >= \
        {"Syracuse H", "Syracuse C", "Syracuse N"}


def test_revolts_reset_each_olympiad_rule_7_0():
    import engine

    g = engine.new_game("athens-sparta", seed=1)
    g.state["revolts"] = {"Samos": ["sparta"]}
    g.state["helot_ban"] = True
    from engine.rulesets.athens_sparta import flow

    class C2(Ctx):
        def shuffle(self, x):
            pass

    flow.deal(board(), g.state, C2())
    assert g.state["revolts"] == {} and g.state["helot_ban"] is False


def test_neutral_blocks_change_sides_and_fight_former_allies_rule_9_5():
    g = pos(mp=1, control={"Argos": "athens"},
            blocks={"Sparta H1": {"hex": "H9"}, "Athens H1": {"hex": "H7"},
                    "Argos H1": {"hex": "H7", "side": "athens"}},
            dice=[6] * 40)
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|I9|").id)  # Argos stands empty: Sparta walks in
    s = g.state
    assert s["control"]["Argos"] == "sparta"
    assert s["blocks"]["Argos H1"]["side"] == "sparta"
    # the Argive hoplite now attacks the Athenians it stood with, at once (ruling R22)
    rec = s["battle"] or s["last_battle"]
    assert rec is not None
    h = rec["hex"]
    assert h == "H7" and rec["attacker"] == "sparta"


def test_persian_territory_friendly_to_sparta_only_with_the_alliance_rule_9_3():
    from engine.rulesets.athens_sparta.movement import destinations

    bd = board()
    blocks = {"Sparta H1": {"hex": "R7"}, "Athens H1": {"hex": "K8"}}
    g = pos(blocks=blocks, control={"Ephesus": "sparta", "Notium": "sparta"})
    reach = {d[0] for d in destinations(bd, g.state, "Sparta H1")}
    assert not reach & bd.persian
    g = pos(blocks=blocks, control={"Ephesus": "sparta", "Notium": "sparta"},
            persia={"alliance": True})
    d = destinations(bd, g.state, "Sparta H1")
    assert {x[0] for x in d} & bd.persian
    assert {x[0] for x in d if x[1] == "march"} & bd.persian  # friendly: a march may end there


def test_revolt_may_join_an_attack_made_this_turn_but_not_a_siege_rules_7_0_R15():
    """7.0 sets no condition on the sponsor's own blocks. Ruling R15: a city the sponsor
    besieges cannot revolt (its siege is fought by storming, 5.3); a city his armies
    attacked this turn can, and the revolt joins that battle (R28)."""
    g = pos(mp=3, blocks={"Sparta H1": {"hex": "P1"}, "Abydos H": {"hex": "P2"},
                          "Sparta H2": {"hex": "J1"},
                          "Amphipolis H": {"hex": "J1", "in_city": True},
                          "Athens H1": {"hex": "K8"}})
    act(g, "rv")
    opts = ids(prompt(g))
    assert "c:Abydos" in opts and "c:Amphipolis" not in opts
    act(g, "back")
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|P2|").id)  # across the Hellespont into Abydos
    act(g, "rv")
    act(g, "c:Abydos")
    act(g, "s:1")
    act(g, "done")
    p = prompt(g)
    assert p.kind == "battle_pick"
    assert any(o.id == "f:P2" and "battle" in o.label for o in p.options)
