"""Prompt components respect Discord's limits for every size of prompt."""

from __future__ import annotations

import pytest

from bot import limits
from bot.ui import PAGE_SIZE, pages, prompt_view


def prompt(n: int, label: str = "Move Sparta H1 to Corinth") -> dict:
    return {"seat": "sparta", "text": "Choose", "rule": "4.4",
            "options": [{"id": f"opt:{i}", "label": f"{label} {i}", "rule": "4.4"}
                        for i in range(n)]}


@pytest.mark.parametrize("n", [1, 2, 5, 6, 25, 26, 99, 100, 101, 250])
def test_prompt_views_fit_discord(n):
    for page in range(pages(prompt(n))):
        view = prompt_view(123456789012345678, 99999, prompt(n), page, can_undo=True)
        rows = view.to_components()
        assert limits.components_problems(rows) == []
        shown = [o["value"] for r in rows for c in r["components"] for o in c.get("options", [])]
        shown += [c["custom_id"].split(":", 4)[4] for r in rows for c in r["components"]
                  if c.get("custom_id", "").startswith("kx:c:")]
        assert len(shown) == min(PAGE_SIZE, n - page * PAGE_SIZE)


def test_every_option_reachable_across_pages():
    p = prompt(250)
    seen = set()
    for page in range(pages(p)):
        rows = prompt_view(1, 1, p, page).to_components()
        seen |= {o["value"] for r in rows for c in r["components"] for o in c.get("options", [])}
    assert seen == {o["id"] for o in p["options"]}


def test_checker_catches_violations():
    rows = [{"type": 1, "components": [{"type": 3, "custom_id": "x" * 101,
                                        "options": [{"label": "a", "value": "b"}] * 26}]}] * 6
    problems = limits.components_problems(rows)
    assert any("action rows" in p for p in problems)
    assert any("custom id" in p for p in problems)
    assert any("26 options" in p for p in problems)


def test_split_message_keeps_every_line_under_the_limit():
    text = "\n".join(f"line {i} " + "x" * 300 for i in range(40)) + "\n" + "y" * 4500
    chunks = limits.split_message(text)
    assert all(len(c) <= limits.MESSAGE_CHARS for c in chunks)
    assert "".join(chunks).replace("\n", "") == text.replace("\n", "")


def test_command_tree_checker_finds_bad_commands():
    good = [{"name": "game", "description": "Play", "options": [
        {"type": 1, "name": "join", "description": "Join", "options": [
            {"type": 3, "name": "seat", "description": "Seat", "required": True}]}]}]
    assert limits.command_problems(good) == []
    bad = [{"name": "Game", "description": "", "options": [
        {"type": 3, "name": "a", "description": "d", "required": False},
        {"type": 3, "name": "b", "description": "d", "required": True}]}]
    problems = limits.command_problems(bad)
    assert any("bad name" in p for p in problems)
    assert any("description" in p for p in problems)
    assert any("required option follows" in p for p in problems)
