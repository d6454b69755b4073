"""The rulebook read a fourth time (session 15): the four readings the third pass left
open (Earthquake and Retreats, Pillage with newly joined besiegers, a Sortie in the Season
the siege began, Gela opened by a Wintering move), then rules of the core sections that
no earlier position test pinned down, and last the departures found on the way, fixed
behind generations 3 to 8, each tested at its generation and at the one before. Each
from a position, dice fixed where dice matter; earlier audits' tests (test_rules_*.py,
test_rulebook_*.py) are not repeated."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.moves import group_areas, muster_targets, pillage_targets

from . import helpers as H


# ------------------------------------------------------------------ the four readings
def test_earthquake_bars_moves_not_a_sortie_nor_the_sortiers_retreat():
    """Earthquake (Events sidebar of 3.1), 8.3, 6.4 (ruling): the victim may not Move or
    Pillage that Season, but a Sortie is no move (8.3: no movement occurs) and a Retreat is
    not a Move (5.22 names the two apart). Spartans in Potidea under Athens' Earthquake
    have no Group to move and no Muster, yet may Sortie; beaten, they go back inside."""
    g = H.position(scenario="431", season=1, turn={"side": "sparta", "actions": 0},
                 start="combat", args={"side": "sparta"}, effects={"earthquake": ["sparta"]})
    s = g.state
    assert group_areas(s, "sparta") == [] and muster_targets(s, "sparta") == []
    assert "sortie:Potidea" in H.ids(g, "sparta")
    for seat, answer in (("sparta", "sortie:Potidea"), ("sparta", "S40")):
        g.act(seat, answer)
    H.fix_dice(g, [3, 3])  # the Athenian light infantry (B1, defending) misses
    g.act("athens", "fight")
    assert H.prompt(g, "sparta").kind == "retreat-or-fight"  # Earthquake or not
    g.act("sparta", "retreat")
    assert g.state["blocks"]["S40"] == {"side": "sparta", "loc": "POT", "cv": 2, "inside": True}
    assert "Potidea" in g.state["sieges"]


def test_5_5_besiegers_who_arrived_this_turn_stay_when_the_others_pillage():
    """5.5 (ruling): Pillaging withdraws the besieging Group as it stood when the turn
    began. Theban hoplites (S26) who marched into Platea this turn are not of that Group:
    when the Thebans already there (S25) pillage and withdraw, S26 stays, the siege goes
    on from its old date, and Sparta gains 1 Prestige. No friendly unit may enter Platea
    again this turn, and the siege may still be fought in this Combat phase (8.0)."""
    g = H.platea_besieged("sparta", "actions", actions=3, blocks={"S26": {"loc": "THE", "cv": 3}})
    g.act("sparta", "move:THE")
    g.act("sparta", "S26")
    g.act("sparta", "PLA")
    assert "pillage:Platea" in H.ids(g, "sparta")
    g.act("sparta", "pillage:Platea")
    assert H.prompt(g, "sparta").kind == "pillage"
    g.act("sparta", "THE")  # S25's withdrawal: the one question (S26 is not asked)
    assert H.prompt(g, "sparta").kind == "actions"
    s = g.state
    assert s["blocks"]["S25"]["loc"] == "THE" and s["blocks"]["S26"]["loc"] == "PLA"
    assert s["sieges"]["Platea"]["since"] == 4 and s["prestige"] == -1
    assert "PLA" in s["turn"]["no_entry"] and "move:PLA" not in H.ids(g, "sparta")
    g.act("sparta", "done")
    assert {"assault:Platea", "attrition:Platea"} <= set(H.ids(g, "sparta"))


def test_5_5_no_pillage_when_a_besieger_of_the_old_group_has_nowhere_to_go():
    """5.5: every unit of the besieging Group must withdraw to an adjacent area free of
    enemy units. Hemmed in by Athenians in all of Platea's neighbours, the Thebans cannot
    Pillage; with Thebes free again, they can."""
    around = {"A1": {"loc": "THE", "cv": 3}, "A2": {"loc": "MEG", "cv": 3},
              "A3": {"loc": "CRN", "cv": 3}, "A7": {"loc": "PHO", "cv": 1},
              "A8": {"loc": "ORC", "cv": 1}}
    g = H.platea_besieged("sparta", "actions", actions=2, blocks=around)
    assert sorted(B.comps().land_neighbours("PLA")) == ["ATH", "CRN", "MEG", "ORC", "PHO", "THE"]
    assert pillage_targets(g.state, "sparta") == []
    g = H.platea_besieged("sparta", "actions", actions=2,
                        blocks={**around, "A1": {"loc": "pool"}})
    assert pillage_targets(g.state, "sparta") == ["Platea"]


def test_8_3_7_2_a_sortie_in_the_season_the_siege_began():
    """8.3, 7.2, 8.0 (ruling): the first Player-Turn of a siege has no Siege Combat against
    the City (the besiegers may neither Assault nor Attrition until a later Season), but
    a Sortie is the besieged engaging the besiegers, which 8.0 and 8.3 do not date: the
    Plataeans shut in this Season may Sortie in Athens' turn of the same Season."""
    g = H.platea_besieged("athens", "combat", since=5)
    assert "sortie:Platea" in H.ids(g, "athens")
    g = H.platea_besieged("sparta", "combat", since=5)
    assert not {"assault:Platea", "attrition:Platea"} & set(H.ids(g, "sparta"))


def test_15_2_a_wintering_group_move_out_of_gela_opens_it():
    """15.2, 9.214 (ruling): Gela stays neutral until a Gelan unit leaves the City, however
    it leaves. A Wintering Group Move (1 Action) taking the Gelan hoplites to Syracuse
    opens Gela. Quartering and Homing never take a Gelan out of a closed Gela: its units
    are at home, within its Capacity, and no other unit may enter it."""
    g = H.position(scenario="sicily", season=5, stamp=5, start="winter_actions",
                 args={"side": "sparta", "maintained": []},
                 turn={"side": "sparta", "actions": 3})
    assert B.neutral(g.state, "GEL")
    assert "wmove:GEL" in H.ids(g, "sparta")
    assert not [x for x in H.ids(g, "sparta") if x.startswith(("quarter", "home"))]
    g.act("sparta", "wmove:GEL")
    g.act("sparta", "S54")
    g.act("sparta", "SYR")
    s = g.state
    assert s["blocks"]["S54"]["loc"] == "SYR" and s["effects"]["gela_open"]
    assert not B.neutral(s, "GEL")


# ------------------------------------------------------------------ core sections again
def test_9_3_9_4_winter_sorties_come_first_and_assaults_after():
    """9.3, 9.32, 9.4: Winter's SiegeBreaking Combat is the besieged side's: it offers a
    Sortie (no Action needed) but no Assault or Attrition; Winter Siege Combat is the
    besiegers': Assault or Attrition, no Sortie. Sparta besieges Platea and is besieged
    in Potidea, so each phase offers it one of the two."""
    def menu(mode):
        g = H.position(scenario="431", season=5, stamp=5, start="winter_combat",
                     args={"side": "sparta", "mode": mode},
                     turn={"side": "sparta", "actions": 0},
                     blocks={"A6": {"loc": "PLA", "cv": 2, "inside": True},
                             "S25": {"loc": "PLA", "cv": 3}},
                     garrisons={"Platea": {"side": "athens", "kind": "inherent"},
                                "Potidea": {"side": "sparta", "kind": "detached"}},
                     sieges={"Platea": {"besieger": "sparta", "since": 3,
                                        "blockade_since": None},
                             "Potidea": dict(H.POTIDEA_SIEGE)})
        return H.ids(g, "sparta")
    assert menu("breaking") == ["sortie:Potidea", "done"]
    assert menu("siege") == ["assault:Platea", "attrition:Platea", "done"]


def test_6_5_a_carried_unit_sheds_steps_when_its_fleet_loses_them():
    """6.5, 5.21: a land unit aboard stays weaker than its fleet. Spartan hoplites (2 cv)
    ride a 3-cv fleet into the Saronic Gulf; the Athenian E2 fleet's 1 takes the Spartan
    fleet to 2 cv, so when the Spartans pull back to the Andros Sea the hoplites come out
    at 1 cv; a sea Retreat cedes 1 Prestige (14.11)."""
    from .test_rules_battle import _battle

    g = _battle({"S20": 3, "S5": 2}, {"A20": 2}, area="S_SAR", via="S_AND", from_sea=True)
    H.fix_dice(g, [1, 3])
    g.act("athens", "fight")
    assert g.state["blocks"]["S20"]["cv"] == 2
    g.act("sparta", "retreat")
    s = g.state
    assert s["blocks"]["S20"] == {"side": "sparta", "loc": "S_AND", "cv": 2, "inside": False}
    assert s["blocks"]["S5"] == {"side": "sparta", "loc": "S_AND", "cv": 1, "inside": False}
    assert s["prestige"] == 1


def test_5_0_5_3_a_muster_never_forced_marches():
    """5.0, 5.3: mustering units may not Forced March. Lacedaemonian hoplites (range 2)
    in Sparta reach Megara only with a Forced March: a Group Move from Sparta offers it,
    a Muster to Megara does not count them among the units able to come."""
    g = H.position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2})
    g.act("sparta", "muster:MEG")
    assert "S5" not in H.ids(g, "sparta")
    g = H.position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2})
    g.act("sparta", "move:SPA")
    g.act("sparta", "S5")
    assert "forced:MEG" in H.ids(g, "sparta") and "MEG" not in H.ids(g, "sparta")


def test_9_24_a_barbarian_holding_a_city_disbands_before_the_tribute():
    """9.24 (and its note), 9.51, 1.4: barbarians disband every Winter, so a City they
    captured reverts before Year End's Tribute. Macedonian cavalry holding Athenian
    Amphipolis (Value 3) would give Sparta 3 more; at Year End Sparta collects only
    Potidea's 2."""
    from engine.rulesets.hellenes.yearend import tribute

    g = H.position(scenario="431", season=5, stamp=5, start="winter", args={"side": "sparta"},
                 order=["sparta", "athens"],
                 revealed={"sparta": {"card": 20, "use": "actions"},
                           "athens": {"card": 21, "use": "actions"}},
                 blocks={"S35": {"loc": "AMP", "cv": 3}})
    assert tribute(g.state, "sparta") == 5
    while g.state["year"] == 431:
        p = g.prompts()[0]
        opts = [o.id for o in p.options]
        g.act(p.seat, "done" if "done" in opts else opts[0])
    s = g.state
    assert s["blocks"]["S35"]["loc"] == "pool" and s["prestige"] == -2


def test_9_0_a_fleet_winters_unmaintained_in_a_coastal_inland_city():
    """9.0 (OverWintering Fleets): a fleet cannot fortify in an inland City but may winter
    in a friendly one on the coast without Maintenance. An Athenian fleet in Platea
    (inland, on the Gulf of Corinth) survives the Winter; one in Locris disbands."""
    def winter(where):
        g = H.position(scenario="431", season=5, stamp=5, start="winter_actions",
                     args={"side": "athens", "maintained": []},
                     turn={"side": "athens", "actions": 1},
                     blocks={"A20": {"loc": where, "cv": 2}})
        g.act("athens", "done")
        return g.state["blocks"]["A20"]["loc"]
    assert not B.comps().cities["Platea"].port
    assert winter("PLA") == "PLA"
    assert winter("LOC") == "pool"


def test_12_0_capacity_is_triple_in_greece_under_the_peace():
    """12.0 2a: under the Peace of Nicias a City in Greece holds three times its Value.
    Three Athenian units in Stratus (Value 1) are within its Capacity in Winter 415; in
    the 431 Campaign one of them is outside it."""
    from engine.rulesets.hellenes.phases import over_capacity

    def crowded(scenario, year):
        g = H.position(scenario=scenario, year=year, season=5, stamp=5, start="winter_actions",
                     args={"side": "athens", "maintained": []},
                     turn={"side": "athens", "actions": 1},
                     blocks={"A1": {"loc": "STR", "cv": 3}, "A2": {"loc": "STR", "cv": 3},
                             "A35": {"loc": "STR", "cv": 1}})
        assert sorted(B.units_in(g.state, "STR", "athens")) == ["A1", "A2", "A35"]
        return over_capacity(g.state, "athens")
    assert crowded("415", 415) == {}
    assert crowded("431", 431) == {"STR": 1}


def test_12_0_rule_1_no_revolt_uprising_persian_aid_or_taxes_under_the_peace():
    """12.0 rule 1: while the Peace of Nicias holds, Revolts, Helot Uprisings, Persian Aid
    and Athens Raises Taxes cannot be played as Events (other Events can); once the War
    Resumes (12.1) they can."""
    from engine.rulesets.hellenes.cards import event_refusal

    def refused(war):
        g = H.position(scenario="415", year=415, season=1, start="actions",
                     args={"side": "sparta"}, turn={"side": "sparta", "actions": 2},
                     effects={"war_resumed": war})
        s = g.state
        return {n: event_refusal(s, side, n) is not None
                for side, n in (("sparta", 14), ("athens", 20), ("sparta", 46),
                                ("athens", 23), ("sparta", 37))}
    assert refused(False) == {14: True, 20: True, 46: True, 23: True, 37: False}
    assert refused(True) == {14: False, 20: False, 46: False, 23: False, 37: False}



def test_5_42_the_besieged_do_not_join_a_relief_battle():
    """5.42 sidebar, 8.3: besieged units cannot fight in one Battle beside a relieving
    force. Athenian hoplites from Athens engage the Thebans besieging Platea: the battle
    is theirs alone (the Plataeans inside take no part); when the Thebans retire before
    any loss (no Prestige, 14.11) the siege is lifted, its inherent garrison goes (7.3)
    and the Plataeans stand in the open again."""
    g = H.platea_besieged("athens", "actions", actions=2, blocks={"A1": {"loc": "ATH", "cv": 3}})
    g.act("athens", "move:ATH")
    g.act("athens", "A1")
    g.act("athens", "PLA")
    g.act("athens", "done")
    assert H.battle_args(g)["order"] == ["S25", "A1"]
    g.act("sparta", "retreat")
    g.act("sparta", "THE")
    s = g.state
    assert s["blocks"]["S25"]["loc"] == "THE" and s["prestige"] == 0
    assert "Platea" not in s["sieges"] and "Platea" not in s["garrisons"]
    assert s["blocks"]["A6"] == {"side": "athens", "loc": "PLA", "cv": 2, "inside": False}


def test_9_23_no_detached_garrison_in_winter():
    """9.23: Winter Actions build only by Recruiting or adding steps in Home Cities. The
    Spartans holding Athenian Stagira may leave a Detached Garrison there in Spring
    (4.23), not in Winter."""
    def garrisons(season, start, args):
        g = H.position(scenario="431", season=season, stamp=5, start=start, args=args,
                       turn={"side": "sparta", "actions": 2},
                       blocks={"S1": {"loc": "STA", "cv": 2}})
        return [x for x in H.ids(g, "sparta") if x.startswith("garrison:")]
    assert garrisons(1, "actions", {"side": "sparta"}) == ["garrison:Stagira"]
    assert garrisons(5, "winter_actions", {"side": "sparta", "maintained": []}) == []


def test_3_0_each_campaign_deals_from_its_own_cards_less_the_leaders():
    """3.0, 15.1-15.4: the 431 Campaign uses cards 1-44, the Sicily, 415 and 413 Campaigns
    cards 12-55; the scenario's two Leaders start in play (Pericles and Archidamos;
    Alcibiades or Proboulois, and Agis), so 42 cards are left to deal and draw from."""
    leaders = {"431": {1, 2}, "415": {12, 13}, "sicily": {12, 13}, "413": {45, 13}}
    for scenario, first in (("431", 1), ("415", 12), ("sicily", 12), ("413", 12)):
        c = H.RULES.from_position({"scenario": scenario}, seed=3).state["cards"]
        cards = c["deck"] + c["hands"]["athens"] + c["hands"]["sparta"] + c["discard"]
        assert set(c["leaders"].values()) == leaders[scenario]
        assert sorted(cards) == sorted(set(range(first, first + 44)) - leaders[scenario])


def test_8_13_a_treachery_assault_may_be_met_by_capitulation():
    """Treachery (Events sidebar of 3.1), 8.13, 14.11: Capitulation stays open against a
    Treachery Assault. Athens' Treachery at Potidea: the one Spartan unit inside gives
    up before anything is revealed; it and the garrison are eliminated, the assaulters
    are untouched, the City is Athens' again and Athens gains 1 (a Trophy, not the 2 of
    a City carried by Assault)."""
    from .test_rules_battle import ONE_BESIEGER, _potidea

    g = _potidea(event=True, treachery="Potidea", blocks=ONE_BESIEGER)
    assert H.ids(g, "athens") == ["assault:Potidea", "attrition:Potidea", "done"]
    g.act("athens", "assault:Potidea")
    assert [o.id for o in H.prompt(g, "sparta").options] == ["resist", "capitulate"]
    g.act("sparta", "capitulate")
    s = g.state
    assert s["blocks"]["S19"]["loc"] == "pool" and "Potidea" not in s["garrisons"]
    assert "Potidea" not in s["sieges"] and s["prestige"] == 1
    assert B.city_control(s, B.comps().cities["Potidea"]) == "athens"


def test_4_0_a_unit_may_move_home_and_then_build():
    """4.0, 4.21: Actions come in any order. Athenian hoplites (2 cv, maximum 3) in Megara
    cannot be reinforced there; after a Group Move home to Athens the last Action builds
    them up to 3 cv."""
    g = H.position(scenario="431", season=1, stamp=5, start="actions",
                   args={"side": "athens"}, turn={"side": "athens", "actions": 2},
                   blocks={"A2": {"loc": "MEG", "cv": 2}})
    assert "reinforce:A2" not in H.ids(g, "athens")
    for answer in ("move:MEG", "A2", "ATH", "reinforce:A2"):
        g.act("athens", answer)
    assert g.state["blocks"]["A2"] == {"side": "athens", "loc": "ATH", "cv": 3, "inside": False}
    assert g.state["turn"]["actions"] == 0


def test_6_4_routed_units_retreat_with_the_rest():
    """6.33, 6.4, 14.11: routed units leave the fight but retreat normally with their side.
    The Athenian archers' 6 routs the Spartan cavalry (the weakest); at the Spartans' next
    attack they retreat to Locris, whence they came, the routed cavalry with them, and
    Athens gains 1: after a Rout it is no Retire."""
    from .test_rules_battle import _battle

    g = _battle({"S9": 2, "S1": 3}, {"A1": 3, "A12": 2})
    H.fix_dice(g, [6, 4])
    g.act("athens", "fight")
    assert H.battle_args(g)["routed"] == ["S9"]
    g.act("sparta", "retreat")
    s = g.state
    assert s["blocks"]["S9"]["loc"] == s["blocks"]["S1"]["loc"] == "LOC"
    assert s["blocks"]["S9"]["cv"] == 2 and s["prestige"] == 1

# ------------------------------------------------------------------ generation 3
def _held_under_siege(city, area, holder, besieger, *, generation=None, more=None,
                      blockade_since=None):
    """`holder`'s hoplites inside captured `city`, `besieger`'s outside since stamp 4; the
    holder's Action phase with 2 Actions."""
    ins, out = ("A1", "S5") if holder == "athens" else ("S1", "A1")
    kw = {"seed": "test"} if generation is None else {"seed": "test", "generation": generation}
    return H.RULES.from_position(
        {"scenario": "431", "season": 1, "stamp": 5, "start": "actions",
         "args": {"side": holder}, "turn": {"side": holder, "actions": 2},
         "blocks": {ins: {"loc": area, "cv": 2, "inside": True}, out: {"loc": area, "cv": 3},
                    **(more or {})},
         "sieges": {city: {"besieger": besieger, "since": 4, "blockade_since": blockade_since},
                    "Potidea": dict(H.POTIDEA_SIEGE)},
         "garrisons": {"Potidea": {"side": "sparta", "kind": "detached"}}}, **kw)


def _garrisons(g, side):
    return [x for x in H.ids(g, side) if x.startswith("garrison:")]


def test_4_2_4_23_no_detached_garrison_built_in_a_besieged_city():
    """4.23 under 4.2, 8.21 (generation 3): a Detached Garrison is Building, and nothing
    is built in a besieged City, nor in a besieged Port while it is blockaded. Spartans
    shut in captured Stagira (inland) or Amphipolis (a Port whose empty Offshore Sea
    Athens blockades, 8.21) may not build one; Athenians shut in captured Pylos may while
    its Offshore Sea is free, not once a Spartan fleet lies there. Games created before
    generation 3 offered the garrison in all four (their logs replay unchanged)."""
    stagira = _held_under_siege("Stagira", "STA", "sparta", "athens")
    amphipolis = _held_under_siege("Amphipolis", "AMP", "sparta", "athens", blockade_since=4)
    assert _garrisons(stagira, "sparta") == [] and _garrisons(amphipolis, "sparta") == []
    pylos = _held_under_siege("Pylos", "PYL", "athens", "sparta")
    assert _garrisons(pylos, "athens") == ["garrison:Pylos"]
    blockaded = _held_under_siege("Pylos", "PYL", "athens", "sparta", blockade_since=4,
                                  more={"S20": {"loc": "S_MES", "cv": 2}})
    assert _garrisons(blockaded, "athens") == []
    old = [_held_under_siege("Stagira", "STA", "sparta", "athens", generation=2),
           _held_under_siege("Pylos", "PYL", "athens", "sparta", generation=2, blockade_since=4,
                             more={"S20": {"loc": "S_MES", "cv": 2}})]
    assert _garrisons(old[0], "sparta") == ["garrison:Stagira"]
    assert _garrisons(old[1], "athens") == ["garrison:Pylos"]


def _catana(actions, generation=None):
    """Spring 415 in the Sicily Campaign, Sicily still neutral: Syracusan hoplites hold
    Athenian Catana, whose own units are gone."""
    kw = {"seed": "test"} if generation is None else {"seed": "test", "generation": generation}
    return H.RULES.from_position(
        {"scenario": "sicily", "year": 415, "season": 1, "stamp": 1, "start": "actions",
         "args": {"side": "sparta"}, "turn": {"side": "sparta", "actions": actions},
         "blocks": {"S47": {"loc": "CAT", "cv": 2}, "A47": {"loc": "pool"},
                    "A48": {"loc": "pool"}}}, **kw)


def test_15_2_a_detached_garrison_in_a_neutral_sicily_costs_two_actions():
    """15.2 rule 2, 4.23 (generation 3): while Sicily is neutral every Action there costs
    two, building a Detached Garrison too. With one Action left the Syracusans in
    captured Catana cannot build one; with two they can, and pay both. Before
    generation 3 it cost one."""
    g = _catana(1)
    assert B.sicily_neutral(g.state) and _garrisons(g, "sparta") == []
    g = _catana(2)
    opt = next(o for o in H.prompt(g, "sparta").options if o.id == "garrison:Catana")
    assert opt.data["cost"] == 2 and "2 Actions" in opt.label
    g.act("sparta", "garrison:Catana")
    assert g.state["garrisons"]["Catana"] == {"side": "sparta", "kind": "detached"}
    assert g.state["turn"]["actions"] == 0
    old = _catana(1, generation=2)
    old.act("sparta", "garrison:Catana")
    assert old.state["garrisons"]["Catana"]["side"] == "sparta"


# ------------------------------------------------------------------ generation 4
def _recruiting(actions, keep, generation=None):
    """Spring 415 (415 Campaign, Sicily neutral): Athens' Action phase, its Recruit Pool
    only the blocks `keep` (the rest set aside)."""
    s = H.position(scenario="415", year=415).state
    aside = {b: {"loc": "aside"} for b in B.pool(s, "athens") if b not in keep}
    kw = {"seed": "test"} if generation is None else {"seed": "test", "generation": generation}
    return H.RULES.from_position(
        {"scenario": "415", "year": 415, "season": 1, "stamp": 1, "start": "actions",
         "args": {"side": "athens"}, "turn": {"side": "athens", "actions": actions},
         "blocks": aside}, **kw)


def test_15_2_a_recruit_placed_in_a_neutral_sicily_costs_two_actions():
    """15.4 (and 15.2) rule 2, 4.22 (generation 4): while Sicily is neutral an Action
    there costs two, a Recruit placed there too. Athens' last Action draws the Catanian
    fleet (A49), which may only arrive in Catana: they cannot be placed and the Recruit
    is wasted; with two Actions it arrives and both are spent. Before generation 4 the
    placement cost one."""
    from engine.rulesets.hellenes.building import placements

    g = _recruiting(1, ["A49"])
    assert B.sicily_neutral(g.state) and placements(g.state, "A49") == ["CAT"]
    g.act("athens", "recruit")
    s = g.state
    assert s["blocks"]["A49"]["loc"] == "pool" and s["turn"]["actions"] == 0
    g = _recruiting(2, ["A49"])
    g.act("athens", "recruit")
    p = H.prompt(g, "athens")
    assert p.kind == "recruit" and [o.data["cost"] for o in p.options] == [2]
    g.act("athens", "A49@CAT")
    assert g.state["blocks"]["A49"]["loc"] == "CAT" and g.state["turn"]["actions"] == 0
    old = _recruiting(1, ["A49"], generation=3)
    old.act("athens", "recruit")
    old.act("athens", "A49@CAT")
    assert old.state["blocks"]["A49"]["loc"] == "CAT"


def test_4_22_a_recruit_in_greece_still_costs_one_in_415():
    """4.22, 15.4 rule 2: only Sicily's Actions cost double. An Athenian hoplite recruit
    (A5) arrives in Athens for the one Action paid, the next Action still in hand."""
    g = _recruiting(2, ["A5"])
    g.act("athens", "recruit")
    g.act("athens", "A5@ATH")
    assert g.state["blocks"]["A5"]["loc"] == "ATH" and g.state["turn"]["actions"] == 1


# ------------------------------------------------------------------ generation 5
def test_4_22_the_aeolian_rebels_may_join_a_revolted_chios():
    """4.22 Rebel Units and its sidebar (generation 5): the Aeolian rebel fleet arrives in
    Chios or Lesbos, of Athenian Loyalty, where no enemy block stands. After a Revolt of
    Chios only a Spartan garrison holds it, which bars nothing: the rebels may arrive
    there. An Athenian garrison holding out alone against Spartan besiegers is an enemy
    block and does bar it. Before generation 5 any garrison barred it."""
    from engine.rulesets.hellenes.building import placements

    def arrivals(garrison, generation=None, besiegers=None, siege=None):
        kw = {"seed": "test"} if generation is None else {"seed": "test",
                                                           "generation": generation}
        sieges = {"Potidea": dict(H.POTIDEA_SIEGE), **({"Chios": siege} if siege else {})}
        g = H.RULES.from_position(
            {"scenario": "431", "season": 1, "stamp": 5, "start": "actions",
             "args": {"side": "sparta"}, "turn": {"side": "sparta", "actions": 2},
             "blocks": {"S36": {"loc": "pool"}, "A31": {"loc": "pool"}, **(besiegers or {})},
             "garrisons": {"Potidea": {"side": "sparta", "kind": "detached"},
                           "Chios": garrison},
             "sieges": sieges}, **kw)
        return placements(g.state, "S36")
    revolt = {"side": "sparta", "kind": "event"}
    assert arrivals(revolt) == ["CHI"]
    assert arrivals(revolt, generation=4) == []
    holding_out = arrivals({"side": "athens", "kind": "inherent"},
                           besiegers={"S20": {"loc": "CHI", "cv": 2}},
                           siege={"besieger": "sparta", "since": 4, "blockade_since": 4})
    assert holding_out == []


# ------------------------------------------------------------------ generation 6
def test_5_5_a_forced_march_cannot_enter_a_city_pillaged_meanwhile():
    """5.5, 5.3 (generation 6): no friendly unit may enter a Pillaged CityState that
    Player-Turn, and a Forced March only enters its extra area after all Actions. Elite
    Spartiates (S1) march from Sparta to Corinth declaring a Forced March on to Platea;
    then the Thebans pillage Platea and withdraw. The Forced March is not rolled for and
    S1 stays in Corinth; before generation 6 it marched into Platea, where the Plataeans
    were no longer besieged."""
    def play(generation=None):
        kw = {} if generation is None else {"generation": generation}
        g = H.RULES.from_position(
            {"scenario": "431", "season": 1, "stamp": 5, "start": "actions",
             "args": {"side": "sparta"}, "turn": {"side": "sparta", "actions": 3},
             "blocks": {"A6": {"loc": "PLA", "cv": 2, "inside": True},
                        "S25": {"loc": "PLA", "cv": 3}},
             "garrisons": {"Platea": {"side": "athens", "kind": "inherent"},
                           "Potidea": {"side": "sparta", "kind": "detached"}},
             "sieges": {"Platea": {"besieger": "sparta", "since": 4, "blockade_since": None},
                        "Potidea": dict(H.POTIDEA_SIEGE)}}, seed="test", **kw)
        g.act("sparta", "move:SPA")
        g.act("sparta", "S1")
        g.act("sparta", "forced:PLA")
        g.act("sparta", "pillage:Platea")
        g.act("sparta", "THE")
        assert g.state["turn"]["no_entry"] == ["PLA"]
        H.fix_dice(g, [6])
        g.act("sparta", "done")
        return g
    g = play()
    assert g.state["blocks"]["S1"]["loc"] == "CRN"
    assert H.prompt(g, "sparta").kind != "forced"
    old = play(generation=5)
    old.act("sparta", "S1")
    assert old.state["blocks"]["S1"]["loc"] == "PLA"


# ------------------------------------------------------------------ generation 7
def test_9_212_a_fleet_besieged_away_from_home_may_go_home_in_winter():
    """9.212, 7.4, 9.21 (generation 7): Homing is free for any unit not inside a controlled
    Home City. An Athenian fleet besieged in Amphipolis (a Thracian City, not its Home)
    may leave by its Offshore Sea and go Home to Athens, passing the besiegers, with its
    DeepSea crossings rolled for; the hoplites besieged beside it cannot move by land
    (7.4) and are not offered Homing. The siege goes on against the garrison. Before
    generation 7 only a paid Wintering Group Move took the fleet out."""
    def winter(generation=None):
        kw = {} if generation is None else {"generation": generation}
        return H.RULES.from_position(
            {"scenario": "431", "season": 5, "stamp": 5, "start": "winter_actions",
             "args": {"side": "athens", "maintained": []},
             "turn": {"side": "athens", "actions": 1},
             "blocks": {"A20": {"loc": "AMP", "cv": 2, "inside": True},
                        "A1": {"loc": "AMP", "cv": 2, "inside": True},
                        "S5": {"loc": "AMP", "cv": 3}},
             "garrisons": {"Potidea": {"side": "sparta", "kind": "detached"},
                           "Amphipolis": {"side": "athens", "kind": "inherent"}},
             "sieges": {"Amphipolis": {"besieger": "sparta", "since": 3, "blockade_since": 3},
                        "Potidea": dict(H.POTIDEA_SIEGE)}}, seed="test", **kw)
    g = winter()
    found = H.winter_ids(g, "athens")
    assert "home:A20:ATH" in found and not [x for x in found if ":A1:" in x]
    g.act("athens", "home")
    g.act("athens", "A20")
    s = g.state
    assert s["blocks"]["A20"] == {"side": "athens", "loc": "ATH", "cv": 2, "inside": False}
    assert s["turn"]["crossings"] == [{"fleets": ["A20"], "deep": 2, "cargo": {}}]
    assert s["sieges"]["Amphipolis"]["besieger"] == "sparta"
    old = winter(generation=6)
    assert not [x for x in H.winter_ids(old, "athens") if x.startswith("home:A20")]
    assert "wmove:AMP" in H.ids(old, "athens")


# ------------------------------------------------------------------ generation 8
def test_9_22_maintenance_in_a_neutral_sicily_costs_two_actions():
    """9.22, 15.2 rule 2 (generation 8): Winter Maintenance is an Action, and in Sicily
    while it is neutral each Action costs two. Syracusan hoplites out among the Sicels in
    Winter 415 are offered their own Maintenance line only with two Actions to pay, and
    maintaining them spends both; they then stay the Winter. Before generation 8 they
    were maintained for one."""
    def winter(actions, generation=None):
        kw = {} if generation is None else {"generation": generation}
        return H.RULES.from_position(
            {"scenario": "sicily", "year": 415, "season": 5, "stamp": 5,
             "start": "winter_actions", "args": {"side": "sparta", "maintained": []},
             "turn": {"side": "sparta", "actions": actions},
             "blocks": {"S47": {"loc": "SCL", "cv": 2}}}, seed="test", **kw)
    def maintain_lines(g):
        return [x for x in H.ids(g, "sparta") if x.startswith("maintain")]
    assert B.sicily_neutral(winter(1).state)
    assert maintain_lines(winter(1)) == []
    g = winter(3)
    assert maintain_lines(g) == ["maintain-sicily"]
    g.act("sparta", "maintain-sicily")
    assert H.prompt(g, "sparta").hi == 1
    g.act("sparta", "S47")
    assert g.state["turn"]["actions"] == 1
    g.act("sparta", "done")
    assert g.state["blocks"]["S47"]["loc"] == "SCL"
    old = winter(1, generation=7)
    assert maintain_lines(old) == ["maintain"]
    old.act("sparta", "maintain")
    old.act("sparta", "S47")
    assert old.state["turn"]["actions"] == 0
