"""What each seat may see, and the worlds it cannot tell apart (the only redaction).

Secret: the cards in another faction's hand and Entourage, the order of the decks, a
card chosen in a simultaneous round until all are revealed, and theater markers, which a
faction shows its compatriot but not the other city (3.1). Public: the displays, every
revealed card, Honor, Strategos held (ruling R2), stocks, pools, who controls."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from engine.core.decisions import random_answer
from engine.core.flows import CHOSEN
from engine.core.procedures import Flow
from engine.core.rng import Rng

from . import assembly as asm
from .political import ISSUE_NAMES, PROCEDURES, card_label
from .schema import PericlesState, Record
from .theater_flow import PROCEDURES as THEATER
from .theater_flow import name as theater_name

THEATER_KINDS = (*asm.THEATER_ISSUES, "rumor")
TITLES = {"aristocrats": "Aristocrats", "demagogues": "Demagogues", "agiad": "Agiad",
          "eurypontid": "Eurypontid", "athens": "Athens", "sparta": "Sparta"}


# The phase a procedure belongs to, for the banner (5.0-7.3 political, 8.0-9.3 theater,
# 11.0 End); the innermost named frame of the flow decides.
PHASE_OF = {
    **dict.fromkeys(("designate", "debate_cards", "debate"), "debate"),
    **dict.fromkeys(("aristophanes", "draw", "entourage", "hostages", "boule",
                     "political_issues", "strategy_board", "board_cards", "theater_award"),
                    "political"),
    **dict.fromkeys(("theater_phase", "placement", "resolution", "carry_out", "league_issue",
                     "diplomatic_issue", "levy", "raid_choice", "expedition", "commit", "march",
                     "battle", "strategos_honor", "vignette_battles"), "theater"),
    **dict.fromkeys(("end_phase", "maintenance", "redeployment", "will_of_assembly"), "end"),
}


def phase_of(s: PericlesState) -> str | None:
    return next((PHASE_OF[fr["name"]] for fr in reversed(s["flow"]) if fr["name"] in PHASE_OF),
                None)


def sees_markers(viewer: str | None, owner: str) -> bool:
    """A faction's theater markers are known to it and its compatriot (3.1)."""
    return viewer is not None and asm.city_of(viewer) == asm.city_of(owner)


def commitment_shown(s: PericlesState, viewer: str | None, faction: str) -> bool:
    """The attackers show their Strategos at once, the defenders only at the battle;
    until then each defender knows its own (9.2)."""
    ex = s["expedition"]
    if ex is None or ex["revealed"] or asm.city_of(faction) == ex["city"]:
        return True
    return viewer == faction


def leader_name(faction: str, turn: int) -> str:
    deck = asm.decks()[asm.city_of(faction)]
    return next(x.name(turn) for x in deck.leaders if x.faction == faction)


def build_view(s: PericlesState, seat: str | None) -> dict[str, Any]:
    hand = s["hands"].get(seat or "", []) if seat in s["factions"] else []
    return {
        "ruleset": "pericles", "viewer": seat, "scenario": s["scenario"], "turn": s["turn"],
        # the generation of questions the game asks (schema.py): players may read by it
        "generation": s.get("generation", 0),
        "phase": phase_of(s),
        "war": s["war"], "plague": s["plague"], "alcibiades": s["alcibiades"],
        # the Ravages of War (rule 14.43) and the units they took out of the game: public
        "ravages": s["ravages"], "removed": {o: dict(n) for o, n in s["removed"].items()},
        "aristophanes": s["aristophanes"], "cities": list(s["cities"]),
        "factions": list(s["factions"]), "partners": dict(s["partners"]),
        "honor": dict(s["honor"]),
        "strategos": dict(s["strategos"]), "stock": dict(s["stock"]), "board": dict(s["board"]),
        "controlling": dict(s["controlling"]), "favor": dict(s["favor"]),
        "leaders": {f: leader_name(f, s["turn"]) for f in s["factions"]},
        "displays": {c: [{"id": i["id"], "kind": i["kind"], "track": asm.side(i["pos"], c),
                          "box": abs(i["pos"])} for i in s["display"][c]] for c in s["cities"]},
        "debate": {c: dict(d) for c, d in s["debate"].items()},
        "deck_size": {c: len(p) for c, p in s["deck"].items()},
        "discard": {c: list(p) for c, p in s["discard"].items()},
        "hand_size": {f: len(h) for f, h in s["hands"].items()},
        "entourage_size": {f: len(h) for f, h in s["entourage"].items()},
        "hand": [{"card": c, "label": card_label(c, seat or "")} for c in hand],
        "entourage": ([{"card": c, "label": card_label(c, seat or "")}
                       for c in s["entourage"][seat]] if seat in s["factions"] else []),
        "played": [dict(p) for p in s["played"]],
        "brain_trust_used": dict(s["brain_trust_used"]),
        "leader_out": dict(s["leader_out"]),
        "markers": {f: (list(m) if sees_markers(seat, f) else len(m))
                    for f, m in s["markers"].items()},
        "oration": dict(s["oration"]), "won": {f: list(w) for f, w in s["won"].items()},
        "hostages": dict(s["hostages"]),
        "chosen": sorted(x for fr in s["flow"] for x in (fr["args"].get(CHOSEN) or {})),
        "over": s["over"],
        # the theater phase (8.0-9.3)
        "forces": {t: {o: dict(n) for o, n in f.items()} for t, f in s["forces"].items()},
        "treachery": {t: dict(n) for t, n in s["treachery"].items()},
        "queues": {t: [{"faction": m["faction"],
                        "kind": m["kind"] if sees_markers(seat, m["faction"]) else None}
                       for m in q] for t, q in s["queues"].items()},
        "order": list(s["order"]),
        # nominations made so far in each city's Boule (6.2): their order is public
        "boule": next((dict(fr["args"].get("done") or {}) for fr in s["flow"]
                       if fr["name"] == "boule"), {}),
        "committed": {f: n for f, n in s["committed"].items() if commitment_shown(s, seat, f)},
        "expedition": dict(s["expedition"]) if s["expedition"] else None,
        "the_300": s["the_300"], "state_ship": s["state_ship"],
        "persian_war": s["persian_war"],
        "battle": s["battle"], "results": list(s["results"]),
        "aristophanes_left": len(s["aristophanes_deck"]),
        "will": {c: dict(w) for c, w in s["will"].items()},
        "granary_miss": dict(s["granary_miss"]), "victor": s["victor"],
        # Phormio (15.0): who it plays, and each automated faction's Prime Strategy,
        # drawn on the game's dice in public (ruling R51)
        "automated": list(s.get("automated") or []),
        "prime": {f: dict(p) for f, p in (s.get("prime") or {}).items()},
        "brasidas_cities": list(s.get("brasidas_cities") or []),
        "log": [line(r) for r in s["log"][-16:]],
    }


UNIT_OWNERS = {"A": "Athenian", "S": "Spartan", "D": "Delian League",
               "P": "Peloponnesian League", "argos": "Argive"}


def ravaged(r: Record) -> str:
    """What the Ravages of War took out of the game, in words (rule 14.43)."""
    if r["kind"] != "ravaged":
        return ""  # line() builds every entry of its table for every record
    city = TITLES.get(r["city"] or "", r["city"] or "")
    if r["what"] == "strategos":
        return f"{city} loses a Strategos of its stock for good (a War turn ended)"
    owner, kind = (r["what"] or ":").split(":")
    units = f"{r['n']} {UNIT_OWNERS.get(owner, owner)} {kind} unit{'s' if r['n'] > 1 else ''}"
    cause = "to the Plague" if r["theater"] == "plague" else \
        f"after the battle in {theater_name(r['theater'] or '')}"
    return f"{units} {'leaves' if r['n'] == 1 else 'leave'} the game {cause}"


def line(r: Record) -> str:
    """A public log record in words."""
    who = TITLES.get(r["faction"] or "", r["faction"] or "")
    city = TITLES.get(r["city"] or "", r["city"] or "")
    what = ISSUE_NAMES.get(r["what"] or "", r["what"] or "")
    k, n = r["kind"], r["n"]
    track = asm.side(n, r["city"]) if k == "moved" and r["city"] else None
    return {
        "aristophanes": f"Aristophanes card: {r['what']}",
        "stock": f"{city}'s Strategos stock changes by {n}",
        "alcibiades": f"Alcibiades goes to {TITLES.get(r['what'] or '', r['what'])}",
        "placed": f"{what} placed on the {who} {n}-space",
        "nominated": f"{who} nominates {what}" + (f" onto its {n}-space" if n else ""),
        "designated": f"Round {n}: {who} designates {what}",
        "moved": f"{city}: {what} now at {abs(n)} ({TITLES.get(track or '', 'centre')})",
        "oration": f"Oration: {who} gains {n} Honor from its rival",
        "control": f"{who} controls the {city} Assembly",
        "ostracism": f"{who} wins the Ostracism",
        "unique": f"{who} wins {what} (+2 Honor, +{n} Strategos)",
        "war": "War is declared" if r["what"] == "war" else "Peace is made",
        "board": f"Strategy Board: {who} gains {n} Strategos",
        "persian_base": f"{who} founds a Persian base (+{n} Honor)",
        "inert": f"{who}'s {what} marker in Persia does nothing",
        "callias": f"The Peace of Callias: the Persian War ends, {who} gains {n} Honor",
        "callias_missed": f"No Peace of Callias: {who} loses {n} Honor",
        "persian_gold": f"Persian gold: a Peloponnesian ship in {r['theater']}",
        "no_levy": f"{who} may raise no City-State units in {r['theater']}",
        "persian_war_over": "The Persian War is over (the PEACE marker on theater 20)",
        "ravaged": f"Ravages of War (rule 14.43): {ravaged(r)}",
        "peace_end": f"Peace is declared in turn {n}: the war ends",
        "major_defeat": f"Major Defeat (9.3): {who} loses {n} more Honor and {city}'s "
                        "Assembly marker steps toward the Opposition",
        "bonus": f"{city}'s final bonuses: {n} Honor (theaters held and bases)",
        "favor_bonus": f"{who} holds the Favor of the Assembly: +{n} Honor",
        "awarded": f"Brasidas (15.91): {who} wins {what}",
        "handicap": f"Phormio handicap (15.14): {who} starts with {n} more Honor",
        # every entry is built for every record: a theater name only for a PS record
        # (a Plague record's "theater" is the word plague)
        "prime": f"{who}'s Prime Strategy (15.3): {r['what']} in "
                 f"{theater_name(r['theater'] or '') if k == 'prime' else ''}",
        "brasidas": f"Brasidas (15.9): {city} rolls {r['what']}; {who} "
                    + (f"gains {n} Honor" if n else "ties"),
    }.get(k, k)


def _hidden_cards(s: PericlesState, seat: str | None, city: str) -> list[tuple[str, int]]:
    """(holder, size) of every card pile in `city` hidden from `seat`: the deck, the
    other factions' hands (leader cards excepted: where a leader is, is public) and
    Entourages."""
    piles: list[tuple[str, int]] = [("deck", len(s["deck"][city]))]
    for f in asm.CITY_FACTIONS[city]:
        if f != seat and f in s["hands"]:
            piles.append((f"hand:{f}", sum(not asm.is_leader(c) for c in s["hands"][f])))
            piles.append((f"entourage:{f}", len(s["entourage"][f])))
    return piles


def redeal(s: PericlesState, seat: str | None, rng: Rng) -> PericlesState:
    """A world `seat` cannot tell from `s`: hidden cards dealt afresh, the other city's
    markers drawn afresh, and secret choices made afresh."""
    v = copy.deepcopy(s)
    for city in v["cities"]:
        piles = _hidden_cards(v, seat, city)
        pool = sorted(v["deck"][city])
        for f in asm.CITY_FACTIONS[city]:
            if f != seat and f in v["hands"]:
                pool += [c for c in v["hands"][f] if not asm.is_leader(c)] + v["entourage"][f]
        pool.sort()
        rng.shuffle(pool)
        for holder, size in piles:
            cards, pool = pool[:size], pool[size:]
            if holder == "deck":
                v["deck"][city] = cards
            else:
                kind, f = holder.split(":")
                if kind == "hand":
                    v["hands"][f] = sorted([c for c in v["hands"][f] if asm.is_leader(c)] + cards)
                else:
                    v["entourage"][f] = sorted(cards)
    pile = sorted(v["aristophanes_deck"])
    rng.shuffle(pile)
    v["aristophanes_deck"] = pile
    for f, m in v["markers"].items():
        if not sees_markers(seat, f):
            v["markers"][f] = sorted(rng.choice(THEATER_KINDS) for _ in m)
    for q in v["queues"].values():
        for marker in q:
            if not sees_markers(seat, marker["faction"]):
                marker["kind"] = rng.choice(THEATER_KINDS)
    ex = v["expedition"]
    if ex is not None and not ex["revealed"]:
        for f in list(v["committed"]):
            if not commitment_shown(v, seat, f):
                cap = min(5 if f == ex["cg"] else 4, v["strategos"][f])
                v["committed"][f] = rng.choice(list(range(cap + 1)))
    _rechoose(v, seat, rng)
    return v


def _rechoose(v: PericlesState, seat: str | None, rng: Rng) -> None:
    """Secret choices of other seats waiting in a `Simultaneous` frame, made afresh
    from their (redealt) hands."""
    procs = {getattr(p, "name"): p for p in [*PROCEDURES, *THEATER]}  # noqa: B009

    for frame in v["flow"]:
        chosen = frame["args"].get(CHOSEN)
        if not chosen:
            continue
        proc = procs[frame["name"]]
        for other in sorted(chosen):
            if other == seat:
                continue
            del chosen[other]
            prompt = proc.ask(Flow(v, frame, None), other)  # type: ignore[attr-defined]
            answer = random_answer(prompt, rng)
            chosen[other] = answer.split("|") if prompt.form == "pick" else answer


def variants(s: PericlesState, seat: str | None, rng: Rng) -> Iterator[PericlesState]:
    for _ in range(3):
        yield redeal(s, seat, rng)
