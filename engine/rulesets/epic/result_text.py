"""The words for why a game ended, built when the outcome is shown: the state's result
keeps `why`, a list of clauses as facts (`[key, *args]`), never the sentence (issue 30)."""

from __future__ import annotations

from typing import Any

from .unit_names import region_name

Clause = list[Any]


def _victory(side: str, level: str) -> str:
    return f"{'decisive ' if level == 'decisive' else ''}{side.title()} victory"


def _to(who: str) -> str:
    return "the League" if who == "league" else who.title()


def clause(c: Clause) -> str:
    key, *a = c
    if key == "captured":  # a capital taken (21.1, 24.8)
        return f"{a[0]} is captured by {a[1].title()}"
    if key == "went_over":  # a home region changed sides (21.1, 24.8, 28.5, 29.5)
        return f"{region_name(a[0])} has gone over to {_to(a[1])}"
    if key == "fallen":
        return f"{region_name(a[0])} has fallen to {a[1].title()}"
    if key == "holds_out":  # 28.5, 29.5
        return f"{region_name(a[0])} holds out to the end"
    if key == "regions":  # 22.5: Athenian regions counted
        return f"Athens holds {a[0]} regions: {_victory(a[1], a[2])}"
    if key == "holds":  # 29.5: two regions that began Spartan
        return f"Athens holds {', '.join(region_name(x) for x in a[0])}"
    if key == "btv_regions":  # 23.5, 26.4, 27.4, 20.2
        what = "stalemate" if a[1] == "none" else _victory(a[1], a[2])
        return f"Athens holds regions worth {a[0]} BTV: {what}"
    if key == "btv":  # 24.8, 25.4: Athens' BTV first
        if a[1] == "loses":
            return f"Athens holds {a[0]} BTV and loses"
        if a[1] == "stalemate":
            return f"Athens holds {a[0]} BTV: stalemate"
        return f"Athens holds {a[0]} BTV: {'decisive ' if a[1] == 'decisive' else ''}" \
               "Athenian victory"
    if key == "league":  # 24.8 5: each League player's own BTV
        parts, levels, league = a
        text = ", ".join(_victory(x, levels[x]) if x in levels
                         else f"{x.title()} short of his level" for x in league)
        return f"League BTV {', '.join(f'{x.title()} {n}' for x, n in parts)}: {text}"
    if key == "peace_rolled":  # 24.7.1 (3)
        return f"Peace is signed ({a[0].title()} rolled)"
    if key == "peace_agreed":  # 20.1b, RULINGS M24
        return f"Peace is signed by the agreement of every player (20.1b, {a[0]})"
    if key == "as_saved":  # a result saved in words before results were facts (saves.py)
        return str(a[0])
    return str(key)


def reason(result: dict[str, Any]) -> str:
    """Why the game ended, worded."""
    return "; ".join(clause(c) for c in result["why"])
