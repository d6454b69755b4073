"""Build engine/rulesets/epic/data/components.json: regions, units and pools,
leaders, the 120 event cards, the combat results table, the other tables and the
scenario set-ups of The Epic of the Peloponnesian War.

Run:  .venv/bin/python scripts/build_epic_components.py   (after build_epic_map.py)
Facts are the rulebook's (cited by rule number); everything marked "keryx" is our
design, with its reason in engine/rulesets/epic/data/README.md. Texts are our own words.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "engine" / "rulesets" / "epic" / "data"

# ---------------------------------------------------------------- regions (1.2, 5.3.2)
# id, name, BTV (None = lost in the printing, designed below), home of, Peloponnese
REGIONS = [
    ("achaea", "Achaea", 1, None, True), ("elis", "Elis", 1, None, True),
    ("arcadia", "Arcadia", 2, None, True), ("argolid", "Argolid", 2, None, True),
    ("corinth", "Corinth", 2, "corinth", True), ("laconia", "Laconia", 3, "sparta", True),
    ("epidaurus", "Epidaurus", 1, None, True), ("megarid", "Megarid", 1, None, False),
    ("attica", "Attica", 2, "athens", False), ("boeotia", "Boeotia", None, "thebes", False),
    ("euboea", "Euboea", 2, None, False), ("phocis-locris", "Phocis/Locris", 2, None, False),
    ("aetolia", "Aetolia", 1, None, False), ("acarnania", "Acarnania", 2, None, False),
    ("epirus", "Epirus", 1, None, False), ("western-islands", "Western Islands", 2, None, False),
    ("thessaly", "Thessaly", 2, None, False), ("macedon", "Macedon", 1, None, False),
    ("chalcidice", "Chalcidice", 2, None, False), ("thrace", "Thrace", None, None, False),
    ("hellespont", "Hellespont", 5, None, False), ("lesbos", "Lesbos", 3, None, False),
    ("chios", "Chios", 2, None, False), ("samos", "Samos", 3, None, False),
    ("rhodes", "Rhodes", 1, None, False), ("aegean-islands", "Aegean Islands", 3, None, False),
]
REGIONS_BY_ID = [(r[0], r) for r in REGIONS]
DESIGNED_BTV = {
    "boeotia": (2, "Our design: with 2, the four-player Theban thresholds (8 and 12, rule 25.4) sit "
                   "2 and 6 above Thebes' starting 6, in step with Corinth's (4 -> 6 and 8)."),
    "thrace": (3, "Our design: the designers' notes say Athens wins if nothing changes; the Campaign's "
                  "Athenian regions then need at least 33 BTV (23.5), which Thrace 3 gives exactly."),
}

# ---------------------------------------------------------------- units
ELITE_MORALE = 6  # 7.9.1
TYPES = {"h": "hoplite", "eh": "hoplite", "lt": "light", "cav": "cavalry", "fl": "fleet", "efl": "fleet"}


def units(spec: str) -> list[dict]:
    """'1eh6 3h5 2fl3' -> unit groups; the digit is the morale (6 = elite, 7.9.1)."""
    out = []
    for tok in spec.split():
        m = re.fullmatch(r"(\d+)(eh|h|lt|cav|efl|fl)(\d)", tok)
        if not m:
            raise ValueError(tok)
        out.append({"count": int(m[1]), "type": TYPES[m[2]], "morale": int(m[3])})
    return out


# Campaign Force and Build Pools (back page table, 23.2.1). The printed table is
# misaligned in places; our readings are listed in the README.
CAMPAIGN_POOLS = {
    "achaea": ("1h5 2fl3 2lt3", "1h5"), "elis": ("3h5 2fl3 2lt3", "1h5"),
    "arcadia": ("3h5 2lt3", "1h5"), "argolid": ("1eh6 6h4", "4lt3 4fl4"),
    "corinth": ("5h4 4fl4 4lt3", "1h4 2fl4"), "laconia": ("5eh6 3h5 1fl3", "1h5 5fl3 2cav4"),
    "epidaurus": ("2h5 1fl3", "1fl3 2lt3"), "megarid": ("2h4 2fl4", "2h4"),
    "attica": ("6h4 4h3 8efl6 4fl5 3cav4 3lt3", "4fl4 1cav4 1lt3"),
    "boeotia": ("7h5 6cav5 6lt3", "1h5 2fl3"), "euboea": ("", "2h4 2fl4 2lt3 2cav5"),
    "phocis-locris": ("1h4 5lt3 2cav5", "1h4 1lt3"), "aetolia": ("8lt4", ""),
    "acarnania": ("3h4 3lt3", "1h4 1lt3"), "epirus": ("2h4 3lt3", "1lt3 2fl3"),
    "western-islands": ("2h4 3fl4 1lt3", "1h4 2fl4"),
    "thessaly": ("8cav5", "4lt4"), "macedon": ("4lt4 6cav5", "6lt4"),
    "chalcidice": ("1h4 1lt3 2cav5", "1h4 1lt3 2fl5"), "thrace": ("2h4 1lt3 1fl5", "1lt3 2cav5 1fl5"),
    "hellespont": ("2h4 2fl5", "2lt3"), "lesbos": ("1fl5 1h4", "1h4 3fl5"),
    "chios": ("2fl5 1h4", "1h4 2fl5"), "samos": ("1h4 4fl5", "1h4"), "rhodes": ("1h4 2fl5", "1h4"),
    "aegean-islands": ("1fl5 1h4", "1h4 1fl5"),
    "persia-tissaphernes": ("12lt4 6cav5 4fl5", ""), "persia-pharnabazus": ("8lt4 4cav5 3fl5", ""),
    "sicily": ("4fl5", ""),
}
POOL_NOTES = {
    "western-islands": "keryx: the printed table has no Western Islands row; designed around Corcyra's "
                       "navy, holding the Ionian War's 2 hoplites and 1 fleet (27.2.1)",
    "euboea": "printed 'none' in the Force Pool; the lines below it are read as its Build Pool",
    "macedon": "the stray '6 light - 4' line is read as Macedon's Build Pool (Chalcidice's lights are "
               "morale 3 in 27.2.1)",
    "chalcidice": "the orphan row under Chalcidice is read as its own",
}

# ---------------------------------------------------------------- leaders (Appendix B)
# name: (side, land, sea, origin, city). Unlisted ratings are 0/0.
LEADERS = {
    "Alcibiades": ("athens", 1, 0), "Aristocrates": ("athens", 0, 0), "Asopius": ("athens", 0, 0),
    "Charminus": ("athens", 0, 0), "Cleomedes": ("athens", 0, 0), "Cleon": ("athens", 0, 0),
    "Conon": ("athens", 0, 0), "Demosthenes": ("athens", 1, 1), "Diomedon": ("athens", 0, 0),
    "Eucles": ("athens", 0, 0), "Eurymedon": ("athens", 1, 0), "Hippocrates": ("athens", 0, 0),
    "Lamachus": ("athens", 0, 0), "Nicias": ("athens", 0, 0), "Nicostratus": ("athens", 0, 1),
    "Paches": ("athens", 0, 0), "Pericles": ("athens", 0, 0), "Pericles II": ("athens", 0, 0),
    "Philocles": ("athens", 0, 0), "Phormio": ("athens", 0, 1), "Sophocles": ("athens", 0, 0),
    "Strombichides": ("athens", 0, 0), "Theramenes": ("athens", 0, 0), "Thrasybulus": ("athens", 0, 1),
    "Thucydides": ("athens", 0, 0),
    "Agis": ("sparta", 0, 0), "Alcidas": ("sparta", 0, 0), "Alexarchus": ("sparta", 0, 0),
    "Archidamus": ("sparta", 0, 0), "Arianthides": ("sparta", 0, 0), "Aristeus": ("sparta", 0, 0),
    "Astyochus": ("sparta", 0, 1), "Brasidas": ("sparta", 1, 0), "Callicratidas": ("sparta", 1, 0),
    "Clearchus": ("sparta", 0, 0), "Cnemus": ("sparta", 0, 0), "Dercyllidas": ("sparta", 0, 0),
    "Diemporus": ("sparta", 0, 0), "Epitadas": ("sparta", 0, 0), "Eurylochus": ("sparta", 0, 0),
    "Gylippus": ("sparta", 1, 0), "Lysander": ("sparta", 0, 1), "Macarius": ("sparta", 0, 0),
    "Menedaius": ("sparta", 0, 0), "Mindarus": ("sparta", 1, 1), "Pagondas": ("sparta", 1, 0),
    "Pausanius": ("sparta", 0, 0), "Ramphias": ("sparta", 0, 0), "Scirphondas": ("sparta", 0, 0),
    "Xenocleides": ("sparta", 0, 0),
}
UNREADABLE_RATINGS = {"Dercyllidas", "Diemporus"}  # printed ratings lost; designed 0/0 (README)
LEADER_CITY = {"Pagondas": "Thebes", "Arianthides": "Thebes", "Diemporus": "Thebes", "Scirphondas": "Thebes",
               "Alexarchus": "Corinth", "Aristeus": "Corinth", "Xenocleides": "Corinth"}

# ---------------------------------------------------------------- cards (Appendix C)
# id, name, count, player, immediate, summary (our words)
CARD_KINDS = [
    ("alcibiades-switches", "Alcibiades Switches Sides", 1, "either", False,
     "With Alcibiades on the map, he goes to the other side's Force Pool and one of the player's Force Pool leaders leaves."),
    ("allied-dissent", "Allied Dissent", 8, "league", False,
     "3/4-player only: a League player tries to take an ally's region (not a home region) on 6+, adjusted for neighbours and troops; -1 AL on 3 or less."),
    ("allied-unrest", "Allied Unrest", 8, "athens", False,
     "After builds, on a League region other than Laconia: on 6+ this turn's builds are undone and the region's units stay home; a failure gives +2 AL."),
    ("argos-ends-neutrality", "Argos Ends Neutrality", 1, "either", False,
     "Argolid joins the side its AL favours, paying its BTV at once."),
    ("athenian-embassy", "Athenian Embassy to Persia", 8, "athens", False,
     "Costs 1 talent; on 6+ after modifiers, an active Persia card (Great King first) is removed with its troops."),
    ("audience-great-king", "Audience with Great King", 1, "sparta", False,
     "With a satrap card active: on success, the penalty for both satraps' cards is lifted and Embassies must remove it first; costs 2 AL in the Ionian regions and Hellespont."),
    ("carthage-invades", "Carthage Invades Sicily", 2, "either", True,
     "After the Sicilian Resolution only: an Athenian Sicily pays half its tribute; a defeated Athens loses the Sicilian fleets."),
    ("city-betrayal", "City Betrayal", 14, "either", False,
     "With a leader adjacent: on 6+ (small +2, medium +1, captured +1, raided +1; a natural 1 fails) the garrison of the named large city or any small or medium city does not defend; or +2 (named) / +1 (other) to a siege roll."),
    ("consult-oracle", "Consult Oracle at Delphi", 1, "either", True,
     "On either player: a die (+1 per 2 talents given, a natural 1 is bad): 1-3 -1 morale, 4-6 +1 morale for the season."),
    ("earthquake", "Earthquake in Peloponnese", 1, "either", True,
     "No unit in the Peloponnese moves, and none enters it, in the first Campaign Turn."),
    ("eclipse", "Eclipse of the Moon", 1, "either", True,
     "All attack at -1 morale in the first Campaign Turn; with Escalations active it is a Sicilian Resolution at an extra -1."),
    ("festival", "Festival", 1, "either", True,
     "A die picks the region (1 Attica, 2 Laconia, 3 Boeotia, 4 Corinth, 5 Argos, 6 Elis and Arcadia): its units stay home in the first Campaign Turn; battles there move AL/ML by 1."),
    ("helot-uprising", "Helot Uprising", 4, "athens", False,
     "Once a season: on 6+ every Laconian city but Sparta gets a Helot marker (no garrison, lost tribute, no builds, -1 Spartan ML a season); a failure gives +2 ML."),
    ("peace-embassy", "Peace Embassy", 2, "either", True,
     "Stays active: each Event phase either player may make the other roll; 6+ signs peace, 1 or less discards it."),
    ("perdiccas-switches", "Perdiccas Switches Sides", 4, "either", True,
     "With Macedon in the risk zone: Macedon changes sides at once and its units go to the Force Pool."),
    ("pharnabazus-fleet", "Pharnabazus Offers Fleet", 3, "sparta", False,
     "Holding a south-Hellespont port: on 6+ three free Persian fleets appear there; costs 2 AL in the Hellespont."),
    ("pharnabazus-support", "Pharnabazus Offers Support", 1, "sparta", False,
     "With another Pharnabazus card active: free supply for Spartan units in the Hellespont; helps the Great King audience."),
    ("pharnabazus-troops", "Pharnabazus Offers Troops", 2, "sparta", False,
     "Holding a south-Hellespont city: on success a Persian general, 4 light and 2 cavalry appear there, kept to the satrapy and the Hellespont."),
    ("plague", "Plague in Athens", 1, "either", True,
     "Sparta must play it, Athens may discard it: each unit and leader in Attica and its Force Pool dies on 5-6."),
    ("rebellion-possible", "Rebellion Possible", 18, "sparta", False,
     "On the named region in the risk zone with a Spartan leader there: on 6 (+2 with the card's minimum force, +1 Brasidas or Callicratidas) Sparta takes it at once, +3 AL and its BTV; a failure gives +2 AL."),
    ("remove-leader", "Remove Leader", 6, "either", True,
     "On the opponent: a random leader dies and is replaced from the Leader Pool."),
    ("sacrifices-unfavorable", "Sacrifices Unfavorable", 2, "either", True,
     "On the opponent: a random leader's hex neither moves nor intercepts in the first Campaign Turn."),
    ("sicilian-escalation", "Sicilian Expedition Escalation", 4, "either", False,
     "One a season: units in or entering Sicily stay until a Resolution."),
    ("sicilian-resolution", "Sicilian Expedition Resolution", 4, "either", False,
     "Not in the first Escalation's year: 2d6 with modifiers gives one of four outcomes for Sicily and for AL everywhere."),
    ("sitalces-invades", "Sitalces Invades Macedon and Chalcidice", 1, "either", True,
     "Every unit in Macedon and Chalcidice passes a morale check or dies; no Area movement there this season."),
    ("soldiers-plunder", "Soldiers Plunder Countryside", 2, "either", True,
     "On the opponent: a random leader's stack must raid in the first Campaign Turn, for no talents."),
    ("storms-at-sea", "Storms at Sea", 12, "either", True,
     "Before each Campaign Turn a die (+2 in Winter) of 5-6 sinks every ship in a random Open Sea; coastal seas within 2 Areas cost 2 MP and need morale checks."),
    ("tissaphernes-fleet", "Tissaphernes Offers Fleet", 3, "sparta", False,
     "Holding an Asia Minor port: on 6+ four free Persian fleets appear there; costs 1 AL in Lesbos, Chios, Samos and Rhodes."),
    ("tissaphernes-support", "Tissaphernes Offers Support", 2, "sparta", False,
     "With another Tissaphernes card active: free supply in Lesbos, Chios, Samos and Rhodes; helps the Great King audience."),
    ("tissaphernes-troops", "Tissaphernes Offers Troops", 2, "sparta", False,
     "Holding an Asia Minor city: on success a Persian general, 6 light and 3 cavalry appear there, kept to the Asian mainland."),
]
# Rebellion Possible faces (ours): one per Athenian region but Attica, four more for the rich
# eastern regions. Island regions need a fleet (as the Ionian War's three cards do, 27.2.6).
REBELLION_FACES = [
    ("euboea", {"fleet": 1}), ("lesbos", {"fleet": 1}), ("chios", {"fleet": 1}),
    ("acarnania", {"hoplite": 2}), ("western-islands", {"fleet": 1}), ("macedon", {"hoplite": 1}),
    ("thrace", {"hoplite": 2}), ("chalcidice", {"hoplite": 2}), ("thessaly", {"cavalry": 1}),
    ("hellespont", {"fleet": 1}), ("samos", {"fleet": 1}), ("rhodes", {"fleet": 1}),
    ("aegean-islands", {"fleet": 1}), ("argolid", {"hoplite": 2}),
    ("hellespont", {"fleet": 2}), ("lesbos", {"fleet": 2}), ("chios", {"fleet": 2}), ("samos", {"fleet": 2}),
]
# City Betrayal faces (ours): each names one of the six Greek large cities.
BETRAYAL_FACES = ["Athens", "Athens", "Sparta", "Sparta", "Thebes", "Thebes", "Thebes",
                  "Corinth", "Corinth", "Corinth", "Argos", "Argos", "Byzantium", "Byzantium"]

# ---------------------------------------------------------------- combat (17.5, Combat Chart)
ODDS = ["1-4", "1-3", "1-2", "2-3", "1-1", "3-2", "2-1", "3-1", "4-1"]
# die 1..6 -> "attacker/defender"; "-" no effect. Low rolls favour the attacker, as
# the worked examples' cells do. EXAMPLE cells are the rulebook's (see tests).
CRT = {
    "1-4": "M/D M/D +1/D +1/- +2/- +2/-",
    "1-3": "M/M M/D M/D +1/D +1/- +2/-",
    "1-2": "D/M M/M M/D +1/D +1/D +2/-",
    "2-3": "D/M M/M M/M M/D +1/D +1/-",
    "1-1": "D/+1 D/M M/M M/M M/D +1/D",
    "3-2": "D/+1 D/M D/M M/M M/D +1/D",
    "2-1": "D/+2 D/+1 D/M +1/M M/D M/D",
    "3-1": "D/+2 M/+2 M/+1 D/M M/M M/D",
    "4-1": "D/+3 D/+2 M/+2 M/+1 M/M D/M",
}
EXAMPLE_CELLS = {  # (odds, die): where the rulebook shows it
    ("1-1", 3): "17.10 example 2, cavalry pursuit",
    ("3-2", 3): "17.10 example 1, round 2",
    ("2-1", 4): "17.10 example 1, round 1",
    ("2-1", 5): "17.10 example 2, round 3",
    ("3-1", 1): "17.10 example 2, round 1",
    ("3-1", 2): "17.10 example 1, round 3",
    ("3-1", 3): "18.6 example round 3; 17.10 example 2 round 2",
    ("4-1", 4): "18.6 example, round 2",
    ("4-1", 6): "18.6 example, round 1",
}


def crt() -> dict:
    cols = []
    for odds in ODDS:
        cells = [tuple(c.split("/")) for c in CRT[odds].split()]
        origin = ["rulebook" if (odds, d) in EXAMPLE_CELLS else "keryx" for d in range(1, 7)]
        cols.append({"odds": odds, "results": cells, "origin": origin})
    return {"columns": cols,
            "note": "Nine cells come from the worked examples; the rest are ours (README). Odds are "
                    "unit counts rounded in the defender's favour; no attack below 1-4 before shifts, "
                    "better than 4-1 uses 4-1, shifts past either end are ignored (17.3, 17.5.1)."}


# ---------------------------------------------------------------- tables
def R(value, origin="rulebook", rule="", label=None):
    d = {"value": value, "origin": origin, "rule": rule}
    if label:
        d["label"] = label
    return d


TABLES = {
    "odds_columns": ODDS,
    "movement_allowance": {"hoplite": 3, "light": 3, "cavalry": 5, "leader": 5, "fleet": "6+1d6"},  # 16.5
    "movement_cost": {  # 16.6: values printed, labels lost; labels are our reading
        "clear": R(1, "keryx", "16.6"), "rough": R(2, "keryx", "16.6"), "river": R("+1", "keryx", "16.6"),
        "road": R(0.5, "keryx", "16.6"), "mountain_or_lake": R("impassable", "keryx", "16.6"),
        "area_to_area": R(1, "rulebook", "16.3.2"), "sea_area": R(1, "rulebook", "16.4.2"),
        "land_at_port": R(1, "keryx", "16.6"), "land_elsewhere": R(2, "keryx", "16.6"),
        "launch": R(1, "rulebook", "16.4.3"), "isthmus_portage": R(6, "rulebook", "16.8.1"),
    },
    "transport": {"hoplite": 2, "light": 1, "cavalry": 1},  # per fleet, 16.7.2
    "construction": {  # 7.7: (talents, seasons)
        "hoplite": [1, 0], "light": [1, 0], "cavalry": [1, 0], "fleet": [2, 0], "base": [1, 0],
        "fort": [1, 0], "walls_small": [1, 0], "walls_medium": [1, 1], "walls_large": [2, 2],
        "long_walls": [2, 2],
    },
    "supply_cost": {"hoplite": 1, "light": 1, "cavalry": 1, "fleet_5_6": 2, "fleet_4_or_less": 1,
                    "home_city_factor": 0.5, "round": "up, after adding all units"},  # 9.4.3
    "tribute_value_lost": {"S": 0, "M": 1, "L": 2},  # 5.4.2
    "siege_units": {"S": 2, "fort": 2, "M": 4, "L": 6, "port_needs_fleet": True},  # 10.3.2
    "siege_morale": {  # 10.3.3: values printed 3 4 5 6 +1 -1 -1; medium 5 is the 10.8.1 example
        "fort": R(3, "keryx"), "S": R(4, "keryx"), "M": R(5, "rulebook", "10.8.1"), "L": R(6, "keryx"),
        "long_walls": R(1, "keryx", "10.3.3"), "unwalled": R(-1, "keryx", "10.3.3"),
        "raided_area": R(-1, "keryx", "10.3.3"),
    },
    "defender_morale": {  # 17.4.4; a fortress replaces the terrain bonus
        "fort": R(1), "walled_S": R(1), "walled_M": R(2, "rulebook", "18.6 example"), "walled_L": R(3),
        "long_walls_extra": R(1, "rulebook", "18.6 example"), "unwalled_S_or_M": R(1, "keryx", "17.4.4"),
        "unwalled_L": R(2), "rough": R(2, "rulebook", "17.10 example 1"), "river": R(1),
        "coast_from_sea": R(2), "cavalry_in_fortress": R(-2, "rulebook", "17.4.5"),
        "foraging": R(-1, "rulebook", "17.10 example 2"), "fleet_on_land_morale": R(3, "rulebook", "17.4.6"),
        "garrison_morale": R(3, "rulebook", "18.3.3"),
    },
    "morale_check": {"pass": "die <= morale: demoralized", "retreat": "die > morale",
                     "eliminated": "die >= morale + 3"},  # 17.5.3
    "revolt_modifiers": [  # 6.3; a revolt on 7+ (6.1)
        R(1, label="AL 0 or 1"), R(2, label="AL -1"), R(3, label="AL -2"),
        R(1, label="each revolting or enemy city in the region"),
        R(1, label="assessment above the BTV"),
        R(-1, "keryx", "6.3", "assessment below the BTV (printed +1; read as -1, see README)"),
        R(-1, "rulebook", "5.3.5", "assessment lowered since last year"),
        R(1, "keryx", "6.3", "city in a raided Area (value lost)"),
    ],
    "tribute_level_yearly": {  # 5.3.4 (table lost): per year at each multiplier
        "athens_al": {"0": R(1, "keryx"), "1": R(0, "keryx"), "2": R(0, "keryx"),
                      "3": R(-1, "rulebook", "5.4 example"), "4": R(-2, "keryx"), "5": R(-3, "keryx")},
        "sparta_ml": {"0": R(1, "keryx"), "1": R(0, "keryx"), "2": R(0, "keryx"), "3": R(-1, "keryx"),
                      "4": R(-2, "keryx"), "5": R(-3, "keryx")},
    },
    "alml_adjustments": {  # 13.4; "friendly/enemy": first if the acting player controls the region
        "seasonal": [
            {"when": "revolting city in the region", "friendly": "-1 AL", "origin": "rulebook"},
            {"when": "enemy-held city or fort in the region", "friendly": "-1 AL on a die of 4-6",
             "origin": "rulebook"},
            {"when": "unopposed enemy unit in an Area of the region", "friendly": "-1 AL on a die of 4-6",
             "origin": "rulebook"},
            {"when": "none of the above", "friendly": "0", "origin": "keryx"},
        ],
        "seasonal_note": "At most one seasonal adjustment per region per season; a revolt comes first.",
        "action": [
            {"when": "decisive victory in the region", "friendly": "+5 AL +2 ML", "enemy": "-5 AL -2 ML",
             "origin": "rulebook"},
            {"when": "victory in the region", "friendly": "+2 AL +1 ML", "enemy": "-2 AL -1 ML",
             "origin": "rulebook"},
            {"when": "decisive victory, every other region", "friendly": "+2 AL +1 ML", "enemy": "-2 AL -1 ML",
             "origin": "rulebook", "note": "cannot lower AL below 5"},
            {"when": "unit eliminated, in its home region", "friendly": "-1 ML", "origin": "rulebook"},
            {"when": "Area raided (once per Area per season)", "friendly": "-1 ML", "origin": "rulebook"},
            {"when": "a friendly city besieged, each season", "friendly": "-1 ML", "origin": "keryx"},
            {"when": "city destroyed, every region (x2 medium, x3 large)", "friendly": "-2 AL -1 ML",
             "enemy": "+2 AL -1 ML", "origin": "rulebook"},
            {"when": "a revolt ended by the controlling player", "friendly": "+1 AL", "origin": "keryx"},
            {"when": "successful Grievance roll, all friendly regions", "friendly": "+1 AL +1 ML",
             "origin": "rulebook", "rule": "20.3"},
        ],
        "decisive_victory": ["three or more enemy units eliminated", "a large city stormed or held",
                             "a large city's siege won or broken", "each Spartan elite hoplite killed by Athens"],
    },
    "peace_yearly": {"ml_all_regions": 1, "al_by_die": {"1-2": 0, "3-5": 1, "6-7": 2, "8+": 3},
                     "modifier": "+1 per extra leader in the region"},  # 20.2
    "festival_regions": {"1": ["attica"], "2": ["laconia"], "3": ["boeotia"], "4": ["corinth"],
                         "5": ["argolid"], "6": ["elis", "arcadia"]},
    "sicilian_resolution": {"2-4": "decisive Athenian defeat", "5-7": "Athenians rebuffed",
                            "8-10": "Athenians take Syracuse", "11-12": "decisive Athenian victory"},
    "limits": {"al": [-4, 20], "ml": [1, 20], "risk_zone_al_max": 3, "control_flip_below": -2,
               "build_ml_min": 5, "hand": 5, "league_hand": 3, "leaders": 6, "tribute_multiplier": [0, 5],
               "tribute_raise_per_year": 2, "revolt_on": 7},
}


# ---------------------------------------------------------------- scenarios
def rs(side, al=None, ml=None, mult=None):
    return {"side": side, "al": al, "ml": ml, "multiplier": mult}


def pools_for(regions, override=None, origin="rulebook"):
    out = {}
    for r in regions:
        force, build = (override or {}).get(r, CAMPAIGN_POOLS[r])
        out[r] = {"force": units(force), "build": units(build), "origin": origin,
                  "note": POOL_NOTES.get(r, "")}
    return out


CAMPAIGN_ATHENS = {"attica": (20, 20), "euboea": (13, 7), "acarnania": (7, 8), "western-islands": (8, 7),
                   "macedon": (2, 7), "thrace": (4, 8), "chalcidice": (2, 7), "thessaly": (6, 8),
                   "hellespont": (8, 8), "lesbos": (3, 9), "chios": (4, 8), "samos": (12, 9),
                   "rhodes": (6, 8), "aegean-islands": (19, 10)}
CAMPAIGN_SPARTA = {"laconia": (20, 20), "achaea": (4, 6), "elis": (6, 8), "arcadia": (10, 8),
                   "corinth": (20, 16), "epidaurus": (13, 10), "megarid": (7, 10), "boeotia": (12, 12),
                   "phocis-locris": (6, 8), "aetolia": (5, 7), "epirus": (8, 6)}
ALL_POOLS = list(CAMPAIGN_POOLS)
ATHENS_VICTORY = [
    {"side": "athens", "level": "decisive", "measure": "athenian_btv", "min": 41, "max": None},
    {"side": "athens", "level": "victory", "measure": "athenian_btv", "min": 33, "max": 40},
    {"side": "none", "level": "stalemate", "measure": "athenian_btv", "min": 26, "max": 32},
    {"side": "sparta", "level": "victory", "measure": "athenian_btv", "min": 17, "max": 25},
    {"side": "sparta", "level": "decisive", "measure": "athenian_btv", "min": None, "max": 16},
]
CAMPAIGN_MARKERS = [
    {"kind": "control", "side": "athens", "city": "Naupactus"},
    {"kind": "control", "side": "sparta", "city": "Anactorium"},
    {"kind": "control", "side": "sparta", "city": "Oeniadae"},
    *({"kind": "revolt", "city": c} for c in ("Plataea", "Potidaea", "Thera", "Melos")),
    *({"kind": "base", "side": "athens", "city": c} for c in ("Piraeus", "Naupactus", "Amphipolis")),
    *({"kind": "base", "side": "sparta", "city": c} for c in ("Gytheum", "Cyllene")),
]
FANTASY_REGIONS = ["attica", "laconia", "achaea", "elis", "arcadia", "corinth", "epidaurus", "megarid", "boeotia"]
FANTASY_SPECIAL = [
    "The Argive League's simplified turn (22.4.1): no builds, losses are permanent, no revolts.",
    "Athens collects no tribute (28.4).",
    "Athens may land and supply troops at Zacynthus and Naupactus and draw supply from Corcyra (28.4).",
    "Three leaders a side at a time (28.2.3).",
]


def campaign(sid="campaign", title="The Campaign Game", rule="23.0", al_override=None, last_year=None,
             removed=("peace-embassy", "carthage-invades", "argos-ends-neutrality", "allied-dissent"),
             added=("peace-embassy", "carthage-invades", "argos-ends-neutrality"), special=(), designed=()):
    regions = {r: rs("athens", al, ml, 1) for r, (al, ml) in CAMPAIGN_ATHENS.items()}
    regions.update({r: rs("sparta", al, ml, 1) for r, (al, ml) in CAMPAIGN_SPARTA.items()})
    regions["argolid"] = rs("neutral", 3, 8, None)  # tracked on the Athenian sheet (23.2.3)
    for r, (al, ml) in (al_override or {}).items():
        regions[r] = {**regions[r], "al": al, "ml": ml}
    return {
        "id": sid, "title": title, "rule": rule, "players": ["athens", "sparta"],
        "first_year": 431, "last_year": last_year, "simplified_turn": False, "athens_always_first": False,
        "leaders_cap": {"athens": 6, "sparta": 6}, "treasury": {"athens": 230, "sparta": 20},
        "regions": regions, "in_play": [r[0] for r in REGIONS],
        "pools": pools_for(ALL_POOLS),
        "leaders_on_map": {"Xenocleides": "Corinth", "Diemporus": "Thebes"},
        "leaders_in_force_pool": {**{n: "attica" for n in ("Pericles", "Phormio", "Nicias", "Paches", "Eurymedon",
                                                           "Nicostratus")},
                                  **{n: "laconia" for n in ("Archidamus", "Ramphias", "Alcidas", "Eurylochus")}},
        "leader_pool": None, "units_on_map": [], "markers": CAMPAIGN_MARKERS,
        "cards_removed": list(removed), "cards_added_after_first_deck": list(added),
        "starting_hands": {}, "hand_size": {"athens": 5, "sparta": 5},
        "victory": ATHENS_VICTORY,
        "special": ["Argolid is neutral until Argos Ends Neutrality is played: no tribute, no entry; "
                    "all-region AL/ML changes still apply to it (23.2.3).",
                    "The Plague in Athens may be left out if both players agree (23.2.6).",
                    "Peace Embassy modifiers for the regions each side holds (23.3).", *special],
        "designed": ["Exactly 40 Athenian BTV falls between 'more than 40' and '33-39' (23.5): we count it "
                     "as an Athenian victory.", *designed],
    }


def league_regions(sparta, thebes=None, corinth=None):
    regions = {r: rs("athens", al, ml, 1) for r, (al, ml) in CAMPAIGN_ATHENS.items()}
    regions["argolid"] = rs("neutral", 3, 8, None)
    for side, group in (("sparta", sparta), ("thebes", thebes or []), ("corinth", corinth or [])):
        for r in group:
            al, ml = CAMPAIGN_SPARTA[r]
            regions[r] = rs(side, al, ml, 1)
    return regions


def remainder(total: list[dict], used: list[dict]) -> list[dict]:
    """Units of `total` left after taking out `used`: the same morale first, else any of the type."""
    left = [dict(u) for u in total]
    for u in used:
        need = u["count"]
        for same_morale in (True, False):
            for g in left:
                if need and g["type"] == u["type"] and (g["morale"] == u["morale"]) == same_morale:
                    take = min(need, g["count"])
                    g["count"] -= take
                    need -= take
        if need:
            raise ValueError(f"more {u['type']} used than the Campaign holds")
    merged: dict[tuple[str, int], int] = {}
    for g in left:
        if g["count"]:
            merged[(g["type"], g["morale"])] = merged.get((g["type"], g["morale"]), 0) + g["count"]
    return [{"count": n, "type": t, "morale": m} for (t, m), n in merged.items()]


def ionian_build_pools(force: dict[str, tuple[str, str]], on_map: dict[str, str]) -> dict:
    """27.2.1: each region's Build Pool is its Campaign total less its Force Pool and its units
    on the map, less its elite units: those are the losses of Sphacteria and Sicily, and elite
    losses are for good (7.9.1; RULINGS.md 66). Persia and Sicily have no Build Pool."""
    out = {}
    for r, (f, _) in force.items():
        build: list[dict] = []
        if r in dict(REGIONS_BY_ID):
            cf, cb = CAMPAIGN_POOLS[r]
            build = [g for g in remainder(units(cf) + units(cb), units(f) + units(on_map.get(r, "")))
                     if g["morale"] != ELITE_MORALE]
        out[r] = {"force": units(f), "build": build, "origin": "rulebook",
                  "note": "Build Pool computed as 27.2.1 says: the Campaign total less the Force Pool and the "
                          "units on the map"}
    return out


THEBES = ["megarid", "boeotia", "phocis-locris", "aetolia"]
THEBES_VICTORY = [
    {"side": "thebes", "level": "decisive", "measure": "theban_btv", "min": 12, "max": None,
     "origin": "keryx"},
    {"side": "thebes", "level": "victory", "measure": "theban_btv", "min": 8, "max": 11, "origin": "keryx"},
]


def scenarios() -> list[dict]:
    argive = {
        "id": "argive-league", "title": "The Argive League", "rule": "22.0", "players": ["athens", "sparta"],
        "first_year": 419, "last_year": 416, "simplified_turn": True, "athens_always_first": True,
        "leaders_cap": {"athens": 3, "sparta": 3}, "treasury": {"athens": 22, "sparta": 22},
        "regions": {"laconia": rs("sparta", 20, 20, 2), "arcadia": rs("sparta", 5, 9, 1),
                    "achaea": rs("sparta", 0, 8, 1), "corinth": rs("sparta", 4, 8, 2),
                    "epidaurus": rs("sparta", 6, 8, 1), "megarid": rs("sparta", 15, 14, 2),
                    "boeotia": rs("sparta", 18, 12, 2), "attica": rs("athens", 20, 20, 2),
                    "argolid": rs("athens", 10, 8, 2), "elis": rs("athens", 4, 10, 2)},
        "in_play": ["laconia", "arcadia", "achaea", "corinth", "epidaurus", "megarid", "boeotia", "attica",
                    "argolid", "elis"],
        "pools": pools_for(["laconia", "arcadia", "achaea", "corinth", "epidaurus", "megarid", "boeotia",
                            "attica", "argolid", "elis"], {
            "laconia": ("4eh6 3h5 1fl3", ""), "arcadia": ("3h5", ""), "achaea": ("1h5", ""),
            "corinth": ("5h4", ""), "epidaurus": ("2h5", ""), "megarid": ("2h4", ""),
            "boeotia": ("7h5 3cav5 3lt3", ""), "attica": ("3h4 4efl6 2cav4 2lt3", ""),
            "argolid": ("1eh6 6h4", ""), "elis": ("3h5", "")}),
        "leaders_on_map": {"Gylippus": "Sparta", "Agis": "Sparta", "Ramphias": "Thebes",
                           "Demosthenes": "Athens", "Nicostratus": "Athens", "Alcibiades": "Argos"},
        "leaders_in_force_pool": {},
        "leader_pool": {"sparta": ["Astyochus", "Clearchus", "Dercyllidas"],
                        "athens": ["Eurymedon", "Lamachus", "Nicias"]},
        "units_on_map": [
            {"region": "attica", "type": "light", "morale": 3, "count": 1, "hex": "W2337", "side": "athens"},
            {"region": "attica", "type": "hoplite", "morale": 4, "count": 1, "hex": "W3531", "side": "athens"},
        ],
        "markers": [
            {"kind": "control", "side": "sparta", "city": "Lepreum"},
            {"kind": "control", "side": "athens", "city": "Nisaea"},
            {"kind": "control", "side": "athens", "city": "Mantinea"},
            {"kind": "fort", "side": "athens", "hex": "W2337"},
            {"kind": "base", "side": "athens", "hex": "W2337"},
        ],
        "cards_removed": [k[0] for k in CARD_KINDS], "cards_added_after_first_deck": [],
        "starting_hands": {}, "hand_size": {"athens": 0, "sparta": 0},
        "victory": [
            {"side": "athens", "level": "decisive", "measure": "athenian_regions", "min": 4, "max": None},
            {"side": "athens", "level": "victory", "measure": "athenian_regions", "min": 3, "max": 3},
            {"side": "sparta", "level": "victory", "measure": "athenian_regions", "min": 2, "max": 2},
            {"side": "sparta", "level": "decisive", "measure": "athenian_regions", "min": None, "max": 1},
        ],
        "special": [
            "Simplified turn (22.4.1): control, fixed tribute and clearing Raided markers each year; each "
            "season placement, supply, sieges and AL/ML, then three Campaign Turns of raiding and "
            "movement/combat. No builds, so losses are permanent; no revolts; no event cards.",
            "Athens always moves first (22.4.1).",
            "Athens may land and supply troops at Zacynthus and Naupactus and draw supply from Corcyra (22.4.2).",
            "Three leaders a side at a time; when a pool runs dry, 0-0 leaders are reused (22.4.3).",
            "The Athenian Empire pays 15 talents plus a die each year (22.4.4).",
            "Athens may place up to 3 permanent bases where it has a unit or a friendly city (22.4.5).",
        ],
        "designed": [
            "The three Boeotian light infantry have no printed morale: 3, as in the Campaign pools.",
            "Regions outside the ten in play take no part; the victory table's counts below 1 are a "
            "decisive Spartan victory.",
        ],
    }
    spartan_fantasy = {
        **campaign(), "id": "spartan-fantasy", "title": "The Spartan \"Fantasy\"", "rule": "28.0",
        "last_year": 429, "simplified_turn": True, "athens_always_first": True,
        "leaders_cap": {"athens": 3, "sparta": 3},
        "regions": {"attica": rs("athens", 0, 10, None),
                    **{r: rs("sparta", *CAMPAIGN_SPARTA[r], 3) for r in FANTASY_REGIONS[1:]}},
        "in_play": FANTASY_REGIONS, "pools": pools_for(FANTASY_REGIONS),
        "leaders_on_map": {"Diemporus": "Thebes"},
        "leaders_in_force_pool": {"Archidamus": "laconia", "Alcidas": "laconia", "Pericles": "attica",
                                  "Nicias": "attica", "Paches": "attica"},
        "leader_pool": None,
        "markers": [{"kind": "revolt", "city": "Plataea"},
                    {"kind": "base", "side": "athens", "city": "Piraeus"},
                    {"kind": "base", "side": "athens", "city": "Naupactus"},
                    {"kind": "base", "side": "sparta", "city": "Gytheum"},
                    {"kind": "base", "side": "sparta", "city": "Cyllene"}],
        "cards_removed": [k[0] for k in CARD_KINDS], "cards_added_after_first_deck": [],
        "hand_size": {"athens": 0, "sparta": 0},
        "victory": [{"side": "sparta", "level": "victory", "measure": "athens_taken_or_attica_lost"},
                    {"side": "athens", "level": "victory", "measure": "otherwise"}],
        "special": FANTASY_SPECIAL + ["No event cards (28.2.6)."],
        "designed": ["Athens' Attica has no multiplier printed; it collects no tribute anyway (28.4)."],
    }
    athenian_fantasy = {
        **spartan_fantasy, "id": "athenian-fantasy", "title": "The Athenian \"Fantasy\"", "rule": "29.0",
        "regions": {"attica": rs("athens", 20, 20, None), "laconia": rs("sparta", 0, 10, 1),
                    "achaea": rs("sparta", 0, 7, 1), "elis": rs("sparta", 0, 9, 1),
                    "arcadia": rs("sparta", 0, 10, 1), "corinth": rs("sparta", 15, 10, 1),
                    "epidaurus": rs("sparta", 2, 10, 1), "megarid": rs("sparta", 2, 10, 1),
                    "boeotia": rs("sparta", 5, 9, 1)},
        "cards_removed": [k[0] for k in CARD_KINDS if k[0] != "helot-uprising"],
        "victory": [{"side": "athens", "level": "victory", "measure": "sparta_taken_or_laconia_lost"},
                    {"side": "athens", "level": "victory", "measure": "two_spartan_regions_held",
                     "min": 2, "max": None},
                    {"side": "sparta", "level": "victory", "measure": "otherwise"}],
        "special": FANTASY_SPECIAL + [
            "Athens holds unlimited Helot Uprising cards and may play one at the end of any Seasonal "
            "Turn, before the Campaign Turns (29.4).",
            "Athens also wins at once when it holds two regions that began Spartan, after a Yearly "
            "Start Phase (29.3)."],
    }
    archidamian = campaign(
        "archidamian", "The Archidamian War", "26.0", {"attica": (15, 15), "laconia": (15, 15)}, 422,
        removed=("sicilian-escalation", "sicilian-resolution", "carthage-invades", "argos-ends-neutrality",
                 "allied-dissent"), added=(),
        special=["Argolid stays neutral for the whole scenario (26.2.3)."],
        designed=["26.3.1 gives both 'ten years at most' and 'ends after Winter 420' (twelve years from "
                  "431): we keep ten years, 431-422, which is also when the Peace of Nicias came.",
                  "26.2.6 gives its own list of removed cards, so the Campaign's set-aside cards (Peace "
                  "Embassy among them) are in the deck from the start."])
    ionian_pools = {
        "achaea": ("1h5 1lt3", ""), "elis": ("1lt3 2h5", ""), "arcadia": ("1h5", ""),
        "argolid": ("1eh6 3h4", ""), "corinth": ("3h4 1lt3", ""), "laconia": ("3eh6 2h5 1fl3 2cav4", ""),
        "epidaurus": ("1h5 1lt3", ""), "megarid": ("2h4", ""), "attica": ("3h3 4fl5 1cav4 1lt3", ""),
        "boeotia": ("5h5 4cav5 5lt3", ""), "euboea": ("", ""), "phocis-locris": ("3lt3 1cav5", ""),
        "aetolia": ("5lt4", ""), "acarnania": ("2h4 2lt3", ""), "epirus": ("1h4 1lt3", ""),
        "western-islands": ("2h4 1fl4", ""), "thessaly": ("4cav5 4lt3", ""), "macedon": ("4cav5 4lt3", ""),
        "chalcidice": ("1h4 2lt3", ""), "thrace": ("2cav5 1h4 1lt3", ""), "hellespont": ("1h4", ""),
        "lesbos": ("1h4", ""), "chios": ("2fl5 1h4", ""), "samos": ("", ""), "rhodes": ("", ""),
        "aegean-islands": ("", ""), "persia-tissaphernes": ("10lt3 6cav5 4fl5", ""),
        "persia-pharnabazus": ("8lt3 4cav5 4fl5", ""), "sicily": ("4fl5", ""),
    }
    ionian = {
        **campaign(), "id": "ionian", "title": "The Ionian War", "rule": "27.0",
        "first_year": 412, "last_year": 405, "treasury": {"athens": 86, "sparta": 41},
        "regions": {
            "attica": rs("athens", 15, 15, 3), "euboea": rs("athens", 3, 7, 2), "acarnania": rs("athens", 5, 8, 1),
            "western-islands": rs("athens", 6, 6, 2), "macedon": rs("athens", 1, 4, 1),
            "thrace": rs("athens", 1, 8, 2), "thessaly": rs("athens", 3, 10, 1), "hellespont": rs("athens", 3, 8, 2),
            "lesbos": rs("athens", 0, 8, 2), "chios": rs("athens", -1, 9, 2), "samos": rs("athens", 4, 9, 2),
            "rhodes": rs("athens", 2, 8, 2), "aegean-islands": rs("athens", 13, 8, 3),
            "argolid": rs("athens", 3, 5, 1),
            "laconia": rs("sparta", 12, 11, 3), "achaea": rs("sparta", 4, 5, 2), "elis": rs("sparta", 4, 7, 1),
            "arcadia": rs("sparta", 5, 8, 1), "corinth": rs("sparta", 12, 10, 3), "epidaurus": rs("sparta", 8, 7, 2),
            "megarid": rs("sparta", 6, 8, 3), "boeotia": rs("sparta", 9, 9, 3), "phocis-locris": rs("sparta", 5, 6, 2),
            "aetolia": rs("sparta", 3, 4, 1), "epirus": rs("sparta", 5, 3, 1), "chalcidice": rs("sparta", 2, 7, 2)},
        "pools": ionian_build_pools(ionian_pools, {"western-islands": "1h4", "boeotia": "1h5"}),
        "leaders_on_map": {},
        "leaders_in_force_pool": {**{n: "attica" for n in ("Cleomedes", "Charminus", "Strombichides",
                                                           "Theramenes", "Thrasybulus", "Diomedon")},
                                  **{n: "laconia" for n in ("Alcibiades", "Alexarchus", "Agis", "Astyochus",
                                                            "Clearchus", "Dercyllidas")}},
        "leader_pool": {"athens": ["Aristocrates", "Pericles II", "Philocles", "Conon"],
                        "sparta": ["Mindarus", "Callicratidas", "Lysander", "Pausanius", "Scirphondas", "Ramphias"]},
        "units_on_map": [
            {"region": "western-islands", "type": "hoplite", "morale": 4, "count": 1, "hex": "W2337", "side": "athens"},
            {"region": "boeotia", "type": "hoplite", "morale": 5, "count": 1, "hex": "W3729", "side": "sparta"},
        ],
        "markers": [
            *({"kind": "destroyed", "city": c, "hex": h} for c, h in (("Melos", "W4340"), ("Scione", "W3614"),
                                                                        ("Plataea", "W3429"))),
            *({"kind": "control", "side": "athens", "city": c, "hex": h}
              for c, h in (("Nisaea", "W3531"), ("Cythera", "W3244"), ("Potidaea", "W3414"), ("Torone", "W3816"))),
            {"kind": "revolt", "city": "Amphipolis", "hex": "W3809"},
            {"kind": "long-walls-destroyed", "city": "Megara", "hex": "W3431"},
            {"kind": "walls-destroyed", "city": "Thespiae", "hex": "W3328"},
            {"kind": "walls-destroyed", "city": "Mytilene", "hex": "E1822"},
            {"kind": "fort", "side": "athens", "hex": "W2337"}, {"kind": "fort", "side": "sparta", "hex": "W3729"},
            *({"kind": "base", "side": "athens", "city": c, "hex": h}
              for c, h in (("Piraeus", "W3731"), ("Naupactus", "W2428"), ("Potidaea", "W3414"))),
            {"kind": "base", "side": "athens", "hex": "W2337"},
            {"kind": "base", "side": "sparta", "city": "Gytheum", "hex": "W2940"},
            {"kind": "base", "side": "sparta", "city": "Cyllene", "hex": "W2130"},
        ],
        "cards_removed": ["sicilian-escalation", "sicilian-resolution", "argos-ends-neutrality", "allied-dissent",
                          "sitalces-invades", "plague"],
        "cards_added_after_first_deck": [],
        "starting_hands": {"sparta": ["rebellion-possible-euboea", "rebellion-possible-lesbos",
                                      "rebellion-possible-chios", "tissaphernes-troops-1", "pharnabazus-troops-1"]},
        "victory": [
            {"side": "athens", "level": "decisive", "measure": "athenian_btv", "min": 34, "max": None},
            {"side": "athens", "level": "victory", "measure": "athenian_btv", "min": 28, "max": 33},
            {"side": "none", "level": "draw", "measure": "athenian_btv", "min": 25, "max": 27},
            {"side": "sparta", "level": "victory", "measure": "athenian_btv", "min": 22, "max": 24},
            {"side": "sparta", "level": "decisive", "measure": "athenian_btv", "min": None, "max": 21},
        ],
        "special": [
            "Sparta has 1 of the 4 Sicilian fleets at the start and gains 1 more each season up to 4; "
            "lost ones are not replaced (27.2.1).",
            "Sparta starts with its five named cards and draws only when below five (27.2.6).",
            "Macedon, Aetolia and Epirus have ML below 5: nothing is placed or built there (27.2.3).",
        ],
        "designed": [
            "The Spartan region names are lost from the printed table; the rows follow the Campaign "
            "order (Laconia, Achaea, Elis, Arcadia, Corinth, Epidaurus, Megarid, Boeotia, Phocis/Locris, "
            "Aetolia, Epirus, Chalcidice); the last row (N/A) is not a region.",
            "Leaders' starting places are not given: the starred leaders begin in their home Force Pool "
            "(Attica, Laconia).",
            "Potidaea's hex is printed as W4311 and W3414; W3414 is where Potidaea is.",
            "Aetolia's five light infantry keep the Campaign morale 4; Phocis/Locris holds the cavalry.",
            "27.2.6 gives its own list of removed cards, so Peace Embassy and Carthage are in the deck "
            "from the start (Carthage is discarded when drawn, the Resolution being out).",
        ],
    }
    three = {
        **campaign(), "id": "three-player", "title": "The Three-Player Campaign Game", "rule": "24.0",
        # our ruling: the allies play the simplified turn until the full one learns of them (STATUS.md)
        "simplified_turn": True,
        "players": ["athens", "sparta", "thebes"],
        "leaders_cap": {"athens": 6, "sparta": 4, "thebes": 3},
        "treasury": {"athens": 230, "sparta": 14, "thebes": 8},
        "regions": league_regions(["laconia", "achaea", "elis", "arcadia", "corinth", "epidaurus", "epirus"],
                                  THEBES),
        "leaders_on_map": {"Xenocleides": "Corinth"},
        "leaders_in_force_pool": {**{n: "attica" for n in ("Pericles", "Phormio", "Nicias", "Paches", "Eurymedon",
                                                           "Nicostratus")},
                                  **{n: "boeotia" for n in ("Pagondas", "Diemporus", "Arianthides")},
                                  **{n: "laconia" for n in ("Archidamus", "Alcidas", "Eurylochus")}},
        "cards_removed": ["peace-embassy", "carthage-invades", "argos-ends-neutrality", "allied-unrest"],
        "hand_size": {"athens": 5, "sparta": 3, "thebes": 3},
        "victory": ATHENS_VICTORY[:3] + [
            {"side": "sparta", "level": "decisive", "measure": "spartan_btv", "min": 22, "max": None},
            {"side": "sparta", "level": "victory", "measure": "spartan_btv", "min": 15, "max": 21},
            *THEBES_VICTORY],
        "special": [
            "Sparta and Thebes are allies: shared stacking, supply and Areas, talents and cards may be "
            "passed; neither raids the other (24.5).",
            "A region won from Athens goes to the ally with more units there, then more adjacent regions, "
            "then fewer regions, then at random (24.3).",
            "Allied Unrest is replaced by Allied Dissent (24.6).",
            "The League players' victory counts only if Athens has neither won nor drawn (24.8).",
        ],
        "designed": ["Exactly 40 Athenian BTV counts as an Athenian victory (see the Campaign).",
                     "The Theban thresholds are lost from 24.8: we use the four-player ones (25.4), since "
                     "Thebes starts with the same four regions in both games."],
    }
    four = {
        **three, "id": "four-player", "title": "The Four-Player Campaign Game", "rule": "25.0",
        "players": ["athens", "sparta", "thebes", "corinth"],
        "leaders_cap": {"athens": 6, "sparta": 4, "thebes": 3, "corinth": 3},
        "treasury": {"athens": 230, "sparta": 8, "thebes": 8, "corinth": 6},
        "regions": league_regions(["laconia", "elis", "arcadia", "epidaurus"], THEBES,
                                  ["achaea", "corinth", "epirus"]),
        "leaders_on_map": {},
        "leaders_in_force_pool": {**{n: "attica" for n in ("Pericles", "Phormio", "Nicias", "Paches", "Eurymedon",
                                                           "Nicostratus")},
                                  **{n: "boeotia" for n in ("Pagondas", "Diemporus", "Arianthides")},
                                  **{n: "laconia" for n in ("Archidamus", "Alcidas", "Eurylochus", "Ramphias")},
                                  **{n: "corinth" for n in ("Cnemus", "Aristeus", "Xenocleides")}},
        "hand_size": {"athens": 5, "sparta": 3, "thebes": 3, "corinth": 3},
        "victory": ATHENS_VICTORY[:3] + [
            {"side": "thebes", "level": "decisive", "measure": "theban_btv", "min": 12, "max": None},
            {"side": "thebes", "level": "victory", "measure": "theban_btv", "min": 8, "max": 11},
            {"side": "corinth", "level": "decisive", "measure": "corinthian_btv", "min": 8, "max": None},
            {"side": "corinth", "level": "victory", "measure": "corinthian_btv", "min": 6, "max": 7},
            {"side": "sparta", "level": "decisive", "measure": "spartan_btv", "min": 18, "max": None},
            {"side": "sparta", "level": "victory", "measure": "spartan_btv", "min": 12, "max": 17}],
        "designed": ["Exactly 40 Athenian BTV counts as an Athenian victory (see the Campaign).",
                     "The Athenian leaders are the Campaign's (25.2.1 names only the League's)."],
    }
    return [argive, spartan_fantasy, athenian_fantasy, campaign(), archidamian, ionian, three, four]


# ---------------------------------------------------------------- assembly
def region_adjacency(map_doc) -> dict[str, list[str]]:
    """Regions with a common land border (24.3): land Areas of two regions joined by a hex-side.
    The Aegean and Western Islands border nothing (24.3)."""
    area_region = {a["id"]: a["region"] for a in map_doc["areas"]}
    adj: dict[str, set[str]] = {r[0]: set() for r in REGIONS}
    for x, y in map_doc["land_area_links"]:
        a, b = area_region.get(x), area_region.get(y)
        if a and b and a != b and "aegean-islands" not in (a, b) and "western-islands" not in (a, b):
            adj[a].add(b)
            adj[b].add(a)
    return {r: sorted(v) for r, v in adj.items()}


def main() -> None:
    map_doc = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    regions = []
    for rid, name, btv, home, pelop in REGIONS:
        if btv is None:
            value, why = DESIGNED_BTV[rid]
            regions.append({"id": rid, "name": name, "btv": value, "btv_origin": "keryx", "home_of": home,
                            "peloponnese": pelop, "note": why})
        else:
            regions.append({"id": rid, "name": name, "btv": btv, "btv_origin": "rulebook", "home_of": home,
                            "peloponnese": pelop})
    leaders = [{"name": n, "side": s, "land": land, "sea": sea,
                "origin": "keryx" if n in UNREADABLE_RATINGS else "rulebook", "city": LEADER_CITY.get(n)}
               for n, (s, land, sea) in LEADERS.items()]
    kinds = [{"id": i, "name": n, "count": c, "player": p, "immediate": imm, "summary": s}
             for i, n, c, p, imm, s in CARD_KINDS]
    cards = []
    rebellion_seen: dict[str, int] = {}
    for region, force in REBELLION_FACES:
        rebellion_seen[region] = rebellion_seen.get(region, 0) + 1
        suffix = "" if rebellion_seen[region] == 1 else f"-{rebellion_seen[region]}"
        cards.append({"id": f"rebellion-possible-{region}{suffix}", "kind": "rebellion-possible",
                      "region": region, "min_force": force, "origin": "keryx"})
    betrayal_seen: dict[str, int] = {}
    for city in BETRAYAL_FACES:
        betrayal_seen[city] = betrayal_seen.get(city, 0) + 1
        cards.append({"id": f"city-betrayal-{city.lower()}-{betrayal_seen[city]}", "kind": "city-betrayal",
                      "city": city, "origin": "keryx"})
    for kid, _name, count, *_ in CARD_KINDS:
        if kid in ("rebellion-possible", "city-betrayal"):
            continue
        cards.extend({"id": f"{kid}-{n}", "kind": kid} for n in range(1, count + 1))
    doc = {
        "regions": regions,
        "region_adjacency": region_adjacency(map_doc),
        "units": {"types": {"hoplite": {"move": 3, "morale": [3, 6]}, "light": {"move": 3, "morale": [2, 4]},
                            "cavalry": {"move": 5, "morale": [4, 5]}, "fleet": {"move": "6+1d6", "morale": [3, 6],
                                                                                "on_land_morale": 3}},
                  "elite_morale": ELITE_MORALE, "campaign_pools": pools_for(ALL_POOLS)},
        "leaders": leaders,
        "cards": {"kinds": kinds, "cards": cards},
        "crt": crt(),
        "tables": TABLES,
        "scenarios": scenarios(),
    }
    (DATA / "components.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"regions {len(regions)}, leaders {len(leaders)}, cards {len(cards)}, scenarios {len(doc['scenarios'])}")


if __name__ == "__main__":
    main()
