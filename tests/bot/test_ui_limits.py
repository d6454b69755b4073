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


def rich(form: str, n: int, lo: int, hi: int, cap: int = 1) -> dict:
    p = prompt(n)
    for o in p["options"]:
        o["cap"] = cap
    return p | {"form": form, "lo": lo, "hi": hi}


def _ids(rows, prefix):
    return [c for r in rows for c in r["components"] if c.get("custom_id", "").startswith(prefix)]


def test_small_k_of_n_is_one_multi_select():
    rows = prompt_view(1, 1, rich("pick", 7, 0, 3)).to_components()
    (menu,) = _ids(rows, "kx:x:")
    assert (menu["min_values"], menu["max_values"], len(menu["options"])) == (0, 3, 7)
    assert _ids(rows, "kx:k:")  # "choose none" as a button, since none is allowed
    assert limits.components_problems(rows) == []


def test_amount_lists_its_values():
    p = {"seat": "x", "text": "How many?", "rule": "A3", "options": [], "form": "amount",
         "lo": 0, "hi": 3}
    rows = prompt_view(1, 1, p).to_components()
    assert [c["custom_id"].rsplit(":", 1)[1] for c in _ids(rows, "kx:c:")] == ["0", "1", "2", "3"]


def test_large_amount_is_a_modal():
    from bot.ui import amount_modal, parse_amount

    p = {"seat": "x", "text": "How many talents do you stake?", "rule": "A3", "options": [],
         "form": "amount", "lo": 0, "hi": 50}
    rows = prompt_view(1, 7, p).to_components()
    (button,) = _ids(rows, "kx:n:")
    assert button["label"] == "Enter an amount (0–50)" and not _ids(rows, "kx:c:")
    modal = amount_modal(1, 7, p).to_dict()
    assert modal["custom_id"] == "kx:N:1:7" and len(modal["title"]) <= limits.MODAL_TITLE
    assert [parse_amount(x, 0, 50) for x in ("0", " 50 ", "+7", "51", "-1", "x", "", "2.0",
                                              "²", "٣", "+", "1²")] == [
        0, 50, 7, None, None, None, None, None, None, None, None, None]


@pytest.mark.parametrize("form,n,lo,hi,cap", [("pick", 120, 1, 3, 1), ("pick", 100, 30, 30, 1),
                                              ("pick", 340, 1, 340, 1),
                                              ("pick", 1000, 400, 400, 1),
                                              ("allocate", 40, 30, 30, 3)])
def test_built_selections_reach_every_option_and_fit(form, n, lo, hi, cap):
    from bot.ui import decode_sel, selection_line

    p = rich(form, n, lo, hi, cap)
    seen = set()
    page = 0
    while True:  # every page of the builder, nothing chosen yet
        rows = prompt_view(123456789012345678, 99999, p, page).to_components()
        assert limits.components_problems(rows) == []
        seen |= {int(o["value"]) for c in _ids(rows, "kx:a:") for o in c["options"]}
        nxt = [c for c in _ids(rows, "kx:q:") if c["label"].startswith("Next")]
        if not nxt:
            break
        page = int(nxt[0]["custom_id"].split(":")[4])
    assert seen == set(range(1, n + 1))
    chosen = [1 + i % n for i in range(hi)]  # a full selection: the submit answers it
    if form == "pick":
        chosen = sorted(set(chosen))
    rows = prompt_view(123456789012345678, 99999, p, 0, chosen=chosen).to_components()
    assert limits.components_problems(rows) == []
    (submit,) = _ids(rows, "kx:k:")
    content = selection_line(123456789012345678, 99999, p, chosen)
    assert _click_sel(submit["custom_id"], content) == chosen
    if n < 300:  # small enough: the custom ids carry it themselves
        assert not content and decode_sel(submit["custom_id"].split(":")[4]) == chosen
    assert not _ids(rows, "kx:a:")  # full: nothing more to add


def test_a_set_is_written_the_shorter_way():
    from bot.ui import decode_sel, encode_sel

    for chosen in ([3], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [900, 1200], list(range(1, 300, 2)),
                   [1295]):
        text = encode_sel(chosen, as_set=True)
        assert decode_sel(text) == sorted(chosen)
        assert len(text) <= 70


def _click_sel(custom_id: str, content: str) -> list[int]:
    """The selection a builder component's click carries, as the bot reads it back."""
    from types import SimpleNamespace

    from bot.ui import carried_selection

    itx = SimpleNamespace(message=SimpleNamespace(content=content))
    return carried_selection(itx, custom_id.rsplit(":", 1)[1])  # type: ignore[arg-type]


@pytest.mark.parametrize("form,n,lo,hi,cap", [("pick", 1000, 400, 400, 1),
                                              ("pick", 2000, 0, 2000, 1),
                                              ("allocate", 60, 45, 45, 2)])
def test_a_big_selection_is_built_whole_through_the_message(form, n, lo, hi, cap):
    """More options (or entries) than custom ids can carry: the builder is walked as a
    player would, from its last page (the highest positions, the longest codes), adding
    all a menu offers each time until the selection is full; the submit button then
    answers exactly that selection, and every message and component fits Discord."""
    from bot.ui import IN_MESSAGE, prompt_text, selection_line, with_selection

    game, version = 123456789012345678, 99999
    p = rich(form, n, lo, hi, cap)
    chosen: list[int] = []
    page, carried = 10**6, False  # the builder shows its last page for a page too far
    for _ in range(400):
        rows = prompt_view(game, version, p, page, chosen=chosen).to_components()
        content = with_selection(prompt_text(p, page, chosen),
                                 selection_line(game, version, p, chosen))
        assert limits.components_problems(rows) == []
        assert len(content) <= limits.MESSAGE_CHARS
        adders = _ids(rows, "kx:a:")
        if not adders:
            break
        carried |= adders[-1]["custom_id"].endswith(":" + IN_MESSAGE)
        menu = adders[-1]
        values = [int(o["value"]) for o in menu["options"]][-menu["max_values"]:]
        chosen = _click_sel(menu["custom_id"], content) + values
    assert carried and len(chosen) == hi
    if form == "pick":
        assert sorted(chosen) == list(range(n - hi + 1, n + 1))  # the highest ones
    else:
        assert all(chosen.count(x) <= cap for x in chosen)
    (submit,) = _ids(rows, "kx:k:")
    assert _click_sel(submit["custom_id"], content) == (sorted(chosen) if form == "pick"
                                                         else chosen)


def test_positions_past_1295_are_written_with_dots():
    from bot.ui import decode_sel, encode_sel

    for chosen, as_set in (([1296, 3], False), ([5000], True), ([7, 40000, 2], False)):
        assert decode_sel(encode_sel(chosen, as_set)) == (sorted(chosen) if as_set else chosen)


def test_reports_and_outcomes_are_printed_in_words():
    """Issue 34 (text): the sandbox report's mappings and the outcome read as words."""
    from bot.text import outcome_line, plain

    assert plain({"alcibiades": 2, "brasidas": 1}) == "alcibiades 2, brasidas 1"
    assert plain([]) == "none" and plain(3) == "3"
    line = outcome_line({"winners": ["sparta"], "reason": "Athens fell", "rule": "10.1"})
    assert line == "Winner: Sparta — Athens fell (rule 10.1)"
