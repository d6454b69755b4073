"""Hellenes at the table (issue 32): a Group Move's movers in one pick, Winter's kinds of
wintering as one multi-select each with Done first and numbers that hold, Winter's steps
named in the flow (and old saves and logs read in today's shape), Events that would do
nothing marked before the choice, the calendar and the last Prestige told right, and
positions that never share the caller's dicts."""

from __future__ import annotations

import pytest

import engine
from bot.numbering import Numbering
from engine.core import decisions
from engine.core.rng import Rng
from engine.core.types import Option, Prompt
from engine.players import hellenes as H
from engine.rulesets.hellenes.migrate_winter import winter_named
from engine.rulesets.hellenes.state import season_words

from .helpers import RULES, fix_dice, ids, position, prompt

# Eight Athenian units outside any City in Potidea's Province (the 431 besiegers and four
# more): each may Quarter in Stagira or Torone (9.211).
OUTSIDE = {"A3": {"loc": "POT", "cv": 1}, "A4": {"loc": "POT", "cv": 1},
           "A9": {"loc": "POT", "cv": 1}, "A10": {"loc": "POT", "cv": 1}}


def _winter(**kw):
    return position(scenario="431", season=5, turn={"side": "athens", "actions": 2},
                    start="winter_actions", args={"side": "athens", "maintained": []}, **kw)


def _actions(side="athens"):
    return position(scenario="431", season=1, turn={"side": side, "actions": 3},
                    start="actions", args={"side": side})


# ------------------------------------------------------------------ Group Move (5.0)
def test_5_0_the_movers_are_one_pick_named_with_number_and_place_and_the_rest_stay():
    g = _actions()
    s = g.state
    before = {b: s["blocks"][b]["loc"] for b in s["blocks"]}
    g.act("athens", "move:ATH")
    p = prompt(g, "athens")
    assert p.kind == "movers" and p.form == decisions.PICK and (p.lo, p.hi) == (0, 9)
    labels = {o.id: o.label for o in p.options}
    assert labels["A1"] == "Athenian Hoplites 1 (4 cv) in Athens"
    assert labels["A3"] == "Athenian Hoplites 3 (3 cv) in Athens"
    g.act("athens", "A1")  # one of nine moves: one destination question, no other
    p = prompt(g, "athens")
    assert p.kind == "move" and "Athenian Hoplites 1 (4 cv) in Athens" in p.text
    route = next(o for o in p.options if o.data["kind"] == "route" and not o.data["engages"])
    g.act("athens", route.id)
    assert prompt(g, "athens").kind == "actions"  # two decisions in all, not nine
    assert s["blocks"]["A1"]["loc"] == route.data["to"]
    assert all(s["blocks"][b]["loc"] == before[b] for b in labels if b != "A1")


def test_5_0_picking_no_mover_spends_the_action_and_moves_nothing():
    g = _actions()
    g.act("athens", "move:ATH")
    g.act("athens", "")
    assert prompt(g, "athens").kind == "actions" and g.state["turn"]["actions"] == 2


# ------------------------------------------------------------------ Winter (9.2)
def _count_to_shelter(g) -> int:
    """Decisions to Quarter every unit outside in Stagira, as today's menu asks them."""
    n = 0
    g.act("athens", "quarter")
    n += 1
    g.act("athens", decisions.encode(prompt(g, "athens"),
                                     [o.id for o in prompt(g, "athens").options]))
    n += 1
    while prompt(g, "athens").kind == "winter-place":
        g.act("athens", next(o.id for o in prompt(g, "athens").options
                             if o.id.endswith(":STA")))
        n += 1
    return n


def test_9_211_eight_units_quarter_in_three_decisions_where_the_old_menu_took_eight():
    g = _winter(blocks=OUTSIDE)
    assert "quarter" in ids(g, "athens")
    g.act("athens", "quarter")
    units = [o.id for o in prompt(g, "athens").options]
    assert len(units) == 8  # the old menu had a line per unit and City: 16 lines
    g = _winter(blocks=OUTSIDE)
    taken = _count_to_shelter(g)
    assert taken == 3  # before issue 32: one menu line each, 8 decisions
    assert all(g.state["blocks"][b]["loc"] == "STA" for b in units)
    assert prompt(g, "athens").kind == "winter-actions"


def test_9_211_units_with_other_cities_are_asked_apart_and_a_group_may_be_split():
    g = _winter(blocks=OUTSIDE)
    g.act("athens", "quarter")
    g.act("athens", "A3")  # only one of them this time: the rest wait for another pick
    p = prompt(g, "athens")
    assert p.kind == "winter-place" and "Athenian Hoplites 3 (1 cv) in Potidea" in p.text
    assert [o.id for o in p.options] == ["quarter:A3:STA", "quarter:A3:TOR"]
    g.act("athens", "quarter:A3:TOR")
    assert g.state["blocks"]["A3"]["loc"] == "TOR"
    assert g.state["blocks"]["A4"]["loc"] == "POT"


def test_9_2_done_comes_first_and_the_kinds_keep_their_numbers():
    g = _winter(blocks=OUTSIDE)
    p = prompt(g, "athens")
    assert [o.id for o in p.options][:4] == ["done", "maintain", "quarter", "home"]
    assert ids(_actions(), "athens")[0] == "done"  # the Action menu's too
    numbering = Numbering()
    first = numbering.number(("athens", 1), [o.id for o in p.options],
                             [o.label for o in p.options])
    g.act("athens", "recruit")  # a new unit: new Reinforce lines may come and go
    g.act("athens", prompt(g, "athens").options[0].id)
    g.act("athens", "maintain")
    g.act("athens", "A3")  # one Action: one unit maintained, the count on the line drops
    q = prompt(g, "athens")
    second = numbering.number(("athens", 2), [o.id for o in q.options],
                              [o.label for o in q.options])
    was = dict(zip([o.id for o in p.options], first.numbers))
    now = dict(zip([o.id for o in q.options], second.numbers))
    for kind in ("done", "quarter", "home"):
        assert now[kind] == was[kind]
    assert [o.id for o in q.options][:1] == ["done"]
    assert "A3" in g.state["flow"][-1]["args"]["maintained"]


def test_9_22_maintenance_is_one_pick_of_at_most_the_actions_left():
    g = _winter(blocks=OUTSIDE)
    g.act("athens", "maintain")
    p = prompt(g, "athens")
    assert p.kind == "winter-maintain" and (p.lo, p.hi) == (0, 2)
    assert all("in Potidea" in o.label for o in p.options)
    g.act("athens", "A3|A4")
    assert g.state["turn"]["actions"] == 0
    assert "maintain" not in ids(g, "athens")  # no Action left to pay with
    g.act("athens", "done")
    assert g.state["blocks"]["A3"]["loc"] == "POT"  # maintained: it stays out (9.22)
    assert g.state["blocks"]["A9"]["loc"] == "pool"  # not maintained: disbanded (9.24)


def test_9_0_winter_steps_are_named_procedures_without_a_counter():
    g = position(scenario="431", season=5, start="winter", args={"side": "athens"},
                 order=["athens", "sparta"],
                 revealed={"athens": {"card": 9, "use": "actions"},
                           "sparta": {"card": 10, "use": "actions"}})
    frames = g.state["flow"]
    assert frames[0] == {"name": "winter", "args": {"side": "athens"}}
    assert all("stage" not in f["args"] for f in frames)
    g.act("athens", "done")
    assert g.state["flow"][0] == {"name": "winter", "args": {"side": "sparta"}}
    told = [e.text for e in g.act("sparta", "done") if e.kind == "phase_end"]
    # each combat phase of each side told once, by its own name (9.3, 9.4)
    assert [t.split(": ", 1)[1] for t in told] == [
        "Sparta Winter Actions", "Athens SiegeBreaking Combat (9.3)",
        "Sparta SiegeBreaking Combat (9.3)", "Athens Winter Siege Combat (9.4)",
        "Sparta Winter Siege Combat (9.4)"]
    assert told[0].startswith("Winter 431 BC")


@pytest.mark.parametrize("stage,frame", [
    (0, {"name": "winter", "args": {"side": "sparta"}}),
    (1, {"name": "winter", "args": {"side": "athens"}}),
    (2, {"name": "winter_combat", "args": {"side": "sparta", "mode": "breaking"}}),
    (3, {"name": "winter_combat", "args": {"side": "athens", "mode": "breaking"}}),
    (4, {"name": "winter_combat", "args": {"side": "sparta", "mode": "siege"}}),
    (5, {"name": "winter_combat", "args": {"side": "athens", "mode": "siege"}}),
])
def test_a_save_below_version_6_names_its_winter_step(stage, frame):
    data = {"cards": {"order": ["sparta", "athens"]},
            "flow": [{"name": "winter", "args": {"stage": stage}},
                     {"name": "combat", "args": {"side": "x"}}]}
    once = winter_named(data)
    assert once["flow"][0] == frame and once["flow"][1]["name"] == "combat"
    assert winter_named(once) == once  # idempotent: version 6 frames are left alone


def test_a_position_written_with_an_old_winter_stage_starts_at_the_named_step():
    g = position(scenario="431", season=5, start="winter", args={"stage": 1},
                 order=["sparta", "athens"],
                 revealed={"athens": {"card": 9, "use": "actions"},
                           "sparta": {"card": 10, "use": "actions"}})
    assert g.state["flow"][0] == {"name": "winter", "args": {"side": "athens"}}


def test_an_old_log_replays_its_group_move_and_winter_answers():
    """Answers given one unit at a time (before version 6) are read as today's: the
    movers are all the Group, the Winter line is that kind with its one unit."""
    g = _actions()
    g._apply("athens", "move:ATH")  # as a replay applies a log (no prompt held)
    for _ in range(9):
        g._apply("athens", "stay")
    assert prompt(g, "athens").kind == "actions"
    w = _winter(blocks=OUTSIDE)
    w._apply("athens", "quarter:A3:TOR")
    w._apply("athens", "maintain:A4")
    assert w.state["blocks"]["A3"]["loc"] == "TOR"
    assert w.state["turn"]["actions"] == 1
    with pytest.raises(engine.IllegalAction):
        w._apply("athens", "quarter:A3:STA")  # moved already: still refused
    assert prompt(w, "athens").kind == "winter-actions"


# ------------------------------------------------------------------ wasted Events (3.11)
def test_3_11_an_event_that_would_do_nothing_now_is_marked_before_the_choice():
    g = position(scenario="431", season=1, start="commit", hands={"athens": [12, 9]})
    opts = {o.id: o for o in prompt(g, "athens").options}
    assert opts["12:e"].label.endswith("— no effect now: Athens already has a Leader (3.11)")
    assert opts["12:e"].data["no_effect"] == "Athens already has a Leader (3.11)"
    assert "no_effect" not in opts["9:e"].data and "no effect" not in opts["9:e"].label
    assert "no_effect" not in opts["12:a"].data
    free = position(scenario="431", season=1, start="commit", hands={"athens": [12]},
                    leaders={"athens": None, "sparta": 2})
    assert "no_effect" not in {o.id: o for o in prompt(free, "athens").options}["12:e"].data


def test_a_leader_ostracized_with_no_leader_to_depose_is_marked():
    # 431: Pericles may not be deposed before Athens is pillaged; with no Spartan Leader
    # the card has nothing to act on
    g = position(scenario="431", season=1, start="commit", hands={"athens": [25]},
                 leaders={"athens": 1, "sparta": None})
    label = {o.id: o for o in prompt(g, "athens").options}["25:e"].label
    assert "no effect now: no Leader may be deposed (3.11)" in label


def test_the_heuristic_never_commits_an_event_marked_as_doing_nothing():
    g = position(scenario="431", season=1, start="commit", hands={"athens": [12]})
    p = prompt(g, "athens")
    view = g.view("athens")
    for n in range(6):
        assert H.choose(view, p, None, Rng(f"w{n}")) == "12:a"


# ------------------------------------------------------------------ words
def test_the_calendar_reads_season_first():
    assert season_words(431, 3) == "High Summer 431 BC"
    g = position(scenario="431", season=3, start="commit")
    assert prompt(g, "athens").text.startswith("High Summer 431 BC: commit")
    assert g.view("athens")["common"]["banner"].startswith("High Summer 431 BC")


def test_14_22_the_last_post_tells_the_prestige_after_the_peace_offer_was_paid():
    """The Tribute line says Sparta 14; the Peace Offer costs 1 (Peace Faction, 14.22):
    the marker and the final words say 13."""
    g = position(scenario="431", season=5, year=430, prestige=-12, in_play=[38],
                 start="year_end")
    assert g.state["prestige"] == -14
    fix_dice(g, [1, 1])
    events = g.act("sparta", "offer")
    peace = next(e for e in events if e.kind == "peace")
    assert peace.text.endswith("Prestige now Sparta 13") and peace.data["prestige"] == -13
    assert g.outcome is not None and "Sparta 13" in g.outcome.reason
    assert g.state["result"]["prestige"] == -13


# ------------------------------------------------------------------ positions
def test_from_position_copies_its_input():
    given = {"scenario": "431", "season": 1, "start": "commit",
             "garrisons": {"Naxos": {"side": "sparta", "kind": "event"}},
             "leaders": {"athens": 1, "sparta": None}, "hands": {"athens": [5, 9]}}
    g = RULES.from_position(given, seed="copy")
    g.state["garrisons"]["Naxos"]["side"] = "athens"
    g.state["cards"]["leaders"]["sparta"] = 2
    assert given["garrisons"] == {"Naxos": {"side": "sparta", "kind": "event"}}
    assert given["leaders"] == {"athens": 1, "sparta": None}
    given["garrisons"]["Naxos"]["kind"] = "detached"
    assert g.state["garrisons"]["Naxos"]["kind"] == "event"


# ------------------------------------------------------------------ the heuristic
def test_the_heuristic_strikes_the_enemy_with_civil_war_not_itself():
    g = _actions()
    view = g.view("athens")
    ours = next(n for n, h in view["control"].items() if h == "athens" and n != "Athens")
    theirs = next(n for n, h in view["control"].items() if h == "sparta")
    p = Prompt("athens", "Civil War: choose its target (8.11)", tuple(
        Option(c, c, "8.11", data={"kind": "city", "city": c, "event": "civil-war"})
        for c in (ours, theirs)), rule="8.11", kind="event-target")
    assert H.choose(view, p, None, Rng("cw")) == theirs
