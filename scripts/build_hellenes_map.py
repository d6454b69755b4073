"""Build the Hellenes area map (land provinces and sea areas) from real geography.

Run:  .venv/bin/python scripts/build_hellenes_map.py
Needs (build time only, never at runtime): numpy and global-land-mask (`pip install -e '.[maps]'`).
Writes, under engine/rulesets/hellenes/data/:
  map.json           areas, adjacency, DeepSea and Narrows borders, nations, label points
  cities.json        cities and barbarian towns with their true coordinates
  map_raster.json    the area of every 0.02-degree cell (run-length coded), for pictures only
  gazetteer_used.csv the gazetteer rows used, plus the ToposText rows we added

How it works
------------
1. global-land-mask is sampled on a 0.02-degree raster (about 2 km) covering Sicily to
   the Propontis. A few lines are cut by hand: the Euripus and the Bosporus become water
   (islands stay islands), and the Calabrian toe is cut off Croton so the Sicily inset
   meets the main map only by sea.
2. Every area is a list of seed points (its cities and a few places that shape it). Land
   cells go to the nearest land seed *through land* and water cells to the nearest sea
   seed *through water* (a multi-source breadth-first flood), so a province never jumps a
   strait and a sea never leaks across an isthmus. Seeds marked off-map claim land and sea
   that the game does not use (Illyria, the Black Sea ...). An island no seed reaches is
   not drawn: every island left on the map is a province (rule 1.1).
3. Two areas are adjacent when at least MIN_CONTACT cell edges touch: land-land,
   land-sea (a coastal province) and sea-sea. The DeepSea borders and the Narrows (rule
   1.2) are chosen by hand below and must be real sea-sea borders.
4. tests/hellenes/test_map.py checks every geometric fact the rulebook states.
"""

from __future__ import annotations

import csv
import json
import re
from collections import deque
from pathlib import Path

import numpy as np
from global_land_mask import globe

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "engine" / "rulesets" / "hellenes" / "data"
GAZETTEER = Path(__file__).resolve().parents[2] / "shared" / "data" / "gazetteer.csv"  # beside the checkout

STEP = 0.02  # degrees per raster cell
LAT_MAX, LAT_MIN = 42.6, 35.7  # south of 35.7 is Crete, which the map leaves out
LON_MIN, LON_MAX = 12.2, 30.6
MIN_CONTACT = 2  # cell edges two areas must share to be adjacent (about 4 km)
OFF = "-"  # id of the off-map seeds

GREECE, PERSIA, ITALY, SICILY = "greece", "persia", "italy", "sicily"

# ------------------------------------------------------------------ areas
# id, name, kind, region, nation, seed points (lat, lon). Nations are the thick-bordered
# groups of rule 1.1; seas have none. Regions are rule 1.0's four.
LAND = [
    # Attica, Megaris, Boeotia, central Greece
    ("ATH", "Athens", GREECE, "Attica", [(37.97, 23.72), (38.15, 23.96), (37.72, 24.0), (38.13, 23.79), (37.95, 23.53), (37.75, 23.43)]),
    ("PLA", "Platea", GREECE, "Attica", [(38.22, 23.27), (38.18, 23.45), (38.19, 23.09), (38.1, 23.2), (38.24, 22.98), (38.08, 23.1)]),
    ("MEG", "Megara", GREECE, "Megaris", [(37.99, 23.34), (38.02, 23.25), (37.96, 23.12)]),
    ("THE", "Thebes", GREECE, "Boeotia", [(38.32, 23.32), (38.35, 23.66), (38.29, 23.15)]),
    ("ORC", "Orchomenus", GREECE, "Boeotia", [(38.5, 22.96), (38.55, 23.2)]),
    ("PHO", "Phocis", GREECE, "Phocis", [(38.48, 22.5), (38.62, 22.65), (38.4, 22.25), (38.36, 22.78)]),
    ("LOC", "Locris", GREECE, "Locris", [(38.68, 22.98), (38.8, 22.55), (38.9, 22.45)]),
    ("AET", "Aetolia", GREECE, "Aetolia", [(38.7, 21.74), (38.9, 21.9), (38.6, 22.05)]),
    ("STR", "Stratus", GREECE, "Acarnania", [(38.67, 21.32), (38.69, 21.05), (38.93, 21.19), (38.8, 20.84)]),
    ("NAU", "Naupactus", GREECE, "Acarnania", [(38.4, 21.83), (38.39, 21.42), (38.41, 21.2)]),
    ("AMB", "Ambracia", GREECE, "Ambracia", [(39.15, 20.99), (39.35, 21.0)]),
    ("LEU", "Leucas", GREECE, "Ambracia", [(38.81, 20.71), (38.7, 20.65)]),
    ("EPI", "Epirus", GREECE, "Epirus", [(39.69, 20.71), (39.45, 20.4), (39.95, 20.3), (39.7, 21.05)]),
    ("CRC", "Corcyra", GREECE, "Corcyra", [(39.61, 19.91), (39.75, 19.8), (39.45, 20.0)]),
    ("CEP", "Cephallenia", GREECE, "Western Islands", [(38.25, 20.55), (38.35, 20.4), (38.4, 20.68)]),
    ("ZAC", "Zacinthos", GREECE, "Western Islands", [(37.79, 20.9)]),
    ("THS", "Thessaly", GREECE, "Thessaly", [(39.63, 22.42), (39.29, 22.39), (39.4, 22.95), (39.85, 22.0), (39.05, 22.3)]),
    # Peloponnese
    ("CRN", "Corinth", GREECE, "Corinth", [(37.91, 22.88), (37.98, 22.71), (37.87, 22.98), (38.04, 22.98)]),
    ("ACH", "Achaea", GREECE, "Achaea", [(38.2, 21.9), (38.24, 21.74), (38.1, 22.3)]),
    ("ARG", "Argos", GREECE, "Argos", [(37.63, 22.72), (37.63, 23.16), (37.5, 23.35), (37.4, 22.72)]),
    ("ARC", "Arcadia", GREECE, "Arcadia", [(37.56, 22.29), (37.46, 22.42), (37.62, 22.39), (37.78, 22.2)]),
    ("ELI", "Elis", GREECE, "Elis", [(37.89, 21.37), (37.64, 21.63), (37.93, 21.14)]),
    ("MES", "Messenia", GREECE, "Messenia", [(37.18, 21.92), (37.05, 22.05)]),
    ("PYL", "Pylos", GREECE, "Messenia", [(36.95, 21.66), (36.81, 21.7)]),
    ("SPA", "Sparta", GREECE, "Lacedaemon", [(37.08, 22.42), (36.76, 22.56), (36.55, 22.43), (36.6, 22.95), (37.15, 22.75)]),
    ("CYT", "Cythera", GREECE, "Lacedaemon", [(36.23, 23.03)]),
    # Macedonia, Chalcidice, Thrace
    ("PEL", "Pella", GREECE, "Macedonia", [(40.75, 22.52), (40.45, 22.35), (40.95, 22.8)]),
    ("LYN", "Lyncus", GREECE, "Macedonia", [(40.97, 21.36), (40.75, 21.6)]),
    ("ELM", "Elimeia", GREECE, "Macedonia", [(40.22, 21.84), (40.35, 21.5)]),
    ("POT", "Potidea", GREECE, "Chalcidice", [(40.19, 23.33), (40.3, 23.35), (39.95, 23.55)]),
    ("TOR", "Torone", GREECE, "Chalcidice", [(39.98, 23.9), (40.2, 24.25)]),
    ("STA", "Stagira", GREECE, "Chalcidice", [(40.59, 23.8), (40.55, 23.45), (40.7, 23.15)]),
    ("AMP", "Amphipolis", GREECE, "Thrace", [(40.83, 23.84), (41.1, 23.8), (41.05, 24.2)]),
    ("ABD", "Abdera", GREECE, "Thrace", [(40.93, 24.97), (41.1, 24.7)]),
    ("MAR", "Maronea", GREECE, "Thrace", [(40.87, 25.51), (40.9, 26.0), (41.1, 25.6)]),
    ("ODR", "Odrysia", GREECE, "Thrace", [(42.4, 26.83), (41.7, 26.5), (42.2, 25.5), (41.6, 25.4)]),
    ("SES", "Sestos", GREECE, "Propontis", [(40.21, 26.39), (40.55, 26.75), (40.05, 26.22)]),
    ("BYZ", "Byzantium", GREECE, "Propontis", [(41.01, 28.97), (41.0, 28.2), (40.98, 27.5)]),
    ("ABY", "Abydos", GREECE, "Propontis", [(40.19, 26.41), (39.95, 26.25), (39.7, 26.2), (40.35, 26.7), (39.58, 26.75)]),
    ("CYZ", "Cyzicus", GREECE, "Propontis", [(40.39, 27.88), (40.35, 27.3)]),
    # Persia
    ("PHR", "Phrygia", PERSIA, "Persia", [(40.13, 28.05), (40.26, 28.25), (39.8, 28.5), (40.8, 29.4), (39.6, 27.6)]),
    ("LYD", "Lydia", PERSIA, "Persia", [(38.49, 28.04), (38.55, 28.6), (37.44, 28.04), (37.2, 28.4), (39.0, 27.6)]),
    # Ionia and the islands
    ("CYM", "Cyme", GREECE, "Ionia", [(38.76, 26.94), (39.0, 27.0), (38.6, 27.0), (39.3, 26.95)]),
    ("ERY", "Erythrae", GREECE, "Ionia", [(38.38, 26.48), (38.37, 26.79)]),
    ("EPH", "Ephesus", GREECE, "Ionia", [(37.94, 27.34), (38.11, 27.15), (38.18, 26.8)]),
    ("MIL", "Miletus", GREECE, "Ionia", [(37.53, 27.28), (37.3, 27.4)]),
    ("CNI", "Cnidus", GREECE, "Ionia", [(36.73, 27.69), (37.04, 27.42), (36.85, 27.25)]),
    ("LES", "Lesbos", GREECE, "Aeolian Islands", [(39.11, 26.55), (39.18, 26.24)]),
    ("CHI", "Chios", GREECE, "Aeolian Islands", [(38.37, 26.13)]),
    ("SAM", "Samos", GREECE, "Sporades", [(37.69, 26.94)]),
    ("RHO", "Rhodes", GREECE, "Sporades", [(36.18, 27.97), (36.44, 28.2)]),
    ("NAX", "Naxos", GREECE, "Cyclades", [(37.1, 25.38), (37.08, 25.15)]),
    ("AND", "Andros", GREECE, "Cyclades", [(37.82, 24.83), (37.57, 25.1), (37.62, 24.33)]),
    ("MEL", "Melos", GREECE, "Cyclades", [(36.74, 24.42)]),
    ("LEM", "Lemnos", GREECE, "Lemnos", [(39.9, 25.23), (40.16, 25.86)]),
    ("THA", "Thasos", GREECE, "Thrace", [(40.72, 24.7)]),
    ("CHA", "Chalcis", GREECE, "Euboea", [(38.46, 23.62), (38.95, 23.1), (38.7, 23.5)]),
    ("ERE", "Eretria", GREECE, "Euboea", [(38.4, 23.79), (38.03, 24.43), (38.25, 24.15)]),
    # Italy
    ("TAR", "Taras", ITALY, "Italy", [(40.47, 17.23), (40.2, 18.2), (40.6, 17.8)]),
    ("CRO", "Croton", ITALY, "Italy", [(39.08, 17.13), (39.72, 16.49), (38.7, 16.4)]),
    # the Sicily inset (rule 1.0: Rhegium and its gulf are Sicily)
    ("MSN", "Messana", SICILY, "Sicily", [(38.19, 15.56), (38.0, 15.3)]),
    ("RHE", "Rhegium", SICILY, "Sicily", [(38.11, 15.64), (38.0, 15.9)]),
    ("LIP", "Lipara", SICILY, "Sicily", [(38.47, 14.95), (38.56, 14.83), (38.4, 14.96)]),
    ("CAT", "Catana", SICILY, "Sicily", [(37.5, 15.09), (37.82, 15.27), (37.73, 14.95)]),
    ("SYR", "Syracuse", SICILY, "Sicily", [(37.07, 15.28), (37.2, 15.1), (36.85, 15.05)]),
    ("GEL", "Gela", SICILY, "Sicily", [(37.06, 14.26), (36.93, 14.6)]),
    ("ACR", "Acragas", SICILY, "Sicily", [(37.29, 13.59), (37.45, 13.3)]),
    ("SEL", "Selinus", SICILY, "Sicily", [(37.58, 12.83), (37.75, 12.5)]),
    ("SEG", "Segesta", SICILY, "Sicily", [(37.94, 12.84), (38.05, 12.6), (37.95, 13.2)]),
    ("HIM", "Himera", SICILY, "Sicily", [(37.97, 13.82), (38.0, 14.2)]),
    ("SCL", "Sicels", SICILY, "Sicily", [(37.57, 14.28), (37.6, 14.7), (37.35, 14.5), (37.8, 14.45)]),
]

SEA = [
    ("S_AMB", "Gulf of Ambracia", GREECE, [(38.97, 20.96), (38.92, 20.72)]),
    ("S_CRC", "Corcyraean Sea", GREECE, [(39.6, 20.05), (39.35, 20.25), (39.9, 19.75), (39.05, 20.5), (39.6, 19.6)]),
    ("S_ION", "Ionian Sea", GREECE, [(38.4, 19.6), (37.3, 19.8), (36.3, 20.6), (39.1, 19.2), (38.0, 18.6), (36.3, 18.6)]),
    ("S_PAT", "Gulf of Patrae", GREECE, [(38.3, 21.5), (38.5, 21.05), (38.55, 20.8)]),
    ("S_GCO", "Gulf of Corinth", GREECE, [(38.2, 22.5), (38.08, 22.9), (38.35, 22.05)]),
    ("S_ZAC", "Zacynthian Sea", GREECE, [(37.8, 21.05), (37.5, 21.3), (38.05, 20.85)]),
    ("S_MES", "Messenian Gulf", GREECE, [(36.9, 22.0), (37.05, 21.45), (36.7, 21.7)]),
    ("S_LAC", "Laconian Gulf", GREECE, [(36.6, 22.65), (36.45, 22.8)]),
    ("S_MYR", "Myrtoan Sea", GREECE, [(37.15, 23.5), (36.8, 23.7), (37.3, 23.9)]),
    ("S_ARG", "Argolic Gulf", GREECE, [(37.4, 22.83), (37.25, 22.9)]),
    ("S_SAR", "Saronic Gulf", GREECE, [(37.75, 23.55), (37.85, 23.3), (37.6, 23.65)]),
    ("S_AND", "Andros Sea", GREECE, [(37.9, 24.3), (37.7, 24.5), (38.05, 24.15)]),
    ("S_SEU", "South Euboean Gulf", GREECE, [(38.35, 23.82), (38.2, 24.05), (38.42, 23.65)]),
    ("S_NEU", "North Euboean Gulf", GREECE, [(38.75, 23.1), (38.6, 23.35), (38.9, 22.75), (39.2, 22.9), (39.05, 23.3)]),
    ("S_AEG", "Aegean Sea", GREECE, [(39.0, 24.5), (38.6, 24.9), (39.5, 24.1), (38.5, 25.5), (38.0, 25.6)]),
    ("S_THE", "Thermaic Gulf", GREECE, [(40.35, 22.8), (40.05, 23.0), (39.8, 23.3)]),
    ("S_TOR", "Toronaic Gulf", GREECE, [(40.05, 23.65), (40.15, 24.0), (39.85, 24.0)]),
    ("S_STR", "Strymonic Gulf", GREECE, [(40.65, 24.0), (40.45, 24.35), (40.7, 23.8)]),
    ("S_THR", "Thracian Sea", GREECE, [(40.55, 25.2), (40.65, 25.8), (40.8, 24.9), (40.55, 26.4)]),
    ("S_LMS", "Sea of Lemnos", GREECE, [(39.7, 25.6), (40.0, 25.8), (39.6, 25.0), (40.2, 25.2)]),
    ("S_HEL", "Hellespont", GREECE, [(40.12, 26.33), (40.3, 26.6)]),
    ("S_MAR", "Sea of Marmara", GREECE, [(40.7, 28.0), (40.8, 27.5), (40.9, 28.8), (40.5, 27.0)]),
    ("S_AEO", "Aeolian Sea", GREECE, [(39.5, 26.3), (39.1, 26.7), (39.35, 25.9), (38.95, 26.9)]),
    ("S_CHI", "Chian Sea", GREECE, [(38.55, 26.45), (38.55, 26.85), (38.2, 26.2), (38.7, 26.1)]),
    ("S_ICA", "Icarian Sea", GREECE, [(37.6, 26.4), (37.45, 26.95), (37.85, 27.1), (37.4, 27.15), (37.8, 26.6)]),
    ("S_PAR", "Paros Sea", GREECE, [(37.25, 25.0), (37.4, 25.4), (36.95, 24.9), (37.45, 24.7)]),
    ("S_CRE", "Cretan Sea", GREECE, [(36.0, 23.8), (36.0, 25.0), (36.2, 26.3), (35.9, 22.8), (36.6, 26.6), (35.9, 27.4)]),
    ("S_RHO", "Rhodian Sea", GREECE, [(36.55, 27.65), (36.1, 27.7), (36.25, 28.45), (36.75, 28.1)]),
    ("S_IAP", "Iapygian Sea", ITALY, [(39.95, 18.6), (40.35, 18.75)]),
    ("S_TAR", "Gulf of Taras", ITALY, [(40.0, 17.25), (39.8, 16.9), (39.5, 17.3)]),
    ("S_BRU", "Bruttian Sea", ITALY, [(38.65, 16.95), (38.3, 16.6), (37.9, 16.3)]),
    ("S_RHE", "Gulf of Rhegium", SICILY, [(38.15, 15.6), (37.95, 15.45), (37.9, 15.75)]),
    ("S_TYR", "Tyrrhenian Sea", SICILY, [(38.35, 15.55), (38.7, 15.2), (38.4, 14.3), (38.3, 13.4), (38.4, 12.6), (38.9, 14.5)]),
    ("S_SIC", "Sicilian Sea", SICILY, [(37.3, 15.4), (36.8, 15.4), (37.55, 15.35), (36.5, 15.8)]),
    ("S_AFR", "African Sea", SICILY, [(36.8, 14.3), (37.1, 13.1), (37.6, 12.3), (36.4, 14.6), (36.2, 13.5)]),
]

# Land and water the game does not use. The flood gives them their own cells so the
# provinces and seas above keep sensible shapes.
OFF_LAND = [(40.9, 20.0), (41.8, 20.0), (42.3, 19.5), (41.6, 21.3), (41.8, 22.5), (42.2, 23.4),
            (42.3, 24.3), (41.5, 16.0), (40.75, 16.2), (40.2, 15.7), (41.2, 15.0), (39.0, 30.0),
            (37.5, 29.5), (41.2, 30.2), (41.5, 14.0), (36.5, 29.5)]
OFF_SEA = [(41.3, 18.3), (41.8, 17.0), (40.8, 19.1), (41.4, 29.2), (42.0, 29.5), (41.8, 28.6),
           (35.9, 29.7), (36.1, 29.0), (39.5, 13.5), (39.3, 15.9), (38.85, 15.95), (38.45, 15.78), (38.65, 15.88), (40.3, 14.6), (35.8, 12.4), (35.8, 16.8),
           (35.8, 19.5), (35.8, 21.0)]

# Hand cuts: (kind, polyline). "water" opens a strait the 1 km mask closes; "off" makes a
# line of off-map land that no province crosses.
CUTS = [
    ("water", [(38.485, 23.575), (38.455, 23.6), (38.435, 23.62)]),  # the Euripus at Chalcis
    ("water", [(41.23, 29.1), (41.1, 29.05), (41.03, 29.0), (40.99, 28.99)]),  # the Bosporus
    ("water", [(38.955, 20.69), (38.955, 20.8)]),  # the Actium strait into the Ambracian gulf
    ("water", [(38.29, 21.78), (38.34, 21.765)]),  # Rhium and Antirrhium
    ("water", [(38.32, 15.64), (38.2, 15.61)]),  # the Strait of Messina (closed at 2 km)
    ("off", [(38.28, 15.6), (38.42, 16.2), (38.5, 16.7)]),  # Calabria: Rhegium's toe is the inset
]

# Rule 1.2: thick (DeepSea) borders are open-water crossings, double lines are Narrows.
# Every border of the open seas (Ionian, Aegean, Cretan) is deep, plus five more crossings.
OPEN_SEAS = ["S_ION", "S_AEG", "S_CRE"]
EXTRA_DEEP = [
    ("S_ICA", "S_PAR"),  # the open water between Samos and the Cyclades
    ("S_IAP", "S_CRC"),  # Corcyra to the Iapygian cape, the crossing to Italy
    ("S_LMS", "S_TOR"), ("S_LMS", "S_STR"),  # round Athos, where Mardonius' fleet was wrecked
    ("S_THE", "S_NEU"),  # the Magnesian shore, where Xerxes' fleet was wrecked
]
GRAIN_SEAS = ["S_HEL", "S_MAR", "S_SAR"]  # rule 8.22: the blue supply symbol of Athens' grain

NARROWS = [
    ("S_PAT", "S_GCO"),  # Rhium, where Phormio fought
    ("S_NEU", "S_SEU"),  # the Euripus
    ("S_HEL", "S_MAR"),  # the neck of the Hellespont at Lampsacus
    ("S_RHE", "S_TYR"),  # the Strait of Messina
    ("S_CRC", "S_AMB"),  # the mouth of the Ambracian gulf at Actium
]

# ------------------------------------------------------------------ cities and towns
# name, area, value, port offshore sea (None: not a port), loyalty, nationality,
# subject region, place (gazetteer row name or a ToposText row from TOPOSTEXT), origin.
# origin "rulebook": value, port and region as printed (2.3 sidebar, 1.3 clarifications,
# examples); "derived": computed from rulebook arithmetic; "keryx": our design.
CITIES = [
    ("Athens", "ATH", 6, "S_SAR", "athens", "attica", None, "Athens", "keryx"),
    ("Platea", "PLA", 1, None, "athens", "attica", None, "Plataea", "derived"),
    ("Megara", "MEG", 2, "S_SAR", "sparta", "megara", None, "Megara", "keryx"),
    ("Thebes", "THE", 4, None, "sparta", "boeotia", None, "Thebes", "derived"),
    ("Orchomenus", "ORC", 1, None, "sparta", "boeotia", None, "Orchomenus", "keryx"),
    ("Stratus", "STR", 1, None, "athens", "acarnania", None, "Stratus", "rulebook"),
    ("Naupactus", "NAU", 1, "S_GCO", "athens", "acarnania", None, "Naupactus", "keryx"),
    ("Ambracia", "AMB", 2, "S_AMB", "sparta", "ambracia", None, "Ambracia", "keryx"),
    ("Leucas", "LEU", 2, "S_AMB", "sparta", "ambracia", None, "Leucas", "derived"),
    ("Corcyra", "CRC", 3, "S_CRC", "athens", "corcyra", None, "Corcyra", "keryx"),
    ("Cephallenia", "CEP", 1, None, "athens", "subject", "Western Islands", "Cephallenia", "rulebook"),
    ("Zacinthos", "ZAC", 1, None, "athens", "subject", "Western Islands", "Zacynthus", "rulebook"),
    ("Corinth", "CRN", 4, "S_GCO", "sparta", "corinth", None, "Corinth", "keryx"),
    ("Argos", "ARG", 3, "S_ARG", "athens", "argos", None, "Argos", "keryx"),
    ("Tegea", "ARC", 2, None, "sparta", "arcadia", None, "Tegea", "keryx"),
    ("Elis", "ELI", 2, None, "sparta", "elis", None, "Elis", "keryx"),
    ("Messenia", "MES", 1, None, "sparta", "lacedaemon", None, "Messene", "keryx"),
    ("Pylos", "PYL", 1, "S_MES", "sparta", "lacedaemon", None, "Pylos", "derived"),
    ("Sparta", "SPA", 5, "S_LAC", "sparta", "lacedaemon", None, "Sparta", "keryx"),
    ("Larissa", "THS", 2, None, "athens", "thessaly", None, "Larissa", "keryx"),
    ("Pella", "PEL", 2, None, "sparta", "macedonia", None, "Pella", "keryx"),
    ("Potidea", "POT", 2, "S_THE", "athens", "subject", "Chalcidice", "Potidaea", "rulebook"),
    ("Torone", "TOR", 2, "S_TOR", "athens", "subject", "Chalcidice", "Torone", "rulebook"),
    ("Stagira", "STA", 1, None, "athens", "subject", "Chalcidice", "Stagira", "rulebook"),
    ("Amphipolis", "AMP", 3, "S_STR", "athens", "subject", "Thrace", "Amphipolis", "rulebook"),
    ("Abdera", "ABD", 1, "S_THR", "athens", "subject", "Thrace", "Abdera", "rulebook"),
    ("Maronea", "MAR", 2, None, "athens", "subject", "Thrace", "Maronea", "rulebook"),
    ("Byzantium", "BYZ", 3, "S_MAR", "athens", "subject", "Propontis", "Byzantium", "rulebook"),
    ("Abydos", "ABY", 2, "S_HEL", "athens", "subject", "Propontis", "Abydos", "rulebook"),
    ("Cyzicus", "CYZ", 1, None, "athens", "subject", "Propontis", "Cyzicus", "rulebook"),
    ("Sestos", "SES", 1, None, "athens", "subject", "Propontis", "Sestos", "rulebook"),
    ("Miletus", "MIL", 2, "S_ICA", "athens", "subject", "Ionia", "Miletus", "rulebook"),
    ("Ephesus", "EPH", 3, "S_ICA", "athens", "subject", "Ionia", "Ephesus", "rulebook"),
    ("Cyme", "CYM", 2, None, "athens", "subject", "Ionia", "Cyme", "rulebook"),
    ("Erythrae", "ERY", 1, None, "athens", "subject", "Ionia", "Erythrae", "rulebook"),
    ("Cnidus", "CNI", 1, "S_RHO", "athens", "subject", "Ionia", "Cnidus", "rulebook"),
    ("Samos", "SAM", 3, "S_ICA", "athens", "subject", "Sporades", "Samos", "rulebook"),
    ("Rhodes", "RHO", 2, "S_RHO", "athens", "subject", "Sporades", "Ialysos", "rulebook"),
    ("Naxos", "NAX", 2, "S_PAR", "athens", "subject", "Cyclades", "Naxos", "rulebook"),
    ("Andros", "AND", 1, "S_AND", "athens", "subject", "Cyclades", "Andros", "rulebook"),
    ("Chalcis", "CHA", 3, "S_SEU", "athens", "subject", "Euboea", "Chalcis", "rulebook"),
    ("Eretria", "ERE", 2, None, "athens", "subject", "Euboea", "Eretria", "rulebook"),
    ("Chios", "CHI", 3, "S_CHI", "athens", "aeolian", "Aeolian Islands", "Chios", "rulebook"),
    ("Lesbos", "LES", 2, "S_AEO", "athens", "aeolian", "Aeolian Islands", "Mytilene", "rulebook"),
    ("Taras", "TAR", 3, "S_TAR", "sparta", "taras", None, "Taras", "keryx"),
    ("Croton", "CRO", 2, "S_BRU", "athens", "croton", None, "Croton", "keryx"),
    ("Syracuse", "SYR", 5, "S_SIC", "sparta", "syracuse", None, "Syracuse", "keryx"),
    ("Gela", "GEL", 2, "S_AFR", "sparta", "gela", None, "Gela", "keryx"),
    ("Selinus", "SEL", 1, "S_AFR", "sparta", "selinus", None, "Selinus", "keryx"),
    ("Himera", "HIM", 1, "S_TYR", "sparta", "syracuse", None, "Himera", "keryx"),
    ("Lipara", "LIP", 1, "S_TYR", "sparta", "lipara", None, "Lipara", "rulebook"),
    ("Catana", "CAT", 2, "S_SIC", "athens", "catana", None, "Catana", "keryx"),
    ("Segesta", "SEG", 2, None, "athens", "segesta", None, "Segesta", "keryx"),
    ("Messana", "MSN", 2, "S_RHE", "neutral", "messana", None, "Messana", "keryx"),
    ("Rhegium", "RHE", 2, "S_RHE", "neutral", "rhegium", None, "Rhegium", "keryx"),
    ("Acragas", "ACR", 3, "S_AFR", "neutral", "acragas", None, "Acragas", "keryx"),
]

# Barbarian towns (rule 1.3: no City advantages): name, area, nationality, place.
TOWNS = [
    ("Lyncus", "LYN", "macedonia", "Lyncus"),
    ("Elimeia", "ELM", "macedonia", "Elimeia"),
    ("Odrysia", "ODR", "odrysia", "Odrysia"),
    ("Sardis", "LYD", "persia", "Sardis"),
    ("Dascylium", "PHR", "persia", "Dascylium"),
    ("Henna", "SCL", "sicel", "Henna"),
]

# Places the shared gazetteer lacks, from ToposText's Pelagios dump (ODC-BY), each with
# the Pleiades id ToposText links it to.
TOPOSTEXT = {
    "Orchomenus": ("540987", 38.4956, 22.9641, "https://topostext.org/place/385230POrc"),
    "Catana": ("462270", 37.503, 15.0881, "https://topostext.org/place/375151PCat"),
    "Segesta": ("462487", 37.9392, 12.8399, "https://topostext.org/place/379128PAig"),
    "Selinus": ("462489", 37.5828, 12.8251, "https://topostext.org/place/376128PSel"),
    "Himera": ("462244", 37.9708, 13.8225, "https://topostext.org/place/380138PHim"),
    "Henna": ("462236", 37.5677, 14.2796, "https://topostext.org/place/376143UEnn"),
    "Lyncus": ("481903", 40.97, 21.36, "https://topostext.org/place/410214RLyn"),
    "Elimeia": ("491587", 40.22, 21.84, "https://topostext.org/place/402218REli"),
}


# ------------------------------------------------------------------ raster
def raster():
    lats = np.arange(LAT_MAX, LAT_MIN - 1e-9, -STEP)
    lons = np.arange(LON_MIN, LON_MAX + 1e-9, STEP)
    lon_grid, lat_grid = np.meshgrid(lons, lats)
    return lats, lons, globe.is_land(lat_grid, lon_grid)


def cell(lat, lon):
    return int(round((LAT_MAX - lat) / STEP)), int(round((lon - LON_MIN) / STEP))


def line_cells(points):
    out = []
    for (a_lat, a_lon), (b_lat, b_lon) in zip(points, points[1:]):
        n = int(max(abs(a_lat - b_lat), abs(a_lon - b_lon)) / (STEP / 3)) + 1
        for i in range(n + 1):
            t = i / n
            out.append(cell(a_lat + (b_lat - a_lat) * t, a_lon + (b_lon - a_lon) * t))
    return out


def snap(land, r, c, want_land, name):
    """The nearest cell of the wanted kind to a seed (coordinates are points, cells are 2 km)."""
    for radius in range(0, 8):
        best = None
        for dr in range(-radius, radius + 1):
            for dc in range(-radius, radius + 1):
                rr, cc = r + dr, c + dc
                if 0 <= rr < land.shape[0] and 0 <= cc < land.shape[1] and land[rr, cc] == want_land:
                    d = dr * dr + dc * dc
                    if best is None or d < best[0]:
                        best = (d, rr, cc)
        if best:
            return best[1], best[2]
    raise SystemExit(f"seed of {name} at cell {r},{c} has no {'land' if want_land else 'water'} within 16 km")


def flood(passable, seeds, labels):
    """Multi-source breadth-first flood: each passable cell takes the label of the seed
    that reaches it first, moving only through passable cells."""
    h, w = passable.shape
    queue = deque()
    for (r, c), label in seeds:
        if labels[r, c] == 0:
            labels[r, c] = label
            queue.append((r, c))
    while queue:
        r, c = queue.popleft()
        label = labels[r, c]
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < h and 0 <= cc < w and passable[rr, cc] and labels[rr, cc] == 0:
                labels[rr, cc] = label
                queue.append((rr, cc))


def build():
    lats, lons, land = raster()
    off_line = np.zeros_like(land)
    for kind, points in CUTS:
        for r, c in line_cells(points):
            if kind == "water":
                land[r, c] = False
            else:
                off_line[r, c] = True
    ids = [OFF] + [a[0] for a in LAND] + [s[0] for s in SEA]
    index = {a: i for i, a in enumerate(ids)}  # 0 = unassigned; OFF is label 1
    labels = np.zeros(land.shape, dtype=np.int32)
    labels[off_line & land] = index[OFF] + 1

    def seeds(specs, want_land):
        out = []
        for aid, points in specs:
            for lat, lon in points:
                out.append((snap(land, *cell(lat, lon), want_land, aid), index[aid] + 1))
        return out

    land_specs = [(a[0], a[4]) for a in LAND] + [(OFF, OFF_LAND)]
    flood(land, seeds(land_specs, True), labels)
    # islands no seed reached are not on the map: they become sea
    unreached = land & (labels == 0)
    land = land & ~unreached
    sea_specs = [(s[0], s[3]) for s in SEA] + [(OFF, OFF_SEA)]
    flood(~land, seeds(sea_specs, False), labels)
    # lakes no sea reaches are part of the land around them
    lakes = labels == 0
    land = land | lakes
    while (labels == 0).any():
        for shift, axis in ((1, 0), (-1, 0), (1, 1), (-1, 1)):
            rolled = np.roll(labels, shift, axis=axis)
            take = (labels == 0) & (rolled > 0) & np.roll(land, shift, axis=axis)
            labels[take] = rolled[take]
    labels -= 1  # 0 off-map, then areas
    return lats, lons, land, labels, ids


def adjacency(labels, ids):
    contacts: dict[tuple[str, str], int] = {}
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1, :], labels[1:, :])):
        mask = (a != b) & (a > 0) & (b > 0)
        pairs, counts = np.unique(np.stack([a[mask], b[mask]]), axis=1, return_counts=True)
        for (x, y), n in zip(pairs.T, counts):
            key = tuple(sorted((ids[x], ids[y])))
            contacts[key] = contacts.get(key, 0) + int(n)
    return {k for k, n in contacts.items() if n >= MIN_CONTACT}


def gazetteer():
    with GAZETTEER.open(encoding="utf-8") as f:
        return {row["name"]: row for row in csv.DictReader(f)}


def place(name, gaz):
    if name in TOPOSTEXT:
        pid, lat, lon, url = TOPOSTEXT[name]
        return {"name": name, "pleiades_id": pid, "lat": lat, "lon": lon, "kind": "city",
                "modern": "", "notes": f"added by Keryx from ToposText {url}"}
    row = gaz[name]
    return dict(row) | {"lat": float(row["lat"]), "lon": float(row["lon"])}


def label_point(labels, lats, lons, label):
    rows, cols = np.nonzero(labels == label)
    r, c = rows.mean(), cols.mean()
    # the cell of the area nearest its centre of mass, so the label sits inside it
    k = int(np.argmin((rows - r) ** 2 + (cols - c) ** 2))
    return round(float(lats[rows[k]]), 2), round(float(lons[cols[k]]), 2)


def rle(row):
    out, start = [], 0
    for i in range(1, len(row) + 1):
        if i == len(row) or row[i] != row[start]:
            out.append(f"{int(row[start])}x{i - start}" if i - start > 1 else str(int(row[start])))
            start = i
    return ",".join(out)


def main():
    lats, lons, land, labels, ids = build()
    if (labels < 0).any():
        raise SystemExit("some cells belong to no area: add a seed")
    kind = {a[0]: "land" for a in LAND} | {s[0]: "sea" for s in SEA}
    adj = adjacency(labels, ids)
    neighbours: dict[str, set[str]] = {a: set() for a in kind}
    for a, b in adj:
        neighbours[a].add(b)
        neighbours[b].add(a)

    deep = sorted({tuple(sorted((s, n))) for s in OPEN_SEAS for n in neighbours[s] if kind[n] == "sea"}
                  | {tuple(sorted(p)) for p in EXTRA_DEEP})
    narrows = sorted(tuple(sorted(p)) for p in NARROWS)
    errors = [f"border {a}-{b} is not a real border" for a, b in deep + narrows if b not in neighbours[a]]

    areas = []
    for aid, name, region, nation, _ in LAND:
        areas.append({"id": aid, "name": name, "kind": "land", "region": region, "nation": nation,
                      "adjacent": sorted(neighbours[aid]),
                      "label": label_point(labels, lats, lons, ids.index(aid))})
    for sid, name, region, _ in SEA:
        areas.append({"id": sid, "name": name, "kind": "sea", "region": region, "nation": None,
                      "adjacent": sorted(neighbours[sid]),
                      "label": label_point(labels, lats, lons, ids.index(sid))})
    errors += [f"{a['id']} touches nothing" for a in areas if not a["adjacent"]]

    gaz = gazetteer()
    used = {}
    cities = []
    for name, area, value, offshore, loyalty, nationality, subject, where, origin in CITIES:
        p = place(where, gaz)
        used[where] = p
        cities.append({"name": name, "area": area, "value": value, "port": offshore is not None,
                       "offshore": offshore, "loyalty": loyalty, "nationality": nationality,
                       "subject_region": subject, "lat": p["lat"], "lon": p["lon"],
                       "pleiades_id": p["pleiades_id"], "place": where, "origin": origin})
        if offshore and offshore not in neighbours[area]:
            errors.append(f"{name}: its offshore sea {offshore} does not touch {area}")
    towns = []
    for name, area, nationality, where in TOWNS:
        p = place(where, gaz)
        used[where] = p
        towns.append({"name": name, "area": area, "nationality": nationality,
                      "lat": p["lat"], "lon": p["lon"], "pleiades_id": p["pleiades_id"], "place": where})

    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "map.json").write_text(json.dumps({
        "areas": areas,
        "deep_borders": [list(p) for p in deep],
        "narrows": [list(p) for p in narrows],
        "grain_seas": GRAIN_SEAS,
        "raster": {"lat_max": LAT_MAX, "lon_min": LON_MIN, "step": STEP},
    }, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (DATA / "cities.json").write_text(json.dumps({"cities": cities, "towns": towns}, indent=1,
                                                 ensure_ascii=False) + "\n", encoding="utf-8")
    (DATA / "map_raster.json").write_text(json.dumps({
        "lat_max": LAT_MAX, "lon_min": LON_MIN, "step": STEP, "ids": ids,
        "land_rows": [rle(r.astype(np.int8)) for r in land],
        "area_rows": [rle(r) for r in labels],  # an index into ids; 0 is off the map
    }, separators=(",", ":")) + "\n", encoding="utf-8")
    with (DATA / "gazetteer_used.csv").open("w", encoding="utf-8", newline="") as f:
        fields = ["name", "pleiades_id", "lat", "lon", "kind", "modern", "notes"]
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for name in sorted(used):
            w.writerow(used[name])
    n_land = sum(a["kind"] == "land" for a in areas)
    print(f"{n_land} land areas, {len(areas) - n_land} seas, {len(cities)} cities, {len(towns)} towns, "
          f"{len(deep)} deep borders, {len(narrows)} narrows")
    if errors:
        raise SystemExit("\n".join(errors))


def _check_names():
    names = [a[0] for a in LAND] + [s[0] for s in SEA]
    assert len(names) == len(set(names))
    assert all(re.fullmatch(r"S?_?[A-Z]{3}", n) for n in names)


if __name__ == "__main__":
    _check_names()
    main()
