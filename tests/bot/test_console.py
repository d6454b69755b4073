"""`keryx play`: the terminal transport, through the service layer."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine
import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from bot.console import play


def scripted(answers, asked: list[str] | None = None):
    """An `ask` that answers the hotseat hand-off with Enter and the rest from a script."""
    it = iter(answers)

    def ask(prompt: str) -> str:
        if asked is not None:
            asked.append(prompt)
        if "press Enter" in prompt:
            return ""
        return next(it)
    return ask


def shown_numbers(said: list[str]) -> list[int]:
    """The numbers of the choices the console printed last (they name options, so they
    need not run from 1: bot/numbering.py)."""
    start = max(i for i, s in enumerate(said) if s.startswith("\n["))
    return [int(m[1]) for s in said[start:] if (m := re.match(r"\s+(\d+)\. ", s))]


def first_choice(said: list[str], first=()):
    """An `ask` that types the first number shown, like a person taking the top line;
    Enter at a hand-off, yes when a number that just changed meaning is asked about."""
    script = iter(first)

    def ask(question: str) -> str:
        if "press Enter" in question:
            return ""
        if "[y/N]" in question:
            return "y"
        return next(script, None) or str(shown_numbers(said)[0])
    return ask


async def test_a_whole_game_against_the_random_player(tmp_path):
    """The duel's renderer is registered by this folder's conftest, so 'm' draws a map."""
    said: list[str] = []
    outcome = await play(ruleset="duel", scenario=None, seat="north", hotseat=False,
                         database=tmp_path / "c.db", seed=3,
                         ask=first_choice(said, ["?", "h", "zzz", "m", "l"]),
                         say=said.append, out_dir=tmp_path / "maps")
    text = "\n".join(said)
    assert outcome is not None and outcome["winners"]
    assert "Game over" in text and "Seed:" in text and "Final record digest `" in text
    assert "'zzz' is not a command" in text and "Map written to" in text
    over = next(s for s in said if s.startswith("Game over"))
    assert over.startswith("Game over. Winner: ") and "{" not in over  # words, not a dict
    assert list((tmp_path / "maps").glob("map-north-v*.png"))


async def test_quitting_keeps_the_game_to_resume(tmp_path):
    said: list[str] = []
    await play(ruleset="duel", scenario=None, seat="north", hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=scripted(["1", "q"]),
               say=said.append, out_dir=tmp_path, clear=lambda: None)
    assert any("Game kept in" in s and "--db" in s for s in said)
    said.clear()
    await play(ruleset="duel", scenario=None, seat="north", hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=scripted(["q"]),
               say=said.append, out_dir=tmp_path, clear=lambda: None)
    assert any("[south]" in s for s in said)  # resumed where north had already committed


async def test_a_resumed_game_applies_the_next_moves_and_shows_no_stale_lines(tmp_path):
    """Click ids never repeat across runs on one --db file: the same --seed used to give
    the same ids, which the service took for double clicks of the first run's moves
    (issue 34.1)."""
    from service import GameService

    db = tmp_path / "c.db"

    async def actions() -> tuple[int, int, list]:
        svc = await GameService.open_sqlite(db)
        try:
            info = await svc.game_info(1)
            return info.id, info.version, await svc.history(1, 1)
        finally:
            await svc.close()

    def three_then_quit(said: list[str]):
        # the top line each time (a fixed script of numbers can name a line that is gone)
        top, answers = first_choice(said), iter(range(3))
        return lambda q: top(q) if next(answers, None) is not None else "q"

    first: list[str] = []
    await play(ruleset="athens-sparta", scenario=None, seat="athens", hotseat=False,
               database=db, seed=1, ask=three_then_quit(first), say=first.append,
               out_dir=tmp_path)
    game_id, before, _ = await actions()
    assert any(f"Game #{game_id}" in s for s in first)
    assert not any("Resumed" in s for s in first)
    second: list[str] = []
    await play(ruleset="athens-sparta", scenario=None, seat="athens", hotseat=False,
               database=db, seed=1, ask=three_then_quit(second), say=second.append,
               out_dir=tmp_path)
    _, after, log = await actions()
    assert any(s.startswith(f"Resumed game #{game_id} ") for s in second)
    assert after >= before + 3  # the three choices were applied, not taken as repeats
    # the three choices may tell nothing (a regroup asks twice before it moves), so the
    # check is that no line told in the first run is told again
    old = {e.text for entry in log if entry.seq <= before for e in entry.events}
    new = {e.text for entry in log if entry.seq > before for e in entry.events}
    told_first = {s[4:] for s in first if s.startswith(("  • ", "  🔒 "))}
    shown = [s[4:] for s in second if s.startswith(("  • ", "  🔒 "))]
    assert told_first & old  # the first run's lines are what a stale screen would repeat
    assert not [text for text in shown if text in old and text not in new]


async def test_starting_from_a_position(tmp_path):
    folder = Path(engine.__file__).parent / "rulesets" / "athens_sparta" / "positions"
    position = json.loads((folder / "chios_example.json").read_text())
    said: list[str] = []
    await play(ruleset="athens-sparta", scenario=None, seat="sparta", hotseat=True,
               database=tmp_path / "c.db", seed=1, position=position,
               ask=scripted(["q"]), say=said.append, out_dir=tmp_path, clear=lambda: None)
    assert any("Olympiad" in s for s in said)


async def test_hotseat_clears_the_screen_and_waits_before_each_player(tmp_path):
    """What north saw (their card, their private events) is cleared before south sits
    down, and south's prompt only comes after south pressed Enter."""
    log: list[str] = []
    asked: list[str] = []
    await play(ruleset="duel", scenario=None, seat="north", hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=scripted(["1", "1", "q"], asked),
               say=log.append, out_dir=tmp_path, clear=lambda: log.append("<clear>"))
    handoffs = [p for p in asked if "press Enter" in p]
    assert handoffs[:2] == ["North to play: hand over the keyboard, then press Enter. ",
                            "South to play: hand over the keyboard, then press Enter. "]
    south = next(i for i, s in enumerate(log) if s.startswith("\n[south]"))
    north_private = next(i for i, s in enumerate(log) if "🔒" in s)  # north's card
    assert north_private < south
    assert "<clear>" in log[north_private:south]


async def test_quitting_an_unsaved_game_asks_first_and_warns(tmp_path):
    said: list[str] = []
    asked: list[str] = []
    result = await play(ruleset="duel", scenario=None, seat="north", hotseat=False,
                        database=None, seed=1, ask=scripted(["q", "n", "q", "y"], asked),
                        say=said.append, out_dir=tmp_path)
    assert result is None
    assert sum("quit and lose it?" in p for p in asked) == 2  # 'n' kept playing
    assert any("not saved and is gone" in s for s in said)


async def test_ctrl_d_and_ctrl_c_leave_at_once_with_a_warning(tmp_path):
    for error in (EOFError, KeyboardInterrupt):
        said: list[str] = []

        def ask(_prompt: str, error=error) -> str:
            raise error

        assert await play(ruleset="duel", scenario=None, seat="north", hotseat=False,
                          database=None, seed=1, ask=ask, say=said.append,
                          out_dir=tmp_path) is None
        assert any("not saved and is gone" in s for s in said), error


async def test_bad_input_is_one_line_and_the_choices_are_not_printed_again(tmp_path):
    said: list[str] = []
    await play(ruleset="duel", scenario=None, seat="north", hotseat=False,
               database=tmp_path / "c.db", seed=1, ask=scripted(["zzz", "99", "", "q"]),
               say=said.append, out_dir=tmp_path)
    prompts = [s for s in said if s.startswith("\n[north]")]
    assert len(prompts) == 1  # the choices were shown once
    assert any(s == "'zzz' is not a command: type a choice's number (1–3), or ? for help."
               for s in said), said
    assert "There is no choice 99: type a number from 1 to 3." in said


async def test_log_at_the_start_says_so_and_rules_are_explained_on_request(tmp_path):
    said: list[str] = []
    await play(ruleset="athens-sparta", scenario=None, seat="athens", hotseat=False,
               database=tmp_path / "c.db", seed=1, ask=scripted(["l", "?5.2", "?9.9", "q"]),
               say=said.append, out_dir=tmp_path)
    assert any("Nothing has happened yet" in s for s in said)
    rule = next(s for s in said if s.startswith("Rule 5.2 — Combat hits"))
    assert "strongest" in rule
    assert any(s.startswith("No rule '9.9'") for s in said)


async def test_hellenes_rules_are_explained_on_request(tmp_path):
    said: list[str] = []
    await play(ruleset="hellenes", scenario="431", seat="athens", hotseat=False,
               database=tmp_path / "c.db", seed=1, ask=scripted(["?6.33", "?16.1", "q"]),
               say=said.append, out_dir=tmp_path)
    rule = next(s for s in said if s.startswith("Rule 6.33 — Routs"))
    assert "weakest" in rule
    assert any(s.startswith("No rule '16.1' in Hellenes") for s in said)


async def test_the_hand_lists_each_event_with_its_text(tmp_path):
    said: list[str] = []
    await play(ruleset="athens-sparta", scenario=None, seat="athens", hotseat=False,
               database=tmp_path / "c.db", seed=1, ask=scripted(["h", "q"]),
               say=said.append, out_dir=tmp_path)
    hand = next(s for s in said if s.startswith("Hand ("))
    view_cards = [line for line in hand.splitlines()[1:]]
    assert len(view_cards) == 6
    with_event = [c for c in view_cards if " / " in c]
    assert all(": " in c.split(" / ", 1)[1] for c in with_event)  # name: text


def random_player_at_the_keyboard(said: list[str], rng, first=()):
    """An `ask` that reads the choices the console printed last, like a person, and types a
    random legal answer: one number, k distinct numbers for "Choose ...", n numbers for
    "Allocate n", '-' for none. `first` are typed before anything else."""
    script = iter(first)

    def ask(question: str) -> str:
        if "[y/N]" in question:  # a number that just changed meaning: yes, meant
            return "y"
        typed = next(script, None)
        if typed is not None:
            return typed
        start = max(i for i, s in enumerate(said) if s.startswith("\n["))
        numbers = shown_numbers(said)
        form = next((m for s in said[start:] if (m := re.search(
            r"Choose (?:exactly (\d+)|from (\d+) to (\d+))|Allocate (\d+)", s))), None)
        if form is None:
            return str(rng.choice(numbers))
        if form[4]:
            return " ".join(str(rng.choice(numbers)) for _ in range(int(form[4])))
        lo, hi = (int(form[1]),) * 2 if form[1] else (int(form[2]), int(form[3]))
        k = rng.randint(lo, min(hi, len(numbers)))
        return " ".join(map(str, rng.sample(numbers, k))) or "-"
    return ask


async def test_a_whole_hellenes_game_in_the_terminal(tmp_path):
    """Hellenes through the terminal: every prompt form answered by typing numbers, the
    hand, the log and the map on request, to the end."""
    import random

    said: list[str] = []
    ask = random_player_at_the_keyboard(said, random.Random(5), first=["h", "m", "l"])
    outcome = await play(ruleset="hellenes", scenario=None, seat="athens", hotseat=False,
                         database=tmp_path / "c.db", seed=3, ask=ask, say=said.append,
                         out_dir=tmp_path / "maps")
    text = "\n".join(said)
    assert outcome is not None and "reason" in outcome
    assert "Game over" in text and "Seed:" in text
    assert "is not a command" not in text and "There is no choice" not in text
    assert any(s.startswith("Hand (6 cards)") for s in said)
    assert list((tmp_path / "maps").glob("map-athens-v*.png"))
    assert "Choose" in text  # k-of-n prompts came up and were answered by typing numbers
    # every battle is told in words before its picture (issue 32: battles you can see)
    pictures = [i for i, s in enumerate(said) if s.startswith("  🖼 Battle:")]
    for i in pictures:  # (Keryx's seat thinks against the clock: not every game fights)
        # the nearest battle heading before the picture, then both sides' forces
        head = max(j for j in range(i) if said[j].startswith("    ") and " attacks " in said[j]
                   and said[j].strip().startswith(("Battle of", "Sea battle of")))
        forces = [said[head + 1].strip(), said[head + 2].strip()]
        assert sorted(f.split(":")[0] for f in forces) == ["Athens", "Sparta"]


async def test_hotseat_bids_for_sides_in_turn(tmp_path):
    """`keryx play hellenes --hotseat --sides bid`: each player types a sealed bid in turn,
    the screen cleared between them; equal bids roll off and the result is shown."""
    log: list[str] = []
    asked: list[str] = []
    answers = ["athens", "x", "athens", "4", "athens", "4", "q"]
    await play(ruleset="hellenes", scenario="431", seat=None, hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=scripted(answers, asked),
               say=log.append, out_dir=tmp_path, clear=lambda: log.append("<clear>"),
               sides="bid")
    said = "\n".join(log)
    assert "'x' is not a whole number." in said and "Resumed" not in said  # a new game
    assert "Sealed bids: Player 1 4 Prestige for Athens, Player 2 4 Prestige for Athens." in said
    assert "Tied bids: roll-off Player 1" in said and "starts 4 Prestige behind" in said
    handoffs = [p for p in asked if "looks away" in p]
    assert [h.split(":")[0] for h in handoffs] == ["Player 1", "Player 2"]
    # player 1's bid was cleared from the screen before player 2 sat down
    first_bid = next(i for i, s in enumerate(log) if s.startswith("Player 1: which side"))
    second = next(i for i, s in enumerate(log) if s.startswith("Player 2: which side"))
    assert "<clear>" in log[first_bid:second]


async def test_hotseat_random_sides(tmp_path):
    log: list[str] = []
    await play(ruleset="duel", scenario=None, seat=None, hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=scripted(["q"]), say=log.append,
               out_dir=tmp_path, clear=lambda: None, sides="random")
    assert any(s.startswith("🎲 Sides drawn: Player 1") for s in log)


async def test_one_person_holding_two_seats_is_told_which_seat_each_choice_is_for(tmp_path):
    """`allies` for two people (`--players 2`): the one at the keyboard holds Athens and
    Plataea. Every prompt names its seat, and each answer goes to that seat's prompt (the
    two allies also decide at the same time: the secret simultaneous choice)."""
    import tests.fixtures.allies  # noqa: F401 - registers "allies"

    said: list[str] = []
    outcome = await play(ruleset="allies", scenario=None, seat="plataea", hotseat=False,
                         database=tmp_path / "c.db", seed=5, options={"players": 2},
                         ask=first_choice(said), say=said.append, out_dir=tmp_path)
    text = "\n".join(said)
    assert outcome is not None
    assert "You play Athens (you also hold Plataea):" in text
    assert "You play Plataea (you also hold Athens):" in text
    # the line naming the seat comes right before that seat's prompt, every time
    for i, line in enumerate(said):
        if line.startswith("\nYou play "):
            seat = line.split()[2].lower()
            assert said[i + 1].startswith(f"\n[{seat}] ")
    assert "[thebes]" not in text  # Keryx's seat is not shown as a prompt here


async def test_hotseat_hands_over_between_people_not_between_one_persons_seats(tmp_path):
    import tests.fixtures.allies  # noqa: F401 - registers "allies"

    asked: list[str] = []
    said: list[str] = []
    choose = first_choice(said)

    def ask(question: str) -> str:
        asked.append(question)
        return choose(question)
    outcome = await play(ruleset="allies", scenario=None, seat="athens", hotseat=True,
                         database=tmp_path / "c.db", seed=2, options={"players": 2},
                         ask=ask, say=said.append,
                         out_dir=tmp_path, clear=lambda: None)
    assert outcome is not None
    handovers = [a for a in asked if "press Enter" in a]
    assert {h.split(" to play")[0] for h in handovers} == {"Athens & Plataea", "Thebes"}
    names = [h.split(" to play")[0] for h in handovers]
    assert all(a != b for a, b in zip(names, names[1:]))  # only ever to the other person


@pytest.mark.parametrize("ruleset,seat", [("athens-sparta", "athens"), ("hellenes", "athens"),
                                          ("epic", "athens")])
async def test_the_terminal_writes_every_picture_the_bot_would_post(tmp_path, ruleset, seat):
    """Issue 34, point 8: the opening public map, the public map after a phase, a battle's
    display, the seat's own map on `m` and the hand (the Epic: its player aids) on `h`,
    each written into the pictures folder and named on screen."""
    import random

    said: list[str] = []
    pictures = tmp_path / "pictures"
    inner = random_player_at_the_keyboard(said, random.Random(2), first=["h", "m"])
    typed = 0

    def ask(prompt: str) -> str:
        nonlocal typed
        if "press Enter" in prompt:
            return ""
        typed += 1
        done = list(pictures.glob("battle-v*.png")) and len(list(
            pictures.glob("public-v*.png"))) >= 2
        return "q" if done or typed > 4000 else inner(prompt)

    # A random game may end before any battle (the keyboard's run is not the same from
    # one run to the next): another seed then, into the same pictures folder.
    for seed in (7, 8, 9):
        await play(ruleset=ruleset, scenario=None, seat=seat, hotseat=True,
                   database=tmp_path / f"c{seed}.db", seed=seed, ask=ask, say=said.append,
                   out_dir=pictures, clear=lambda: None)
        if list(pictures.glob("battle-v*.png")):
            break
    text = "\n".join(said)
    assert f"go to {pictures.resolve()}" in text
    for pattern in ("public-v*.png", f"map-{seat}-v*.png", f"hand-{seat}-v*.png",
                    "battle-v*.png"):
        found = sorted(pictures.glob(pattern))
        assert found, (pattern, typed)
        assert all(p.read_bytes().startswith(b"\x89PNG") for p in found)
        assert str(found[0].resolve()) in text  # the screen says where
    assert len(list(pictures.glob("public-v*.png"))) >= 2  # the start and a phase's end


async def test_a_thinking_line_while_keryx_searches(tmp_path):
    """Issue 34, point 13: Keryx's search may think for seconds; the terminal says so
    before its choice appears."""
    said: list[str] = []
    await play(ruleset="athens-sparta", scenario=None, seat="athens", hotseat=False,
               database=tmp_path / "c.db", seed=1, ask=scripted(["1", "1", "q"]),
               say=said.append, out_dir=tmp_path, opponent="search", budget_s=0.05)
    thinking = [i for i, s in enumerate(said) if "Keryx (Sparta) is thinking" in s]
    assert thinking
    assert any("Sparta" in s for s in said[thinking[0] + 1:])


async def test_ctrl_c_on_an_unsaved_game_asks_like_q(tmp_path):
    """Issue 34 (text): Ctrl-C asks the question `q` asks; 'n' keeps playing."""
    said: list[str] = []
    asked: list[str] = []
    answers = iter([KeyboardInterrupt, "n", "q", "y"])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        a = next(answers)
        if a is KeyboardInterrupt:
            raise KeyboardInterrupt
        return a

    await play(ruleset="duel", scenario=None, seat="north", hotseat=False, database=None,
               seed=1, ask=ask, say=said.append, out_dir=tmp_path)
    assert sum("quit and lose it?" in p for p in asked) == 2  # after Ctrl-C, and after q


async def test_a_resumed_game_says_so_and_a_wrong_side_is_refused_at_once(tmp_path):
    log: list[str] = []
    asked: list[str] = []
    answers = ["spartans", "athens", "4", "sparta", "2", "q"]
    await play(ruleset="hellenes", scenario="431", seat=None, hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=scripted(answers, asked),
               say=log.append, out_dir=tmp_path, clear=lambda: None, sides="bid")
    assert "'spartans' is not a side of this game: type one of athens, sparta." in log
    # the amount was asked only once the side was right
    sides_then_bids = [p for p in asked if p in ("Side: ", "Bid: ")]
    assert sides_then_bids[:3] == ["Side: ", "Side: ", "Bid: "]
    assert not any(s.startswith("Resumed game") for s in log)
    log.clear()
    await play(ruleset="hellenes", scenario="431", seat=None, hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=scripted(["q"]), say=log.append,
               out_dir=tmp_path, clear=lambda: None)
    assert any(s.startswith("Resumed game #1 (") and "c.db" in s for s in log), log[:3]


def test_a_battle_is_told_in_words_before_its_picture():
    """Console.show_battles words each public `battle_end` by its ruleset's battle_lines;
    a private event and a ruleset that words no battles (Athens & Sparta tells its fire
    as events) add nothing."""
    from types import SimpleNamespace

    from bot.console import Console
    from engine.core.battle_record import new_record
    from engine.core.types import Event

    record = new_record("ATH", "field", "sparta", "athens",
                        [{"id": "S1", "side": "sparta", "kind": "hoplite", "strength": 4},
                         {"id": "A1", "side": "athens", "kind": "hoplite", "strength": 3}])
    record["rounds"].append({"number": 1, "steps": [
        {"kind": "attack", "side": "sparta", "unit": "S1", "dice": [6, 2], "hits": 1,
         "targets": [{"target": "A1", "before": 3, "after": 2}]}]})
    record["winner"], record["outcome"] = "sparta", "retreat"
    events = (Event("battle_end", "", None, {"battle": record}),
              Event("battle_end", "", ("athens",), {"battle": record}))
    said: list[str] = []
    Console.show_battles(SimpleNamespace(ruleset="hellenes", say=said.append),
                         SimpleNamespace(events=events))
    assert said[0].startswith("    Battle of Athens: Sparta attacks Athens")
    assert len([s for s in said if s.strip().startswith("Battle of")]) == 2  # head, result
    assert "Round 1" in [s.strip() for s in said]
    quiet: list[str] = []
    Console.show_battles(SimpleNamespace(ruleset="athens-sparta", say=quiet.append),
                         SimpleNamespace(events=events))
    assert quiet == []
