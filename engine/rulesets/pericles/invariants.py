"""What must hold after every action (self-play checks it)."""

from __future__ import annotations

from collections import Counter

from . import assembly as asm
from .schema import PericlesState
from .theaters import in_pool


def check(s: PericlesState) -> list[str]:
    bad: list[str] = []
    for city in s["cities"]:
        # every card of the city is in exactly one place (6.1): 30 cards and 2 leaders
        deck = asm.decks()[city]
        every = [c.number for c in deck.cards] + [x.number for x in deck.leaders]
        held = list(s["deck"][city]) + list(s["discard"][city])
        for f in asm.CITY_FACTIONS[city]:
            if f in s["hands"]:
                held += s["hands"][f] + s["entourage"][f]
            else:  # a vignette seats one faction a city: the other's leader stays boxed
                held.append(asm.leader_number(f))
        counts = Counter(held)
        twice = sorted(c for c, n in counts.items() if n > 1)
        if twice or set(held) - set(every):
            bad.append(f"{city}: cards held twice or foreign: {twice}")
        lost = set(every) - set(held)
        if lost:
            bad.append(f"{city}: cards lost: {sorted(lost)}")
        if s["stock"][city] < 0 or s["board"][city] < 0:
            bad.append(f"{city}: negative stock or Board pool")
        kinds = Counter(i["kind"] for i in s["display"][city])
        if kinds["war_peace"] > 1 or kinds["ostracism"] > 1:
            bad.append(f"{city}: a second War/Peace or Ostracism issue")
        if any(abs(i["pos"]) > asm.MAX_BOX for i in s["display"][city]):
            bad.append(f"{city}: an issue beyond box {asm.MAX_BOX}")
        if s["controlling"][city] not in asm.CITY_FACTIONS[city]:
            bad.append(f"{city}: its Controlling Faction is not one of its factions")
    bad += [f"{f} holds {n} Strategos" for f, n in s["strategos"].items() if n < 0]
    for theater, owners in s["forces"].items():
        if sum(n.get("bases", 0) for n in owners.values()) > 3:
            bad.append(f"{theater}: more than 3 bases (3.4)")
        bad += [f"{theater}: {o} {k} {v}" for o, n in owners.items() for k, v in n.items() if v < 0]
        bad += [f"{theater}: a {m['kind']} marker" for m in s["queues"][theater]
                if m["kind"] not in (*asm.THEATER_ISSUES, "rumor")]
    if s["forces"]:
        present = {o for f in s["forces"].values() for o in f}
        bad += [f"{o} {k}: more on the map than in the counter mix" for o in present
                for k in ("land", "naval", "bases") if o != "persia" and in_pool(s, o, k) < 0]
    if s["the_300"] is not None and not s["forces"][s["the_300"]].get("S", {}).get("land", 0):
        bad.append("the 300 stand where no Spartan foot is")
    # Strategos are neither made nor lost in the political phase: stock, pool and
    # holdings add up to what the city began with after the Aristophanes card
    return bad
