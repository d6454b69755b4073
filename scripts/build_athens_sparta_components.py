"""Write the Athens & Sparta block roster, the 25 cards and the 431 BC set-up.

Run after build_athens_sparta_map.py (the set-up needs the city hexes):
    .venv/bin/python scripts/build_athens_sparta_components.py
Writes engine/rulesets/athens_sparta/data/{blocks,cards,setup_431}.json.

Everything here is Keryx's design unless `origin` says otherwise; the reasons
are in engine/rulesets/athens_sparta/data/README.md.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "engine" / "rulesets" / "athens_sparta" / "data"

MOVE = {"hoplite": 3, "peltast": 4, "navy": 4, "cavalry": 5}  # rule 4.4

# id, side, type, home, max strength, rating, special, origin, note
# Scale (rulebook sidebar): 1000 men per infantry step, 400 riders per
# cavalry step, 20 triremes per navy step.
ROSTER = [
    # --- Athens and her allies (blue) -------------------------------------
    ("Athens H1", "athens", "hoplite", "Athens", 4, "B3", None, "keryx", "first-line hoplites; B3 as the Chios example's defenders (5.6)"),
    ("Athens H2", "athens", "hoplite", "Athens", 4, "B2", None, "rulebook", "hoplite B2 as in the Amphipolis example (5.6)"),
    ("Athens H3", "athens", "hoplite", "Athens", 3, "B2", None, "keryx", "the 3,000 besieging Potidaea in 431 BC"),
    ("Athens P", "athens", "peltast", "Athens", 2, "A1", None, "rulebook", "1,600 archers; peltast A1 as in the Amphipolis example (5.6)"),
    ("Athens C", "athens", "cavalry", "Athens", 3, "B2", None, "keryx", "1,200 horse and mounted archers"),
    ("Athens N1", "athens", "navy", "Athens", 4, "C3", None, "rulebook", "navy 4 C3 home Athens: the block-data figure (2.1)"),
    ("Athens N2", "athens", "navy", "Athens", 4, "C3", None, "keryx", "the 100 ships that raided the Peloponnese in 431 BC"),
    ("Athens N3", "athens", "navy", "Athens", 3, "C3", None, "keryx", "the 70 ships blockading Potidaea"),
    ("Naupactus N", "athens", "navy", "Naupactus", 2, "C3", None, "keryx", "Phormio's squadron"),
    ("Naupactus P", "athens", "peltast", "Naupactus", 2, "A1", None, "keryx", "Messenian exiles"),
    ("Chalcis H", "athens", "hoplite", "Chalcis", 2, "B2", None, "keryx", "Euboean hoplites"),
    ("Chalcis C", "athens", "cavalry", "Chalcis", 2, "B2", None, "keryx", "Euboean horse (2.23)"),
    ("Chios H", "athens", "hoplite", "Chios", 2, "B3", None, "rulebook", "hoplite B3 as in the Chios example (5.6)"),
    ("Chios N", "athens", "navy", "Chios", 3, "C2", "rebel-navy", "rulebook", "rebel navy (9.4); navy C2 as in the Chios example (5.6)"),
    ("Mytilene H", "athens", "hoplite", "Mytilene", 2, "B2", None, "keryx", "Lesbian hoplites"),
    ("Mytilene N", "athens", "navy", "Mytilene", 2, "C2", "rebel-navy", "rulebook", "rebel navy (9.4)"),
    ("Corcyra H", "athens", "hoplite", "Corcyra", 2, "B2", None, "keryx", "Corcyraean hoplites"),
    ("Corcyra N", "athens", "navy", "Corcyra", 4, "C2", "rebel-navy", "rulebook", "rebel navy (9.4); 110 ships at Sybota"),
    ("Rhodes N", "athens", "navy", "Rhodes", 2, "C2", "rebel-navy", "rulebook", "rebel navy (9.4)"),
    ("Samos H", "athens", "hoplite", "Samos", 2, "B2", None, "keryx", "Samos lost her fleet in 439 BC"),
    ("Miletus H", "athens", "hoplite", "Miletus", 2, "B2", None, "keryx", "Ionian hoplites"),
    ("Amphipolis H", "athens", "hoplite", "Amphipolis", 2, "B2", None, "keryx", "colonists of 437 BC"),
    ("Abydos H", "athens", "hoplite", "Abydos", 2, "B2", None, "keryx", "Hellespont garrison"),
    ("Naxos H", "athens", "hoplite", "Naxos", 2, "B2", None, "keryx", "Cycladic hoplites"),
    ("Stratus P", "athens", "peltast", "Stratus", 3, "A2", None, "keryx", "Acarnanian slingers"),
    ("Athens Reserve H", "athens", "hoplite", "Athens", 4, "B2", "reserve", "keryx", "the 16,000 old and young of the garrison"),
    ("Athens Reserve P", "athens", "peltast", "Athens", 3, "A1", "reserve", "keryx", "hired light troops"),
    ("Athens Reserve N", "athens", "navy", "Athens", 4, "C3", "reserve", "keryx", "the 100-ship emergency reserve of 431 BC"),
    ("DEMOS", "athens", "peltast", "Athens", 4, "A1", "demos", "rulebook", "Athens' revolt block (7.0); lower rating than TYRANTS"),
    ("HELOTS", "athens", "peltast", "Messene", 4, "A1", "helots", "rulebook", "Athens' revolt block at Messene; a peltast once victorious (7.1)"),
    # --- Sparta and her allies (red) ----------------------------------------
    ("Sparta H1", "sparta", "hoplite", "Sparta", 4, "B4", None, "rulebook", "Spartiates; hoplite 4B4 as in the Amphipolis example (5.6)"),
    ("Sparta H2", "sparta", "hoplite", "Sparta", 4, "B4", None, "keryx", "Spartiates"),
    ("Sparta H3", "sparta", "hoplite", "Sparta", 3, "B3", None, "keryx", "perioikoi"),
    ("Sciritae", "sparta", "peltast", "Sparta", 3, "A2", None, "rulebook", "peltast A2 as in the Chios example, built up to 3 (5.6)"),
    ("Gytheum N", "sparta", "navy", "Gytheum", 2, "C2", None, "keryx", "Laconian squadron (4.4 example)"),
    ("Corinth H1", "sparta", "hoplite", "Corinth", 3, "B3", None, "keryx", "Corinthian hoplites"),
    ("Corinth H2", "sparta", "hoplite", "Corinth", 2, "B3", None, "keryx", "Aristeus' volunteers, besieged in Potidaea at start"),
    ("Corinth N", "sparta", "navy", "Corinth", 4, "C2", None, "keryx", "90 ships at Sybota"),
    ("Thebes H1", "sparta", "hoplite", "Thebes", 4, "B3", None, "keryx", "Boeotian hoplites (7,000 at Delium)"),
    ("Thebes H2", "sparta", "hoplite", "Thebes", 3, "B3", None, "keryx", "Boeotian hoplites"),
    ("Thebes C", "sparta", "cavalry", "Thebes", 3, "B2", None, "keryx", "Boeotian horse, 1,000 at Delium (2.23)"),
    ("Thebes P", "sparta", "peltast", "Thebes", 4, "A1", None, "rulebook", "peltast 4A1 as in the Amphipolis example (5.6)"),
    ("Megara H", "sparta", "hoplite", "Megara", 2, "B2", None, "keryx", ""),
    ("Sicyon H", "sparta", "hoplite", "Sicyon", 2, "B2", None, "keryx", ""),
    ("Elis H", "sparta", "hoplite", "Elis", 3, "B2", None, "keryx", ""),
    ("Messene H", "sparta", "hoplite", "Messene", 2, "B2", None, "keryx", "Messenian perioikoi"),
    ("Leucas N", "sparta", "navy", "Leucas", 2, "C1", None, "keryx", "ships of Leucas, Ambracia and Anactorium"),
    ("Ambracia H", "sparta", "hoplite", "Ambracia", 3, "B2", None, "keryx", "3,000 Ambraciots in 426 BC"),
    ("Tegea H", "sparta", "hoplite", "Tegea", 3, "B2", None, "keryx", "Arcadian hoplites"),
    ("Epidaurus H", "sparta", "hoplite", "Epidaurus", 2, "B2", None, "keryx", ""),
    ("Troezen N", "sparta", "navy", "Troezen", 2, "C1", None, "keryx", "Argolic squadron"),
    ("Sparta Reserve H", "sparta", "hoplite", "Sparta", 4, "B3", "reserve", "keryx", "neodamodeis and allies"),
    ("Sparta Reserve P", "sparta", "peltast", "Sparta", 3, "A1", "reserve", "keryx", "mercenary light troops"),
    ("Sparta Reserve N", "sparta", "navy", "Sparta", 3, "C2", "reserve", "keryx", "the Peloponnesian fleet of 413 BC"),
    ("TYRANTS", "sparta", "peltast", "Sparta", 4, "A2", "tyrants", "rulebook", "Sparta's revolt block; higher rating than DEMOS (7.0 sidebar)"),
    # blue-star twins: same names as the Athenian rebel navies (9.4)
    ("Chios N*", "sparta", "navy", "Chios", 3, "C2", "rebel-twin", "rulebook", "blue star; starts in the pool (3.0)"),
    ("Mytilene N*", "sparta", "navy", "Mytilene", 2, "C2", "rebel-twin", "rulebook", "blue star; starts in the pool (3.0)"),
    ("Corcyra N*", "sparta", "navy", "Corcyra", 4, "C2", "rebel-twin", "rulebook", "blue star; starts in the pool (3.0)"),
    ("Rhodes N*", "sparta", "navy", "Rhodes", 2, "C2", "rebel-twin", "rulebook", "blue star; starts in the pool (3.0)"),
    # --- neutrals (green), off the map until their city joins (3.1, 9.5) ----
    ("Argos H1", "neutral", "hoplite", "Argos", 4, "B3", None, "keryx", "the Argive Thousand and levy"),
    ("Argos H2", "neutral", "hoplite", "Argos", 3, "B2", None, "keryx", ""),
    ("Larissa C1", "neutral", "cavalry", "Larissa", 4, "B3", None, "keryx", "Thessalian horse (2.23)"),
    ("Larissa C2", "neutral", "cavalry", "Larissa", 3, "B2", None, "keryx", "Thessalian horse (2.23)"),
    ("Pella C", "neutral", "cavalry", "Pella", 3, "B2", None, "keryx", "Macedonian companions"),
    ("Pella P", "neutral", "peltast", "Pella", 3, "A1", None, "keryx", "Macedonian and Thracian light troops"),
    ("Melos H", "neutral", "hoplite", "Melos", 2, "B2", None, "keryx", ""),
    ("Pleuron P", "neutral", "peltast", "Pleuron", 3, "A2", None, "keryx", "Aetolian javelin men who beat Demosthenes in 426 BC"),
    ("Syracuse H", "neutral", "hoplite", "Syracuse", 4, "B3", None, "keryx", "Syracusan hoplites"),
    ("Syracuse C", "neutral", "cavalry", "Syracuse", 3, "B2", None, "keryx", "1,200 Syracusan horse"),
    ("Syracuse N", "neutral", "navy", "Syracuse", 4, "C2", None, "keryx", "Syracusan fleet"),
]


def blocks():
    out = []
    for bid, side, typ, home, mx, rating, special, origin, note in ROSTER:
        out.append({
            "id": bid, "name": bid, "side": side, "type": typ, "home": home,
            "max_strength": mx, "rating": rating, "move": MOVE[typ],
            "special": special, "origin": origin, "note": note,
        })
    return out


# ---------------------------------------------------------------- cards
# Plain cards: MP only. With the event cards' MPs the deck is 7x1, 7x2,
# 5x3, 3x4, 2x5, 1x6 (64 MP): a 6-card hand is under 10 MP (a mulligan) with
# probability 501/25300, about 1 in 50 (tests/athens_sparta/test_components.py).
PLAIN_MP = [1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6]
EVENTS = [
    # mp, id, name, who, rule, text, effect
    (2, "storm", "Storm", "either", "4.6",
     "No navy may make an operation move or sea move this Game Turn, for either player. "
     "Armies move normally; retreats and regroups at sea are still allowed.",
     {"kind": "ban_moves", "scope": "game_turn", "players": "both",
      "block_types": ["navy"], "move_kinds": ["operation", "sea"], "also_ban_army_sea_moves": True}),
    (1, "earthquake", "Earthquake", "either", "4.6",
     "The Game Turn is cancelled for both players: no moves and no combat. Only Siege Attrition "
     "is rolled, Player 1 first; Player 2 skips any siege that Player 1's rolls ended.",
     {"kind": "cancel_game_turn", "players": "both", "keep": ["siege_attrition"],
      "attrition_order": ["player1", "player2"]}),
    (3, "betrayal", "Betrayal", "either", "5.41",
     "This Player Turn, defenders of one walled city you storm get no double defense, in both "
     "combat rounds (official ruling). Choose the city when you storm it.",
     {"kind": "no_double_defense", "scope": "player_turn", "players": "self",
      "target": "one_stormed_city", "rounds": [1, 2]}),
    (1, "plague", "Plague", "sparta", "6.0",
     "Plague in Athens: roll one die for each Athenian block in the ATHENS hex; each 5 or 6 is "
     "a hit on the strongest Athenian block there, as in Siege Attrition.",
     {"kind": "attrition", "players": "opponent", "side": "athens", "where": {"city": "Athens"},
      "dice": "per_block", "hit_min": 5}),
    (2, "persian_gold", "Persian Gold", "sparta", "8.2",
     "Add 2 steps, free, to Spartan navies in friendly port cities (1 or 2 blocks, never above "
     "their maximum strength).",
     {"kind": "free_steps", "players": "self", "steps": 2, "block_types": ["navy"],
      "where": "friendly_port_city"}),
    (2, "tribute", "Delian Tribute", "athens", "8.2",
     "Add 2 steps, free, to Athenian navies in friendly port cities (1 or 2 blocks, never above "
     "their maximum strength).",
     {"kind": "free_steps", "players": "self", "steps": 2, "block_types": ["navy"],
      "where": "friendly_port_city"}),
    (1, "oracle", "Delphic Oracle", "either", "1.4",
     "Look at every card the other player still holds this Olympiad.",
     {"kind": "peek_hand", "players": "self", "target": "opponent", "count": "all"}),
    (2, "brasidas", "Brasidas", "sparta", "5.2",
     "This Player Turn, one Spartan army block of your choice scores hits on rolls one higher "
     "than its rating (B4 hits on 1-5). Choose it when its first combat begins.",
     {"kind": "fire_bonus", "scope": "player_turn", "players": "self", "blocks": 1,
      "block_types": ["hoplite", "peltast", "cavalry"], "amount": 1, "max_fire": 5}),
    (2, "phormio", "Phormio", "athens", "5.2",
     "This Player Turn, one Athenian navy of your choice scores hits on rolls one higher than "
     "its rating (C3 hits on 1-4). Choose it when its first combat begins.",
     {"kind": "fire_bonus", "scope": "player_turn", "players": "self", "blocks": 1,
      "block_types": ["navy"], "amount": 1, "max_fire": 5}),
]


def cards():
    out = []
    n = 0
    for mp, eid, name, who, rule, text, effect in EVENTS:
        n += 1
        out.append({"id": f"C{n:02d}", "mp": mp, "origin": "errata" if eid == "betrayal" else
                    ("rulebook" if eid in ("storm", "earthquake") else "keryx"),
                    "event": {"id": eid, "name": name, "text": text, "who": who, "rule": rule,
                              "effect": effect}})
    for mp in PLAIN_MP:
        n += 1
        out.append({"id": f"C{n:02d}", "mp": mp, "origin": "keryx", "event": None})
    return out


# ---------------------------------------------------------------- set-up
POOL_SPECIALS = {"reserve", "demos", "helots", "tyrants", "rebel-twin"}  # rule 3.0
POTIDAEA = {"siege": ["Athens H3"], "blockade": ["Athens N3"], "besieged": ["Corinth H2"]}


def setup(cities):
    placements, pool, offmap = {}, [], []
    for b in blocks():
        if b["special"] in POOL_SPECIALS:
            pool.append(b["id"])
        elif b["side"] == "neutral":
            offmap.append(b["id"])
        else:
            where = "Potidaea" if any(b["id"] in v for v in POTIDAEA.values()) else b["home"]
            placements[b["id"]] = {"hex": cities[where]["hex"], "strength": b["max_strength"],
                                   "city": where}
    control = {n: c["side"] for n, c in cities.items() if c["side"] in ("athens", "sparta", "neutral")}
    control["Potidaea"] = "sparta"  # rule 3.0 note
    return {
        "scenario": "431",
        "title": "431 BC: the Archidamian War begins",
        "rule": "3.0",
        "placements": placements,
        "pool": pool,
        "offmap_neutral": offmap,
        "sieges": [{"city": "Potidaea", "hex": cities["Potidaea"]["hex"], "besieger": "athens",
                    **POTIDAEA}],
        "control": control,
    }


def main():
    cities = {c["name"]: c for c in json.loads((DATA / "cities.json").read_text())["cities"]}
    (DATA / "blocks.json").write_text(json.dumps({"blocks": blocks()}, indent=1) + "\n")
    (DATA / "cards.json").write_text(json.dumps({"cards": cards()}, indent=1) + "\n")
    (DATA / "setup_431.json").write_text(json.dumps(setup(cities), indent=1) + "\n")
    print("wrote blocks.json, cards.json, setup_431.json")


if __name__ == "__main__":
    main()
