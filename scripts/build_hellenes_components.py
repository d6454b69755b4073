"""Write the Hellenes roster (106 blocks), the 55 cards and the four set-ups.

Run after build_hellenes_map.py (the set-ups name its areas and cities):
    .venv/bin/python scripts/build_hellenes_components.py
Writes engine/rulesets/hellenes/data/{nationalities,blocks,cards,setups}.json.

The rulebook has no roster, card list or set-up cards, so all of this is Keryx's design,
shaped to every fact the rulebook and the public facts sheet give; `origin` says which
entries carry a printed fact, and data/README.md gives the reasons. Event texts are ours.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "engine" / "rulesets" / "hellenes" / "data"

# ------------------------------------------------------------------ nationalities
# Rule 1.32 / 2.11: a unit builds only in Home Cities or towns of its own colour. Cities
# loyal to Athens are drawn in blues, greens and purples, Sparta's in reds, oranges and
# yellows (1.31); barbarians are two-coloured tan, Persians light tan (2.1).
# id: (name, colour, kind)
NATIONALITIES = {
    "attica": ("Attica", "#1f4fb4", "greek"),
    "subject": ("Athenian subjects", "#7fb2e8", "greek"),
    "aeolian": ("Aeolian Islands", "#2e9d57", "greek"),
    "corcyra": ("Corcyra", "#7b3fa6", "greek"),
    "acarnania": ("Acarnania", "#3f8f96", "greek"),
    "thessaly": ("Thessaly", "#5a6fd0", "greek"),
    "argos": ("Argos", "#4aa3a0", "greek"),
    "croton": ("Croton", "#8fa8d8", "greek"),
    "lacedaemon": ("Lacedaemon", "#c42828", "greek"),
    "arcadia": ("Arcadia", "#a3342c", "greek"),
    "elis": ("Elis", "#d9603a", "greek"),
    "corinth": ("Corinth", "#e8841e", "greek"),
    "megara": ("Megara", "#d9a21e", "greek"),
    "boeotia": ("Boeotia", "#e8c81e", "greek"),
    "ambracia": ("Ambracia", "#c86e28", "greek"),
    "taras": ("Taras", "#b8503a", "greek"),
    "macedonia": ("Macedonia", "#9b7a4a", "barbarian"),
    "odrysia": ("Odrysia", "#8a6a3a", "barbarian"),
    "persia": ("Persia", "#e0c890", "persian"),
    "syracuse": ("Syracuse", "#b02050", "sicilian"),
    "gela": ("Gela", "#c05a70", "sicilian"),
    "selinus": ("Selinus", "#a0486a", "sicilian"),
    "lipara": ("Lipara", "#90506a", "sicilian"),
    "catana": ("Catana", "#4a7ac0", "sicilian"),
    "segesta": ("Segesta", "#5a9ab0", "sicilian"),
    "sicel": ("Sicels", "#a88a5a", "sicilian-barbarian"),
    "messana": ("Messana", "#ffffff", "neutral"),
    "rhegium": ("Rhegium", "#ffffff", "neutral"),
    "acragas": ("Acragas", "#ffffff", "neutral"),
}

# ------------------------------------------------------------------ roster
# Rule 2.2: hoplites C2 (elite B2, red box), archers A1 with a low cv, cavalry A1/A2,
# infantry B1, fleets D1 on land with an E or F sea rating. Ranges (pre-release article,
# facts sheet a-3): land units 2 areas, cavalry 3, fleets up to 5 at sea and 1 on land.
LAND_MOVE = {"hoplite": 2, "infantry": 2, "archers": 2, "cavalry": 3, "fleet": 1}
SEA_MOVE = {"E": 5, "F": 4}

# number, name, type, nationality, max cv, land rating, sea rating, flags, origin, note
# flags: elite (red movement box), rebel (4.22), no-leader (2.27 white box),
# persian-aid (13.2, boxed yellow ID)
ATHENS = [
    (1, "Athenian Hoplites", "hoplite", "attica", 4, "C2", None, "", "public-source", "Attica hoplites 4,3,3,2,2,2 (facts sheet a-3, CSW-4)"),
    (2, "Athenian Hoplites", "hoplite", "attica", 3, "C2", None, "", "public-source", "the 3,000 at Potidea in 431"),
    (3, "Athenian Hoplites", "hoplite", "attica", 3, "C2", None, "", "public-source", ""),
    (4, "Athenian Hoplites", "hoplite", "attica", 2, "C2", None, "", "public-source", ""),
    (5, "Athenian Hoplites", "hoplite", "attica", 2, "C2", None, "", "public-source", ""),
    (6, "Plataean Hoplites", "hoplite", "attica", 2, "C2", None, "", "public-source", "Platea is Attica's colour (1.32)"),
    (7, "Athenian Light Infantry", "infantry", "attica", 4, "B1", None, "", "public-source", "Attica infantry 4,3,2,2,2 (CSW-4)"),
    (8, "Athenian Light Infantry", "infantry", "attica", 3, "B1", None, "", "public-source", ""),
    (9, "Athenian Peltasts", "infantry", "attica", 2, "B1", None, "", "public-source", ""),
    (10, "Athenian Peltasts", "infantry", "attica", 2, "B1", None, "", "public-source", ""),
    (11, "Athenian Marines", "infantry", "attica", 2, "B1", None, "", "public-source", ""),
    (12, "Athenian Archers", "archers", "attica", 2, "A1", None, "", "public-source", "archers A1, low cv (2.22)"),
    (13, "Athenian Cavalry", "cavalry", "attica", 2, "A1", None, "", "public-source", ""),
    (14, "Athenian Triremes", "fleet", "attica", 4, "D1", "E2", "elite", "public-source", "elite fleets 4,4,3,3,2,2,2,2 (CSW-4)"),
    (15, "Athenian Triremes", "fleet", "attica", 4, "D1", "E2", "elite", "public-source", ""),
    (16, "Athenian Triremes", "fleet", "attica", 3, "D1", "E2", "elite", "public-source", ""),
    (17, "Athenian Triremes", "fleet", "attica", 3, "D1", "E2", "elite", "public-source", ""),
    (18, "Athenian Triremes", "fleet", "attica", 2, "D1", "E2", "elite", "public-source", "Phormio's squadron at Naupactus"),
    (19, "Athenian Triremes", "fleet", "attica", 2, "D1", "E2", "elite", "public-source", ""),
    (20, "Athenian Triremes", "fleet", "attica", 2, "D1", "E2", "elite", "public-source", ""),
    (21, "Athenian Triremes", "fleet", "attica", 2, "D1", "E2", "elite", "public-source", ""),
    (22, "Athenian Levy Fleet", "fleet", "attica", 4, "D1", "F2", "", "public-source", "levy fleets 4,3,2,2 (CSW-4)"),
    (23, "Athenian Levy Fleet", "fleet", "attica", 3, "D1", "F2", "", "public-source", ""),
    (24, "Athenian Levy Fleet", "fleet", "attica", 2, "D1", "F2", "", "public-source", ""),
    (25, "Athenian Levy Fleet", "fleet", "attica", 2, "D1", "F2", "", "public-source", ""),
    (26, "Ionian Hoplites", "hoplite", "subject", 3, "C2", None, "", "keryx", ""),
    (27, "Euboean Hoplites", "hoplite", "subject", 2, "C2", None, "", "keryx", ""),
    (28, "Allied Squadron", "fleet", "subject", 3, "D1", "F1", "", "keryx", "ships of the Delian League"),
    (29, "Allied Squadron", "fleet", "subject", 2, "D1", "F1", "", "keryx", ""),
    (30, "Islander Light Infantry", "infantry", "subject", 2, "B1", None, "", "keryx", ""),
    (31, "Chian Fleet", "fleet", "aeolian", 4, "D1", "F2", "", "rulebook", "Aeolian fleets recruit in Lesbos or Chios (4.22 sidebar)"),
    (32, "Lesbian Fleet", "fleet", "aeolian", 3, "D1", "F1", "", "rulebook", ""),
    (33, "Corcyraean Fleet", "fleet", "corcyra", 4, "D1", "F2", "", "keryx", "110 ships at Sybota"),
    (34, "Corcyraean Hoplites", "hoplite", "corcyra", 2, "C2", None, "", "keryx", ""),
    (35, "Acarnanian Slingers", "infantry", "acarnania", 3, "B1", None, "", "keryx", ""),
    (36, "Messenians of Naupactus", "infantry", "acarnania", 2, "B1", None, "", "keryx", "the exiles who held Pylos"),
    (37, "Odrysia", "cavalry", "odrysia", 4, "A3", None, "no-leader", "rulebook", "Odrysia A3 #37, only while Athens has no Leader (2.27, 15.1)"),
    (38, "Macedonian Rebels", "infantry", "macedonia", 3, "C2", None, "rebel", "rulebook", "pro-Athenian Macedonian barbarian, any Macedonian town but Pella (4.22)"),
    (39, "Thessalian Cavalry", "cavalry", "thessaly", 3, "A1", None, "", "keryx", "the horse Larissa sent to Attica in 431"),
    (40, "Argive Thousand", "hoplite", "argos", 3, "C2", None, "", "keryx", ""),
    (47, "Catanian Hoplites", "hoplite", "catana", 2, "C2", None, "", "keryx", ""),
    (48, "Catanian Light Infantry", "infantry", "catana", 2, "B1", None, "", "keryx", ""),
    (49, "Catanian Fleet", "fleet", "catana", 2, "D1", "F1", "", "keryx", ""),
    (50, "Segestan Hoplites", "hoplite", "segesta", 3, "C2", None, "", "keryx", ""),
    (51, "Segestan Cavalry", "cavalry", "segesta", 2, "A1", None, "", "keryx", "the horses Segesta lent the expedition"),
    (52, "Leontine Exiles", "hoplite", "catana", 2, "C2", None, "", "keryx", ""),
    (53, "Sicel Warriors", "infantry", "sicel", 3, "C2", None, "", "keryx", "barbarian C2 infantry (CSW-2)"),
    (54, "Sicel Warriors", "infantry", "sicel", 2, "C2", None, "", "keryx", ""),
    (55, "Sicel Javelinmen", "archers", "sicel", 2, "A1", None, "", "keryx", ""),
    (56, "Segestan Light Infantry", "infantry", "segesta", 2, "B1", None, "", "keryx", ""),
]

SPARTA = [
    (1, "Spartiates", "hoplite", "lacedaemon", 4, "B2", None, "elite", "public-source", "elite hoplites 4,3,2,2 (facts sheet a-3, CSW-2)"),
    (2, "Spartiates", "hoplite", "lacedaemon", 3, "B2", None, "elite", "public-source", ""),
    (3, "Spartiates", "hoplite", "lacedaemon", 2, "B2", None, "elite", "public-source", "Gylippus' men"),
    (4, "Spartiates", "hoplite", "lacedaemon", 2, "B2", None, "elite", "public-source", ""),
    (5, "Perioeci Hoplites", "hoplite", "lacedaemon", 3, "C2", None, "", "keryx", ""),
    (6, "Perioeci Hoplites", "hoplite", "lacedaemon", 2, "C2", None, "", "keryx", ""),
    (7, "Sciritae", "infantry", "lacedaemon", 2, "B1", None, "", "keryx", ""),
    (8, "Neodamodeis", "infantry", "lacedaemon", 3, "B1", None, "", "keryx", "freed helots"),
    (9, "Laconian Cavalry", "cavalry", "lacedaemon", 2, "A1", None, "", "keryx", "raised in 424"),
    (10, "Laconian Archers", "archers", "lacedaemon", 2, "A1", None, "", "keryx", ""),
    (11, "Laconian Fleet", "fleet", "lacedaemon", 3, "D1", "F1", "", "keryx", ""),
    (12, "Laconian Fleet", "fleet", "lacedaemon", 2, "D1", "F1", "", "keryx", ""),
    (13, "Tegean Hoplites", "hoplite", "arcadia", 3, "C2", None, "", "public-source", "Arcadia fields hoplites (facts sheet a-3)"),
    (14, "Mantinean Hoplites", "hoplite", "arcadia", 2, "C2", None, "", "public-source", ""),
    (15, "Arcadian Mercenaries", "infantry", "arcadia", 2, "B1", None, "", "keryx", ""),
    (16, "Elean Hoplites", "hoplite", "elis", 2, "C2", None, "", "keryx", ""),
    (17, "Elean Light Infantry", "infantry", "elis", 2, "B1", None, "", "keryx", ""),
    (18, "Corinthian Hoplites", "hoplite", "corinth", 3, "C2", None, "", "keryx", ""),
    (19, "Corinthian Hoplites", "hoplite", "corinth", 2, "C2", None, "", "keryx", "Aristeus' volunteers in Potidea"),
    (20, "Corinthian Fleet", "fleet", "corinth", 4, "D1", "F2", "", "keryx", "90 ships at Sybota"),
    (21, "Corinthian Fleet", "fleet", "corinth", 3, "D1", "F2", "", "keryx", ""),
    (22, "Corinthian Fleet", "fleet", "corinth", 2, "D1", "F1", "", "keryx", ""),
    (23, "Megarian Hoplites", "hoplite", "megara", 2, "C2", None, "", "keryx", ""),
    (24, "Megarian Fleet", "fleet", "megara", 2, "D1", "F1", "", "keryx", ""),
    (25, "Theban Hoplites", "hoplite", "boeotia", 4, "C3", None, "", "keryx", "the deep phalanx of Delium: the second power-3 unit"),
    (26, "Boeotian Hoplites", "hoplite", "boeotia", 3, "C2", None, "", "public-source", "Boeotia fields hoplites (facts sheet a-3)"),
    (27, "Boeotian Hoplites", "hoplite", "boeotia", 2, "C2", None, "", "public-source", ""),
    (28, "Boeotian Cavalry", "cavalry", "boeotia", 3, "A1", None, "", "keryx", ""),
    (29, "Boeotian Light Infantry", "infantry", "boeotia", 2, "B1", None, "", "keryx", ""),
    (30, "Theban Fleet", "fleet", "boeotia", 2, "D1", "F1", "", "rulebook", "a Theban fleet is recruited in Thebes (4.2 Actions example)"),
    (31, "Ambraciot Hoplites", "hoplite", "ambracia", 3, "C2", None, "", "keryx", ""),
    (32, "Leucadian Fleet", "fleet", "ambracia", 2, "D1", "F1", "", "keryx", ""),
    (33, "Ambraciot Light Infantry", "infantry", "ambracia", 2, "B1", None, "", "keryx", ""),
    (34, "Macedonian Infantry", "infantry", "macedonia", 4, "B2", None, "", "rulebook", "Sparta's Macedonian barbarians (4.22); the one B2 barbarian (CSW-2)"),
    (35, "Macedonian Cavalry", "cavalry", "macedonia", 3, "A1", None, "", "keryx", ""),
    (36, "Aeolian Rebel Fleet", "fleet", "aeolian", 3, "D1", "F2", "rebel", "rulebook", "pro-Spartan Aeolian fleet, appears in Lesbos or Chios (4.22)"),
    (37, "Tarentine Fleet", "fleet", "taras", 2, "D1", "F1", "", "keryx", ""),
    (38, "Sicyonian Hoplites", "hoplite", "corinth", 2, "C2", None, "", "keryx", ""),
    (39, "Brasidas' Helots", "infantry", "lacedaemon", 3, "B1", None, "", "keryx", "the 700 who marched to Amphipolis"),
    (40, "Peloponnesian Volunteers", "infantry", "corinth", 2, "B1", None, "", "keryx", "Aristeus' light troops in Potidea"),
    (41, "Lydian Levies", "infantry", "persia", 4, "C2", None, "persian-aid", "rulebook", "Persians #41-46 (12.13, 13.2)"),
    (42, "Phrygian Cavalry", "cavalry", "persia", 3, "A1", None, "persian-aid", "rulebook", ""),
    (43, "Persian Archers", "archers", "persia", 2, "A1", None, "persian-aid", "rulebook", ""),
    (44, "Laconian Improved Fleet", "fleet", "lacedaemon", 4, "D1", "E1", "persian-aid", "rulebook", "improved E1 fleets #41-46 (12.13, 13.2)"),
    (45, "Corinthian Improved Fleet", "fleet", "corinth", 3, "D1", "E1", "persian-aid", "rulebook", ""),
    (46, "Boeotian Improved Fleet", "fleet", "boeotia", 3, "D1", "E1", "persian-aid", "rulebook", ""),
    (47, "Syracusan Hoplites", "hoplite", "syracuse", 4, "C2", None, "", "keryx", ""),
    (48, "Syracusan Hoplites", "hoplite", "syracuse", 3, "C2", None, "", "keryx", ""),
    (49, "Syracusan Hoplites", "hoplite", "syracuse", 2, "C2", None, "", "keryx", ""),
    (50, "Syracusan Cavalry", "cavalry", "syracuse", 4, "A2", None, "", "public-source", "Syracusan cavalry A2 (CSW-2)"),
    (51, "Syracusan Light Infantry", "infantry", "syracuse", 3, "B1", None, "", "keryx", ""),
    (52, "Syracusan Fleet", "fleet", "syracuse", 4, "D1", "F2", "", "keryx", ""),
    (53, "Syracusan Fleet", "fleet", "syracuse", 3, "D1", "F1", "", "keryx", ""),
    (54, "Gelan Hoplites", "hoplite", "gela", 2, "C2", None, "", "rulebook", "Gelan units (15.2)"),
    (55, "Gelan Cavalry", "cavalry", "gela", 2, "A1", None, "", "rulebook", ""),
    (56, "Selinuntine Hoplites", "hoplite", "selinus", 2, "C2", None, "", "keryx", ""),
]

BARBARIAN_KINDS = {"barbarian", "persian", "sicilian-barbarian"}


def block(side, row):
    number, name, kind, nat, cv, land, sea, flags, origin, note = row
    nat_kind = NATIONALITIES[nat][2]
    flag_set = set(flags.split()) if flags else set()
    return {
        "id": f"{side[0].upper()}{number}", "number": number, "name": name, "side": side,
        "nation": nat, "type": kind, "max_strength": cv, "agility": land[0], "power": int(land[1]),
        "sea_agility": sea[0] if sea else None, "sea_power": int(sea[1]) if sea else None,
        "land_move": LAND_MOVE[kind], "sea_move": SEA_MOVE[sea[0]] if sea else None,
        "elite": "elite" in flag_set, "barbarian": nat_kind in BARBARIAN_KINDS,
        "sicilian": nat_kind.startswith("sicilian"),
        "entry": next((f for f in ("rebel", "no-leader", "persian-aid") if f in flag_set), None),
        "ids": "1-40" if number <= 40 else "41-46" if number <= 46 else "47+",  # rule 2.1
        "origin": origin, "note": note,
    }


# ------------------------------------------------------------------ cards
# Rule 3.0: #1-11 gold (431 only), #12-44 silver (every scenario), #45-55 bronze (late war).
# Colour (3.1): red Sparta only, blue Athens only, green either side (Leaders are green).
NOT_NEW_YEAR = "not as a New Year Event (10.2)"
NOT_IN_PEACE = "not under the Peace of Nicias (12.0)"
TEXT = {
    "revolt": "Stir up {region}: put a Spartan garrison in one vacant Athenian subject city there{spread}. "
              "Each Athens Raises Taxes card in play adds one more garrison in a qualified city (Tax Revolt).",
    "helots": "The helots rise: put an Athenian garrison in Sparta, Messenia or Pylos, whichever is vacant.",
    "plague": "Sickness in one besieged city: every unit inside it that is stronger than a cadre loses 1 cv.",
    "plague-returns": "The sickness comes back: every unit in one city, besieged or not, that is stronger than "
                      "a cadre loses 1 cv.",
    "treachery": "A gate is opened from within: one Treachery Assault on a city you besiege, its defenders "
                 "without Double Defense. If one combat round does not take it, the assaulters fall back; "
                 "the defender may still capitulate, and your other sieges may use Attrition.",
    "ostracism": "The assembly turns on a general: remove one Leader, yours or the enemy's, from play; "
                 "its card goes back into the deck.",
    "augury": "The omens are bad for your enemy: this Season its units may not Engage or Assault "
              "(Siege Attrition is still allowed).",
    "hunger": "Stores run short in one city you besiege: this Season its Siege Attrition hits on 1-2 "
              "(a Port must also be blockaded).",
    "earthquake": "The earth shakes: this Season enemy units may not move or pillage, newly recruited "
                  "barbarians' free move included.",
    "atrocity": "A massacre disgraces your enemy: it loses 2 Prestige, 3 if its Leader in play is worth +1.",
    "leader": "{name} takes command for {side} (Leader value {value:+d}). Either player may bring it in "
              "while {side} has no Leader; it stays in play.",
    "civil-war": "Faction fighting in one unbesieged city: it loses Double Defense for the rest of the Year "
                 "(place a Civil War marker). The card leaves play at the next Year End.",
    "taxes": "Athens squeezes her allies: +1 Action in every Athenian Action turn, but each Spartan Revolt "
             "places one more garrison for this card. Athens may discard it at any Year End.",
    "persian-aid": "Persian gold for Sparta: +1 Action every Spartan Season and -1 Prestige for Sparta "
                   "every Year End; Persians and E1 fleets may be recruited and Persia entered; Revolts "
                   "are curbed (13.3). It never leaves play.",
    "peace-faction": "The peace party leads: Peace Offers need only 5 Prestige and cost 1, for both sides.",
    "war-faction": "The war party returns: discard Peace Faction Ascendant; Peace Offers again need "
                   "10 Prestige and cost 2.",
    "no-quarter": "Prisoners are put to the sword: Athens may no longer recruit E2 fleets, and Sparta loses "
                  "1 Prestige every Year End. It never leaves play.",
}
RULE = {"revolt": "3.12", "helots": "3.1 (sidebar)", "plague": "3.1 (sidebar)",
        "plague-returns": "3.1 (sidebar)", "treachery": "8.1", "ostracism": "3.11",
        "augury": "3.1 (sidebar)", "hunger": "8.2", "earthquake": "3.1 (sidebar)",
        "atrocity": "14.1", "leader": "3.11", "civil-war": "8.11", "taxes": "3.12",
        "persian-aid": "13.0", "peace-faction": "14.22", "war-faction": "14.22",
        "no-quarter": "3.1 (sidebar)"}
CONTINUING = {"leader", "civil-war", "taxes", "persian-aid", "peace-faction", "war-faction", "no-quarter"}
COLOUR = {"revolt": "red", "persian-aid": "red", "helots": "blue", "taxes": "blue"}  # the rest green

# number, name, action value, kind, params, note
CARDS = [
    (1, "Pericles", 2, "leader", {"side": "athens", "value": 1}, "starts in play in 431 (15.1)"),
    (2, "Archidamos", 2, "leader", {"side": "sparta", "value": 0}, "starts in play in 431 (15.1)"),
    (3, "Plague Strikes", 1, "plague", {}, "430"),
    (4, "Plague Returns", 1, "plague-returns", {}, "427"),
    (5, "Revolt in Chalcidice", 2, "revolt", {"region": "Chalcidice", "spreading": True}, "Brasidas in the north, 424"),
    (6, "Revolt of Lesbos", 2, "revolt", {"region": "Aeolian Islands", "spreading": False}, "Mytilene, 428"),
    (7, "Revolt in Thrace", 1, "revolt", {"region": "Thrace", "spreading": True}, "Amphipolis, 424"),
    (8, "Helot Uprising", 2, "helots", {}, "Pylos, 425"),
    (9, "Atrocity", 3, "atrocity", {}, "Plataea, 427"),
    (10, "Earthquake", 2, "earthquake", {}, "426"),
    (11, "Treachery", 3, "treachery", {}, "the night attack on Plataea, 431"),
    (12, "Alcibiades", 2, "leader", {"side": "athens", "value": 1}, "starts in play in Sicily and 415"),
    (13, "Agis", 2, "leader", {"side": "sparta", "value": 0}, "starts in play in Sicily, 413 and 415"),
    (14, "Revolt in Euboea", 2, "revolt", {"region": "Euboea", "spreading": False}, ""),
    (15, "Hunger", 1, "hunger", {}, "Potidea starved into surrender, 430"),
    (16, "Civil War", 2, "civil-war", {}, "the oligarchs of Samos, 411"),
    (17, "Treachery", 1, "treachery", {}, "Megara's gates, 424"),
    (18, "Revolt in the Cyclades", 3, "revolt", {"region": "Cyclades", "spreading": False}, ""),
    (19, "Revolt in the Western Islands", 3, "revolt", {"region": "Western Islands", "spreading": False}, ""),
    (20, "Helot Uprising", 2, "helots", {}, "the Messenians at Pylos, 424"),
    (21, "Augury", 2, "augury", {}, "the eclipse at Syracuse, 413"),
    (22, "Helot Uprising", 2, "helots", {}, ""),
    (23, "Athens Raises Taxes", 1, "taxes", {}, ""),
    (24, "Athens Raises Taxes", 2, "taxes", {}, ""),
    (25, "Leader Ostracized", 3, "ostracism", {}, ""),
    (26, "Leader Ostracized", 2, "ostracism", {}, ""),
    (27, "Leader Ostracized", 1, "ostracism", {}, ""),
    (28, "Augury", 3, "augury", {}, ""),
    (29, "Augury", 2, "augury", {}, ""),
    (30, "Civil War", 2, "civil-war", {}, "#30 is Civil War (Example of Play, facts sheet a-4)"),
    (31, "Civil War", 3, "civil-war", {}, "Corcyra, 427"),
    (32, "Hunger", 1, "hunger", {}, ""),
    (33, "Hunger", 2, "hunger", {}, ""),
    (34, "Earthquake", 3, "earthquake", {}, ""),
    (35, "Treachery", 1, "treachery", {}, ""),
    (36, "Treachery", 3, "treachery", {}, ""),
    (37, "Atrocity", 1, "atrocity", {}, "Scione, 421"),
    (38, "Peace Faction Ascendant", 3, "peace-faction", {}, "Nicias"),
    (39, "War Faction Ascendant", 2, "war-faction", {}, "Cleon"),
    (40, "Augury", 1, "augury", {}, ""),
    (41, "Hunger", 3, "hunger", {}, ""),
    (42, "Helot Uprising", 3, "helots", {}, ""),
    (43, "Earthquake", 1, "earthquake", {}, ""),
    (44, "Atrocity", 2, "atrocity", {}, "Melos, 416"),
    (45, "Proboulois", 1, "leader", {"side": "athens", "value": 0}, "starts in play in 413"),
    (46, "Persian Aid", 1, "persian-aid", {}, "Tissaphernes"),
    (47, "Persian Aid", 2, "persian-aid", {}, "Pharnabazus"),
    (48, "Persian Aid", 3, "persian-aid", {}, "Cyrus"),
    (49, "No Quarter", 2, "no-quarter", {}, "Aegospotami, 405"),
    (50, "Revolt of Rhodes", 1, "revolt", {"region": "Sporades", "spreading": True}, "411"),
    (51, "Revolt of Chios", 2, "revolt", {"region": "Aeolian Islands", "spreading": True}, "412"),
    (52, "Revolt of Byzantium", 3, "revolt", {"region": "Propontis", "spreading": False}, "411"),
    (53, "Revolt of Miletus", 1, "revolt", {"region": "Ionia", "spreading": True}, "412"),
    (54, "Athens Raises Taxes", 3, "taxes", {}, "the harbour tax of 413"),
    (55, "Civil War", 1, "civil-war", {}, "the Four Hundred, 411"),
]

# The second edition (ruleset version 7, issue 35) prints one Revolt card per Subject
# Region in each deck (3.12: a Revolt card names its Region): the first had two for
# Chalcidice and Ionia in the 431 deck, and Sporades, Propontis and Ionia also on silver
# cards that the late decks repeat in bronze, so 11 of the 42 cards of 431 were Revolts.
# These are the first edition's cards where the second differs: games made before it
# keep them (the game option `deck`).
FIRST_EDITION = [
    (15, "Revolt in Ionia", 1, "revolt", {"region": "Ionia", "spreading": True}, ""),
    (16, "Revolt in the Propontis", 2, "revolt", {"region": "Propontis", "spreading": True}, ""),
    (17, "Revolt in the Sporades", 1, "revolt", {"region": "Sporades", "spreading": False}, ""),
    (20, "Revolt in Chalcidice", 2, "revolt", {"region": "Chalcidice", "spreading": False}, ""),
    (21, "Revolt in Ionia", 2, "revolt", {"region": "Ionia", "spreading": False}, ""),
]


def card(row):
    number, name, av, kind, params, note = row
    if kind == "revolt":
        spread = ", or instead in any Rebellious subject region (Spreading Revolt)" if params["spreading"] else ""
        text = TEXT[kind].format(region=params["region"], spread=spread)
    elif kind == "leader":
        text = TEXT[kind].format(name=name, side=params["side"].capitalize(), value=params["value"])
    else:
        text = TEXT[kind]
    conditions = []
    if kind in ("revolt", "helots"):
        conditions.append(NOT_NEW_YEAR)
    if kind in ("revolt", "helots", "persian-aid", "taxes"):
        conditions.append(NOT_IN_PEACE)
    if kind == "plague-returns":
        conditions.append("only after a Plague Strikes event")
    if kind == "hunger":
        conditions.append("a Port must be blockaded as well as besieged")
    band = "gold" if number <= 11 else "silver" if number <= 44 else "bronze"
    who = {"red": "sparta", "blue": "athens"}.get(COLOUR.get(kind, "green"), "either")
    return {
        "number": number, "name": name, "av": av, "colour": COLOUR.get(kind, "green"), "band": band,
        "leader": params if kind == "leader" else None,
        "event": {"kind": kind, "text": text, "who": who, "continuing": kind in CONTINUING,
                  "new_year": kind not in ("revolt", "helots"), "conditions": conditions,
                  "rule": RULE[kind],
                  "params": {k: v for k, v in params.items() if kind != "leader"}},
        "origin": "public-source" if number == 30 else "keryx", "note": note,
    }


OLYMPIANS = [
    ("Zeus", "discard and redraw a whole New Year hand of 6, without reshuffling; the Sacrifice must date from an earlier Year"),
    ("Apollo", "return your 3 drawn recruits and draw 3 more, or make the opponent take back a recruit just placed and draw 3 again"),
    ("Ares", "reroll the latest attack and any later attacks of the agility class now attacking, friendly or enemy"),
    ("Demeter", "reroll one whole Siege Attrition roll, friendly or enemy"),
    ("Poseidon", "reroll one Storm die"),
    ("Hermes", "reroll every failed Forced March or Sail of one Formation"),
    ("Hera", "overrule the opponent's appeal to another Olympian just made"),
]

# Rule 2.4: 20 marker blocks (GMT component list). Ours: Year and Prestige on black,
# Action markers on grey, Civil War and Pillaged on orange, Group A/B (blue), S/T (red).
MARKERS = [("Year", "black", 1), ("Prestige", "black", 1), ("Action", "grey", 8),
           ("Civil War", "orange", 2), ("Pillaged", "orange", 4), ("Group A", "blue", 1),
           ("Group B", "blue", 1), ("Group S", "red", 1), ("Group T", "red", 1)]

# ------------------------------------------------------------------ set-ups
# Placements: block id -> (area, strength[, status]); status "besieging" or "besieged"
# (rule 7.2), otherwise the block stands in the area (inside the city if it has one).
GREECE_NEUTRAL_ALWAYS = ["ACH"]  # Achaea is neutral in every scenario (15.1-15.4)
PERSIA_AREAS = ["LYD", "PHR"]

S431 = {
    "athens": {
        "A1": ("ATH", 4), "A3": ("ATH", 3), "A7": ("ATH", 3), "A12": ("ATH", 2), "A13": ("ATH", 2),
        "A14": ("ATH", 4), "A15": ("ATH", 4), "A16": ("ATH", 3), "A22": ("ATH", 3),
        "A6": ("PLA", 2),
        "A2": ("POT", 3, "besieging"), "A5": ("POT", 2, "besieging"), "A8": ("POT", 2, "besieging"),
        "A17": ("POT", 3, "besieging"),
        "A18": ("NAU", 2), "A36": ("NAU", 2), "A33": ("CRC", 4), "A34": ("CRC", 2), "A35": ("STR", 2),
        "A31": ("CHI", 3), "A32": ("LES", 2), "A28": ("SAM", 2), "A26": ("MIL", 2), "A27": ("CHA", 2),
        "A39": ("THS", 2),
    },
    "sparta": {
        "S1": ("SPA", 4), "S2": ("SPA", 3), "S5": ("SPA", 3), "S7": ("SPA", 2), "S9": ("SPA", 2),
        "S11": ("SPA", 2), "S6": ("MES", 2), "S13": ("ARC", 3), "S16": ("ELI", 2),
        "S18": ("CRN", 3), "S20": ("CRN", 4), "S21": ("CRN", 3),
        "S19": ("POT", 2, "besieged"), "S40": ("POT", 2, "besieged"),
        "S23": ("MEG", 2), "S24": ("MEG", 1),
        "S25": ("THE", 4), "S26": ("THE", 3), "S28": ("THE", 3), "S30": ("THE", 1), "S27": ("ORC", 2),
        "S31": ("AMB", 3), "S32": ("LEU", 2),
    },
}

SICILY_ATHENS = {
    # the 1st Expedition gathers at Corcyra (the Peace lets it wait there, 12.0 2b)
    "A14": ("CRC", 4), "A15": ("CRC", 4), "A16": ("CRC", 3), "A22": ("CRC", 4), "A33": ("CRC", 3),
    "A1": ("CRC", 3), "A2": ("CRC", 3), "A7": ("CRC", 3), "A12": ("CRC", 2),
    # the 2nd Expedition waits in Athens
    "A17": ("ATH", 3), "A18": ("ATH", 2), "A3": ("ATH", 3), "A9": ("ATH", 2), "A13": ("ATH", 1),
    # friends in Sicily
    "A47": ("CAT", 2), "A48": ("CAT", 1), "A50": ("SEG", 2), "A51": ("SEG", 2), "A56": ("SEG", 1),
    "A53": ("SCL", 3),
}
FIRST_EXPEDITION = ["A14", "A15", "A16", "A22", "A33", "A1", "A2", "A7", "A12"]
SECOND_EXPEDITION = ["A17", "A18", "A3", "A9", "A13"]
SICILY_SPARTA = {
    "S47": ("SYR", 4), "S48": ("SYR", 3), "S49": ("SYR", 2), "S50": ("SYR", 3), "S51": ("SYR", 2),
    "S52": ("SYR", 3), "S53": ("SYR", 2), "S54": ("GEL", 2), "S55": ("GEL", 2), "S56": ("SEL", 2),
    "S1": ("SPA", 4), "S3": ("SPA", 2), "S20": ("CRN", 3), "S22": ("CRN", 2),
}
S413 = {
    "athens": {
        "A1": ("ATH", 3), "A3": ("ATH", 2), "A4": ("ATH", 2), "A7": ("ATH", 2), "A12": ("ATH", 2),
        "A13": ("ATH", 2), "A19": ("ATH", 2), "A20": ("ATH", 2), "A22": ("ATH", 2), "A23": ("ATH", 2),
        "A36": ("PYL", 2), "A18": ("NAU", 2), "A28": ("SAM", 3), "A31": ("CHI", 3), "A32": ("LES", 2),
        "A33": ("CRC", 2), "A35": ("STR", 2), "A40": ("ARG", 3), "A27": ("CHA", 2), "A29": ("ABY", 2),
    },
    "sparta": {
        # the army that winters at Decelea (12.12) stands in Boeotia
        "S1": ("THE", 4), "S2": ("THE", 3), "S5": ("THE", 3), "S9": ("THE", 2), "S25": ("THE", 4),
        "S26": ("THE", 3), "S28": ("THE", 3),
        "S3": ("SPA", 2), "S7": ("SPA", 2), "S11": ("SPA", 2),
        "S18": ("CRN", 3), "S20": ("CRN", 3), "S21": ("CRN", 3), "S23": ("MEG", 2), "S13": ("ARC", 3),
        "S16": ("ELI", 2), "S31": ("AMB", 2), "S27": ("PLA", 2), "S39": ("AMP", 3),
    },
}
S415_GREECE = {
    "athens": {"A4": ("ATH", 2), "A19": ("ATH", 2), "A8": ("ATH", 2), "A10": ("ATH", 2),
               "A31": ("CHI", 3), "A32": ("LES", 2), "A28": ("SAM", 2), "A27": ("CHA", 2),
               "A35": ("STR", 2), "A40": ("ARG", 3)},
    "sparta": {"S2": ("SPA", 3), "S5": ("SPA", 3), "S7": ("SPA", 2), "S11": ("SPA", 2),
               "S6": ("MES", 2), "S18": ("CRN", 3), "S21": ("CRN", 3), "S25": ("THE", 4),
               "S26": ("THE", 3), "S28": ("THE", 3), "S23": ("MEG", 2), "S13": ("ARC", 3),
               "S16": ("ELI", 2), "S31": ("AMB", 2)},
}
CAPTURED_LATE = {"Leucas": "athens", "Pylos": "athens", "Platea": "sparta", "Amphipolis": "sparta"}
LATE_GARRISONS = [{"city": "Leucas", "side": "athens"}, {"city": "Pylos", "side": "athens"},
                  {"city": "Platea", "side": "sparta"}, {"city": "Amphipolis", "side": "sparta"}]

GELA = {"areas": ["GEL"], "until": "a Gelan unit leaves Gela", "rule": "15.2"}
PERSIA_UNTIL_AID = {"areas": PERSIA_AREAS, "until": "Persian Aid is in play", "rule": "13.2"}


def placements(table):
    return {bid: {"area": v[0], "strength": v[1], "status": v[2] if len(v) > 2 else "field"}
            for bid, v in table.items()}


def scenario(sid, name, rule, years, prestige, leaders, cards, athens, sparta, *, neutral, control,
             garrisons, pool, set_aside, peace, war_resumed, special, expeditions=None):
    return {
        "id": sid, "name": name, "rule": rule, "first_year": years[0], "last_year": years[1],
        "prestige": prestige, "leaders": leaders, "cards": list(cards), "hand_size": 6,
        "units": {"athens": placements(athens), "sparta": placements(sparta)},
        "garrisons": garrisons, "control": control, "neutral": neutral, "pool": pool,
        "set_aside": set_aside, "peace": peace, "war_resumed": war_resumed,
        "expeditions": expeditions or {}, "special_rules": [{"rule": r, "text": t} for r, t in special],
        "markers": {"year": years[0], "prestige": prestige},
    }


def pool_of(blocks, side, numbers, placed, set_aside=()):
    return [b["id"] for b in blocks if b["side"] == side and b["number"] in numbers
            and b["id"] not in placed and b["id"] not in set_aside]


def setups(blocks, sicily_areas):
    first = range(1, 41)
    up_to_46 = range(1, 47)
    every = range(1, 61)
    a415 = SICILY_ATHENS | S415_GREECE["athens"]
    s415 = SICILY_SPARTA | S415_GREECE["sparta"]
    persians = [f"S{n}" for n in range(41, 47)]
    odrysia = ("15.1", "Odrysia (#37) may be recruited only while Athens has no Leader in play.")
    return {
        "431": scenario(
            "431", "The 431 Campaign", "15.1", (431, 422), 0, {"athens": 1, "sparta": 2}, (1, 44),
            S431["athens"], S431["sparta"],
            neutral=[{"areas": ["ARG"] + GREECE_NEUTRAL_ALWAYS + PERSIA_AREAS + sicily_areas,
                      "until": None, "rule": "15.1"}],
            control={"Potidea": "sparta"}, garrisons=[{"city": "Potidea", "side": "sparta"}],
            pool={"athens": pool_of(blocks, "athens", first, S431["athens"]),
                  "sparta": pool_of(blocks, "sparta", first, S431["sparta"])},
            set_aside={"athens": [], "sparta": []}, peace="none", war_resumed=False,
            special=[odrysia,
                     ("15.1", "Civil War may not be played against Athens while Pericles leads it."),
                     ("15.1", "Pericles may be Ostracized only if Athens was pillaged the Season before; "
                              "he dies at the second Plague in Athens, after which no Plague can strike.")]),
        "sicily": scenario(
            "sicily", "The Sicily Campaign", "15.2", (415, 413), 0, {"athens": 12, "sparta": 13}, (12, 55),
            SICILY_ATHENS, SICILY_SPARTA,
            neutral=[{"areas": GREECE_NEUTRAL_ALWAYS + PERSIA_AREAS + ["MSN", "RHE", "ACR"],
                      "until": None, "rule": "15.2"}, GELA],
            control=CAPTURED_LATE, garrisons=LATE_GARRISONS,
            pool={"athens": [], "sparta": []},
            set_aside={"athens": pool_of(blocks, "athens", every, SICILY_ATHENS),
                       "sparta": pool_of(blocks, "sparta", every, SICILY_SPARTA)},
            peace="unbreakable", war_resumed=False,
            expeditions={"1": FIRST_EXPEDITION, "2": SECOND_EXPEDITION},
            special=[("15.2", "The Peace of Nicias (12.0) holds and cannot be broken."),
                     ("15.2", "While no Athenian Expeditionaries have been in Sicily in an earlier Season "
                              "of the Year, Actions in Sicily cost double and pillage there earns no Prestige."),
                     ("15.2", "Units that start in Athens may not move before 414."),
                     ("15.2", "Athens loses 1 Prestige at every Year End (Greek Tribute: Sparta 4, Athens 3)."),
                     ("15.2", "Units recruited in Greece may go to Sicily; Sicilian units never leave it.")]),
        "413": scenario(
            "413", "The 413 Campaign", "15.3", (413, 404), 3, {"athens": 45, "sparta": 13}, (12, 55),
            S413["athens"], S413["sparta"],
            neutral=[{"areas": GREECE_NEUTRAL_ALWAYS + sicily_areas, "until": None, "rule": "15.3"},
                     PERSIA_UNTIL_AID, GELA],
            control=CAPTURED_LATE,
            garrisons=[g for g in LATE_GARRISONS if g["city"] in ("Leucas", "Platea")],
            pool={"athens": pool_of(blocks, "athens", up_to_46, S413["athens"]),
                  "sparta": pool_of(blocks, "sparta", up_to_46, S413["sparta"])},
            set_aside={"athens": [], "sparta": []}, peace="none", war_resumed=True,
            special=[("15.3", "Sparta broke the Peace and paid 3 Prestige: the War has resumed (12.1), "
                              "so Tribute is halved and Thebes holds 12 (Decelea)."),
                     ("15.3", "Persians and E1 fleets may be recruited, and Persia entered, only while "
                              "Persian Aid is in play; Revolts change as 13.3 says."),
                     odrysia]),
        "415": scenario(
            "415", "The 415 Campaign", "15.4", (415, 404), 0, {"athens": 12, "sparta": 13}, (12, 55),
            a415, s415,
            neutral=[{"areas": GREECE_NEUTRAL_ALWAYS + ["MSN", "RHE", "ACR"], "until": None, "rule": "15.4"},
                     PERSIA_UNTIL_AID, GELA],
            control=CAPTURED_LATE, garrisons=LATE_GARRISONS,
            pool={"athens": pool_of(blocks, "athens", every, a415),
                  "sparta": pool_of(blocks, "sparta", every, s415, persians)},
            set_aside={"athens": [], "sparta": persians}, peace="breakable", war_resumed=False,
            expeditions={"1": FIRST_EXPEDITION, "2": SECOND_EXPEDITION},
            special=[("15.4", "The Peace of Nicias (12.0) holds until a player breaks it (12.1)."),
                     ("15.4", "Neutral Sicily as in the Sicily Campaign: double Action cost and no pillage "
                              "Prestige there until Athenian Expeditionaries have been there this Year."),
                     ("15.4", "Only the 1st Expedition may enter Italy or Sicily in 415, only the 2nd in 414; "
                              "the 2nd stays in Athens until 414 or until the War resumes."),
                     ("15.4", "Until Persian Aid is in play, Persians and E1 fleets may not be recruited "
                              "nor Persia entered."),
                     odrysia,
                     ("15.4", "Sicilian units never leave Sicily."),
                     ("12.13", "Sparta's units #41-46 stay set aside until the War resumes.")]),
    }


def write(name, payload):
    (DATA / name).write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main():
    blocks = [block("athens", r) for r in ATHENS] + [block("sparta", r) for r in SPARTA]
    areas = json.loads((DATA / "map.json").read_text(encoding="utf-8"))["areas"]
    sicily_areas = [a["id"] for a in areas if a["region"] == "sicily"]
    write("nationalities.json", {"nationalities": [
        {"id": k, "name": n, "colour": c, "kind": kind} for k, (n, c, kind) in NATIONALITIES.items()]})
    write("blocks.json", {
        "blocks": blocks,
        "garrisons": {"athens": 10, "sparta": 10, "unlimited": True,
                      "note": "1 cv, immobile, not units (2.3); the supply never runs out (7.3)"},
        "markers": [{"name": n, "colour": c, "count": k} for n, c, k in MARKERS],
    })
    write("cards.json", {"cards": [card(r) for r in CARDS],
                         "first_edition": [card(r) for r in FIRST_EDITION],
                         "olympians": [{"name": n, "redo": t, "rule": "11.0"} for n, t in OLYMPIANS]})
    write("setups.json", {"setups": setups(blocks, sicily_areas)})
    print(f"{len(blocks)} blocks, {len(CARDS)} cards, 4 set-ups")


if __name__ == "__main__":
    main()
