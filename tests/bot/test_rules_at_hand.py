"""Rules at hand: `/rule N` answers privately with Keryx's own summary and the rulings
on it; card lists carry each event's text."""

from __future__ import annotations

import engine
from bot.text import hand_listing


async def test_rule_command_answers_privately_with_summary_and_rulings(table):
    names = {c["name"] for c in table.standin.synced_commands()}
    assert "rule" in names
    await (await table.alice.slash("game", "new", ruleset="athens-sparta")).wait_for_message()
    r = await table.alice.slash("rule", number="4.3")
    reply = await r.wait_for_message()
    assert reply.ephemeral
    assert reply.content.startswith("Rule 4.3 — Straits movement")
    assert "R3 (4.3)" in reply.content  # the ruling on straits from RULINGS.md


async def test_rule_command_names_the_sections_when_the_number_is_unknown(table):
    r = await table.alice.slash("rule", number="12.7", ruleset="athens-sparta")
    reply = await r.wait_for_message()
    assert reply.ephemeral and "No rule '12.7'" in reply.content and "5.41" in reply.content


async def test_rule_command_outside_a_game_asks_which_game_it_means(table):
    """No game in the channel and no `ruleset:`: no silent guess, but the games that have
    summaries and how to name one."""
    reply = await (await table.alice.slash("rule", number="4.3")).wait_for_message()
    assert reply.ephemeral and "No game is played in this channel" in reply.content
    assert "Straits" not in reply.content  # no game's rule 4.3 was guessed
    assert "Athens & Sparta (`athens-sparta`)" in reply.content
    assert "(`hellenes`)" in reply.content
    assert "`/rule number:4.3 ruleset:athens-sparta`" in reply.content
    assert "(`epic`)" in reply.content  # the Epic ships its summaries too


async def test_rule_command_in_a_game_without_summaries_says_so(table):
    await (await table.alice.slash("game", "new", ruleset="duel")).wait_for_message()
    reply = await (await table.alice.slash("rule", number="1.0")).wait_for_message()
    assert reply.ephemeral and "has no rule summaries" in reply.content


def test_hand_listing_gives_event_text_and_the_cards_an_oracle_showed():
    storm = {"id": "C01", "mp": 2, "event": {"name": "Storm", "text": "No navy moves."}}
    plain = {"id": "C11", "mp": 1, "event": None}
    view = {"olympiad": 84, "turn": 1, "phase": "card", "battle": None,
            "cards": {"hand": [storm], "peeked": [plain, storm]}}
    text = hand_listing({"common": engine.ruleset("athens-sparta").common(view)})
    assert text.splitlines() == ["Your hand (1 card):", "• 2 MP / Storm: No navy moves.",
                                 "Seen in the other hand (2 cards):", "• 1 MP",
                                 "• 2 MP / Storm: No navy moves."]


async def test_rule_command_in_a_hellenes_game_answers_with_its_summary(table):
    await (await table.alice.slash("game", "new", ruleset="hellenes")).wait_for_message()
    reply = await (await table.alice.slash("rule", number="6.33")).wait_for_message()
    assert reply.ephemeral and reply.content.startswith("Rule 6.33 — Routs\n")
    reply = await (await table.alice.slash("rule", number="6.4")).wait_for_message()
    assert "• A single way out (6.4): " in reply.content  # a ruling of Hellenes' RULINGS.md
    reply = await (await table.alice.slash("rule", number="16.1")).wait_for_message()
    assert "No rule '16.1' in Hellenes" in reply.content and "9.211" in reply.content


async def test_a_long_rule_answer_comes_in_parts(table):
    """11.0 with its eight rulings runs past one Discord message: nothing is cut off."""
    await (await table.alice.slash("game", "new", ruleset="hellenes")).wait_for_message()
    r = await table.alice.slash("rule", number="11.0")
    first = await r.wait_for_message()
    assert first.ephemeral and first.content.startswith("Rule 11.0 — Olympians")
    rest = await r.wait_for_followup()
    assert rest.ephemeral and "• Hermes (11.0): " in rest.content


def test_a_game_without_cards_speaks_of_no_empty_hand():
    g = engine.new_game("epic", scenario="argive-league", seed=3)
    common = engine.ruleset("epic").common(g.view(g.rules.seats(g.scenario)[0]))
    assert common["hand"] is None
    text = hand_listing({"common": common})
    assert "deals no cards" in text and "(0 cards)" not in text
    assert "(0 cards)" in hand_listing({"common": {"hand": []}})


async def test_rule_command_names_its_game_anywhere(table):
    """Outside a game (or for another game than the channel's), `ruleset:` names it."""
    r = await table.alice.slash("rule", number="6.33", ruleset="hellenes")
    reply = await r.wait_for_message()
    assert reply.ephemeral and reply.content.startswith("Rule 6.33 — Routs\n")
    await (await table.alice.slash("game", "new", ruleset="hellenes")).wait_for_message()
    r = await table.alice.slash("rule", number="4.3", ruleset="athens-sparta")
    assert (await r.wait_for_message()).content.startswith("Rule 4.3 — Straits movement")
    r = await table.alice.slash("rule", number="1.0", ruleset="chess")
    reply = await r.wait_for_message()
    assert reply.ephemeral and "No game 'chess'" in reply.content
