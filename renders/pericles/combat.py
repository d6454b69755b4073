"""Pericles' theme for the kit's combat display (renders/pieces/combat.py): a land or
naval battle in a theater (9.3) from its record: each city's units and bases there, the
strength each side added up (units, bases, Strategoi, Treachery, the State Ship, the
300's token and the battle card), the loser's losses, the winner's, and the Honor won."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.battle_record import Piece, Step
from engine.rulesets.pericles.components import load_components

from ..pieces import combat as kit

# what adds to a side's strength besides its units and bases (9.3), as the record names it
EXTRAS = (("card", "card"), ("strategos", "Strategos"), ("treachery", "Treachery"),
          ("state_ship", "State Ship"), ("the_300", "the 300"))


# the owners of pieces in the component data (A Athenian, D Delian League, S Spartan,
# P Peloponnesian League; Argos and Persia by name)
OWNERS = {"A": "Athenian", "D": "Delian", "S": "Spartan", "P": "Peloponnesian"}


def _owner(piece_id: str) -> str:
    owner = piece_id.split(":")[0]
    return OWNERS.get(owner, owner.title())


def _names(record: Mapping[str, Any]) -> dict[str, str]:
    return {p["id"]: f"{_owner(p['id'])} {p['kind']}" for p in record.get("forces", ())}


def _title(record: Mapping[str, Any]) -> str:
    theaters = load_components().theaters
    place = record["place"]
    name = theaters[place].name if place in theaters else str(place).title()
    return f"{str(record['kind']).title()} battle in {name}"


def _strength(facts: Mapping[str, Any]) -> str:
    out = []
    for city, f in facts.items():
        extra = [f"{int(f[key])} {label}" for key, label in EXTRAS if f.get(key)]
        total = int(f.get("base", 0)) + sum(int(f[key]) for key, _l in EXTRAS if f.get(key))
        out.append(f"{city.title()} {total} = {f.get('base', 0)}"
                   + "".join(f" + {e}" for e in extra))
    return " against ".join(out)


def _words(step: Step, names: Mapping[str, str]) -> str:
    kind = step["kind"]
    if kind == "strength":
        return f"{_strength(step.get('facts') or {})} (9.3)"
    hits = int(step.get("hits", 0))
    landed = kit.hit_words(step, names)
    who = "the winner loses" if kind == "winner_losses" else "loses"
    return f"{who} {hits} strength point{'s' if hits != 1 else ''}" + (
        f": {landed}" if landed else "")


def _actor(step: Step, _names: Mapping[str, str]) -> tuple[str, str]:
    if step["kind"] == "strength":
        return "Strength", f"rule {step.get('rule', '9.3')}"
    return str(step.get("side", "")).title(), f"rule {step.get('rule', '9.3')}"


def _result(record: Mapping[str, Any]) -> str:
    if record.get("outcome") == "tie":
        return "A tie: no losses, the theater stays as it was (ruling R17)"
    winner = record.get("winner")
    if not winner:
        return ""
    honor = (record.get("facts") or {}).get("honor") or {}
    gains = ", ".join(f"{f.title()} {n:+d}" for f, n in honor.items() if n)
    return f"{str(winner).title()} wins" + (f" · Honor {gains}" if gains else "")


def _caption(p: Piece) -> str:
    return _owner(p["id"])


THEME = kit.CombatTheme(ruleset="pericles", title=_title, side_name=str.title, actor=_actor,
                        words=_words, result=_result, caption=_caption, names=_names,
                        face_rating=False)


def render(battle: dict[str, Any] | None, viewer_view: dict[str, Any] | None = None) -> bytes:
    """The registry's order: the record (or None: the viewer's battle, if any), then the
    viewer's view."""
    return kit.render(battle or (viewer_view or {}).get("battle"), THEME)
