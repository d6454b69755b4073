"""Design tables for the Epic of the Peloponnesian War map (Keryx's own design).

Read by scripts/build_epic_map.py. Every table here is ours unless a comment cites
the rulebook; engine/rulesets/epic/data/README.md gives the reason for each choice.
Coordinates are (lat, lon) in degrees.
"""

from __future__ import annotations

# ---------------------------------------------------------------- anchors
# Hexes the rulebook names (Ionian War set-up, rule 27.2.5). The grid is the
# least-squares fit to the W-sheet anchors; Mytilene fixes the E sheet's numbering.
# Potidaea is given twice (W4311 and W3414); W3414 is the one that lies where
# Potidaea is (south-west of Amphipolis W3809), so W4311 is read as a misprint.
ANCHORS = {
    "Melos": "W4340", "Scione": "W3614", "Plataea": "W3429", "Nisaea": "W3531",
    "Cythera": "W3244", "Potidaea": "W3414", "Torone": "W3816", "Amphipolis": "W3809",
    "Megara": "W3431", "Thespiae": "W3328", "Pylos": "W2337", "Decelea": "W3729",
    "Piraeus": "W3731", "Naupactus": "W2428", "Gytheum": "W2940", "Cyllene": "W2130",
}
E_ANCHOR = ("Mytilene", "E1822")
# Hexes implied by the rulebook's words rather than printed ids:
IMPLIED = {
    "Acharnae": "W3830",  # Decelea is one hex north-west of Acharnae (27.2.5)
    "Athens": "W3831",  # next to Piraeus (Long Walls join adjacent hexes, 7.6.5, 10.9)
    "Thebes": "W3528",  # the hex south of Thebes is an Attic rough hex (15.5 example)
    "Methone": "W2339",  # Pylos is two hexes north of Methone (22.2.2)
}

# ---------------------------------------------------------------- places
# Places the gazetteer lacks: (lat, lon, source). Positions of the ancient sites,
# read from modern maps at about 1 km; each is marked "keryx-approx" in the data.
EXTRA_PLACES = {
    "Lepreum": (37.430, 21.715, "modern Lepreo, Elis"),
    "Aegium": (38.250, 22.082, "modern Aigio, Achaea"),
    "Nauplia": (37.566, 22.800, "modern Nafplio, Argolid"),
    "Hermione": (37.385, 23.250, "modern Ermioni, Argolid peninsula"),
    "Prasiae": (37.165, 22.870, "the coast by modern Leonidio, Laconia"),
    "Orchomenus": (38.493, 22.977, "modern Orchomenos, Boeotia"),
    "Anthedon": (38.495, 23.455, "near modern Loukisia, Boeotia"),
    "Elatea": (38.630, 22.770, "near modern Elateia, Phocis"),
    "Opus": (38.650, 23.000, "near modern Atalanti, Locris"),
    "Amphissa": (38.528, 22.377, "modern Amfissa, Locris"),
    "Calydon": (38.372, 21.530, "the site near Evinochori, Aetolia"),
    "Astacus": (38.533, 21.083, "modern Astakos, Acarnania"),
    "Same": (38.252, 20.650, "modern Sami, Cephallenia"),
    "Pydna": (40.373, 22.612, "the site near Makrygialos, Macedon"),
    "Therma": (40.630, 22.945, "modern Thessaloniki"),
    "Antandrus": (39.575, 26.800, "near modern Altinoluk, the Troad"),
    "Messene": (37.175, 21.920, "Mount Ithome, Messenia (a label, not a city)"),
    "Sunium": (37.650, 24.025, "Cape Sounion, Attica (a label)"),
    "Thermum": (38.560, 21.670, "the sanctuary of the Aetolians (a label)"),
}

# ---------------------------------------------------------------- regions and land Areas
# area id -> (name, region, forage number or None (designed), extra seed points)
# Cities seed their own Area too (see CITIES). Region ids follow rule 1.2's list.
LAND_AREAS: dict[str, tuple[str, str, int | None, list[tuple[float, float]]]] = {
    "achaea": ("Achaea", "achaea", None, [(38.05, 22.30), (38.10, 21.80)]),
    "elis": ("Elis", "elis", None, [(37.80, 21.45)]),
    "triphylia": ("Triphylia", "elis", None, [(37.64, 21.63)]),
    "mantinice": ("Mantinice and Tegeatis", "arcadia", None, [(37.50, 22.35)]),
    "west-arcadia": ("West Arcadia", "arcadia", None, [(37.55, 21.95), (37.80, 22.05)]),
    "argolid": ("Argolid", "argolid", None, [(37.72, 22.75), (37.40, 22.72)]),
    "corinthia": ("Corinthia", "corinth", None, [(37.98, 22.71)]),
    "laconia": ("Laconia", "laconia", None, [(36.80, 22.85), (36.55, 22.45), (37.15, 22.50)]),
    "messenia": ("Messenia", "laconia", None, [(37.175, 21.92), (37.05, 22.10)]),
    "cythera": ("Cythera", "laconia", None, []),
    "epidauria": ("Epidauria", "epidaurus", None, [(37.55, 23.10)]),
    "megarid": ("Megarid", "megarid", 4, [(38.02, 23.25)]),  # FN 4: rule 15.3 example
    "attica": ("Attica", "attica", 7, [(38.15, 23.95), (37.75, 23.95)]),  # FN 7: 15.5 example
    "boeotia": ("Boeotia", "boeotia", None, [(38.33, 23.55), (38.45, 23.15)]),
    "north-euboea": ("North Euboea", "euboea", None, []),
    "central-euboea": ("Central Euboea", "euboea", None, [(38.60, 23.75)]),
    "south-euboea": ("South Euboea", "euboea", None, [(38.20, 24.20)]),
    "phocis": ("Phocis", "phocis-locris", None, [(38.55, 22.55)]),
    "opuntian-locris": ("Opuntian Locris", "phocis-locris", None, [(38.78, 22.60)]),
    "ozolian-locris": ("Ozolian Locris", "phocis-locris", None, [(38.45, 22.10)]),
    "aetolia": ("Aetolia", "aetolia", None, [(38.70, 21.60), (38.90, 21.80)]),
    "acarnania": ("Acarnania", "acarnania", None, [(38.60, 21.20)]),
    "amphilochia": ("Amphilochia", "acarnania", None, [(38.93, 21.19)]),
    "ambracia": ("Ambracia", "epirus", None, [(39.30, 20.85)]),
    "epirus": ("Epirus", "epirus", None, [(39.70, 20.60), (40.20, 20.30), (39.55, 20.25)]),
    "leucas": ("Leucas", "epirus", None, []),
    "corcyra": ("Corcyra", "western-islands", None, []),
    "cephallenia": ("Cephallenia", "western-islands", None, []),
    "zacynthus": ("Zacynthus", "western-islands", None, []),
    "phthiotis": ("Phthiotis", "thessaly", None, [(39.05, 22.40)]),
    "pelasgiotis": ("Pelasgiotis", "thessaly", None, [(39.50, 22.85), (39.85, 22.30)]),
    "hestiaeotis": ("Hestiaeotis", "thessaly", None, [(39.55, 21.75), (39.35, 21.60)]),
    "lower-macedon": ("Lower Macedon", "macedon", None, [(40.85, 22.60)]),
    "upper-macedon": ("Upper Macedon", "macedon", None, [(40.55, 21.70), (40.95, 21.60), (40.25, 21.80)]),
    "chalcidice": ("Chalcidice", "chalcidice", None, [(40.50, 23.40)]),
    "pallene": ("Pallene", "chalcidice", None, [(40.00, 23.50)]),
    "sithonia": ("Sithonia", "chalcidice", None, [(40.15, 23.85)]),
    "strymon": ("Strymon", "thrace", None, [(41.05, 23.60), (41.10, 24.20)]),
    "thrace": ("Thracian Coast", "thrace", None, [(41.15, 25.00), (41.40, 24.60)]),
    "aenus": ("Aenus", "thrace", None, [(41.10, 26.20), (41.40, 26.00)]),
    "thasos": ("Thasos", "thrace", None, []),
    "chersonese": ("Chersonese", "hellespont", None, [(40.35, 26.50)]),
    "propontis-thrace": ("Thracian Propontis", "hellespont", None, [(41.05, 28.50), (40.95, 27.60), (41.10, 27.20)]),
    "chalcedon": ("Chalcedon", "hellespont", None, []),
    "cyzicus": ("Cyzicus", "hellespont", None, []),
    "abydos": ("Hellespontine Phrygia", "hellespont", None, [(40.30, 27.10), (40.05, 26.55)]),
    "lesbos": ("Lesbos", "lesbos", None, []),
    "antandrus": ("Lesbian Peraea", "lesbos", None, [(39.50, 26.35)]),
    "aeolis": ("Aeolis", "lesbos", None, [(38.80, 27.00)]),
    "chios": ("Chios", "chios", None, []),
    "erythraea": ("Erythraea", "chios", None, [(38.30, 26.60)]),
    "samos": ("Samos", "samos", None, []),
    "ionia": ("Ionia", "samos", None, [(37.75, 27.30)]),
    "rhodes": ("Rhodes", "rhodes", None, []),
    "caria": ("Halicarnassus Shore", "rhodes", None, [(37.05, 27.50)]),
    "cnidia": ("Cnidia", "rhodes", None, []),
    "melos": ("Melos", "aegean-islands", None, []),
    "thera": ("Thera", "aegean-islands", None, []),
    "naxos": ("Naxos", "aegean-islands", None, []),
    "paros": ("Paros", "aegean-islands", None, []),
    "andros": ("Andros", "aegean-islands", None, []),
    "lemnos": ("Lemnos", "aegean-islands", None, []),
    # Persia (1.2): outside the coastal enclaves; three coastal Areas.
    "persia-dascylium": ("Dascylitis", "persia:pharnabazus", None, [(40.30, 28.60), (40.00, 28.60),
                                                                   (40.65, 29.60), (41.00, 29.35)]),
    "persia-mysia": ("Mysia", "persia:pharnabazus", None, [(39.10, 27.05), (39.35, 27.40)]),
    "persia-ida": ("Mount Ida", "persia:pharnabazus", None, [(39.75, 27.20), (39.90, 27.80)]),
    "persia-smyrna": ("Smyrna", "persia:tissaphernes", None, [(38.60, 27.20)]),
    "persia-lydia": ("Lydia", "persia:tissaphernes", None, [(38.30, 28.10), (38.80, 28.10)]),
    "persia-caria": ("Caria", "persia:tissaphernes", None, [(37.40, 28.20), (37.10, 28.40)]),
}

# ---------------------------------------------------------------- cities
# name -> (area, size S/M/L, walled, port, role); role notes the rulebook's mention.
# Sizes, walls and ports the rulebook states are cited; the rest are ours.
CITIES: dict[str, tuple[str, str, bool, bool, str]] = {
    "Athens": ("attica", "L", True, False, "capital; large walled (17.4.4, 10.9)"),
    "Piraeus": ("attica", "M", True, True, "medium walled port, Long Walls (18.6 example)"),
    "Sparta": ("laconia", "L", False, False, "capital; unwalled (designers' notes)"),
    "Gytheum": ("laconia", "S", True, True, "port, Spartan base (23.2.5)"),
    "Methone": ("messenia", "S", True, True, "named in 22.2.2"),
    "Cythera": ("cythera", "S", True, True, "named in 27.2.5"),
    "Prasiae": ("laconia", "S", False, True, "ours: Laconia's east-coast port"),
    "Corinth": ("corinthia", "L", True, False, "named in 7.3.2"),
    "Lechaeum": ("corinthia", "S", False, True, "port of Corinth (16.8.1)"),
    "Cenchreae": ("corinthia", "S", False, True, "port of Corinth (16.8.1)"),
    "Megara": ("megarid", "M", True, False, "Long Walls to Nisaea (10.9)"),
    "Nisaea": ("megarid", "S", True, True, "port; Long Walls (10.9)"),
    "Pagae": ("megarid", "S", False, True, "port on the Gulf of Corinth (9.3.4)"),
    "Thebes": ("boeotia", "L", True, False, "supply source (9.3.3, 15.5): large"),
    "Plataea": ("boeotia", "S", True, False, "named in 23.2.5"),
    "Thespiae": ("boeotia", "S", True, False, "walled (27.2.5 Walls Destroyed)"),
    "Orchomenus": ("boeotia", "S", True, False, "ours"),
    "Anthedon": ("boeotia", "S", False, True, "ours: Boeotia's port (its Build Pool has fleets)"),
    "Argos": ("argolid", "L", True, False, "named in 22.2.2"),
    "Nauplia": ("argolid", "S", True, True, "ours: the Argolid's port (its Build Pool has fleets)"),
    "Mantinea": ("mantinice", "M", True, False, "named in 22.2.2"),
    "Tegea": ("mantinice", "M", True, False, "named in Argive background (22.6)"),
    "Elis": ("elis", "M", False, False, "ours; Elis had no walls"),
    "Cyllene": ("elis", "S", False, True, "port, Spartan base (23.2.5)"),
    "Lepreum": ("triphylia", "S", True, False, "named in 22.2.1"),
    "Patrae": ("achaea", "S", False, True, "ours"),
    "Aegium": ("achaea", "S", False, True, "ours"),
    "Epidaurus": ("epidauria", "S", True, True, "ours"),
    "Troezen": ("epidauria", "S", False, True, "ours"),
    "Hermione": ("epidauria", "S", False, True, "ours"),
    "Chalcis": ("central-euboea", "M", True, True, "ours"),
    "Eretria": ("central-euboea", "S", True, True, "ours"),
    "Carystus": ("south-euboea", "S", False, True, "ours"),
    "Oreus (Histiaea)": ("north-euboea", "S", False, True, "ours"),
    "Naupactus": ("ozolian-locris", "S", True, True, "port, Athenian base (23.2.5, 27.2.5)"),
    "Amphissa": ("ozolian-locris", "S", False, False, "ours"),
    "Elatea": ("phocis", "S", True, False, "ours"),
    "Opus": ("opuntian-locris", "S", False, True, "ours"),
    "Pleuron": ("aetolia", "S", False, False, "ours"),
    "Calydon": ("aetolia", "S", False, True, "ours"),
    "Stratus": ("acarnania", "M", True, False, "ours"),
    "Oeniadae": ("acarnania", "S", True, True, "named in 23.2.5"),
    "Astacus": ("acarnania", "S", False, True, "ours"),
    "Anactorium": ("amphilochia", "S", True, True, "named in 23.2.5"),
    "Ambracia": ("ambracia", "M", True, True, "ours"),
    "Leucas": ("leucas", "S", True, True, "Spartan fleets there in the 9.3.4 example"),
    "Corcyra": ("corcyra", "M", True, True, "Athenian supply source (22.4.2, 9.3.4)"),
    "Zacynthus": ("zacynthus", "S", False, True, "named in 22.4.2"),
    "Same": ("cephallenia", "S", False, True, "ours"),
    "Pharsalus": ("phthiotis", "M", True, False, "named in 8.3 example (besieged)"),
    "Lamia": ("phthiotis", "S", True, False, "named in 8.3 example"),
    "Larissa": ("pelasgiotis", "M", True, False, "ours"),
    "Pella": ("lower-macedon", "M", False, False, "ours"),
    "Pydna": ("lower-macedon", "S", True, True, "ours"),
    "Therma": ("lower-macedon", "S", False, True, "ours"),
    "Potidaea": ("pallene", "M", True, True, "medium walled port (10.8.1 example)"),
    "Scione": ("pallene", "S", True, True, "named in 27.2.5"),
    "Torone": ("sithonia", "S", True, True, "named in 27.2.5"),
    "Olynthus": ("chalcidice", "S", True, False, "ours"),
    "Amphipolis": ("strymon", "M", True, True, "Athenian base (23.2.5); Eion is its harbour"),
    "Abdera": ("thrace", "S", True, True, "ours"),
    "Maronea": ("thrace", "S", False, True, "ours"),
    "Aenus": ("aenus", "S", True, True, "ours"),
    "Thasos": ("thasos", "S", True, True, "ours"),
    "Byzantium": ("propontis-thrace", "L", True, True, "named in Appendix C"),
    "Chalcedon": ("chalcedon", "S", True, True, "named in 1.2"),
    "Cyzicus": ("cyzicus", "M", True, True, "named in 1.2"),
    "Abydos": ("abydos", "M", True, True, "named in Appendix C"),
    "Lampsacus": ("abydos", "S", False, True, "named in Appendix B"),
    "Sestos": ("chersonese", "S", True, True, "ours"),
    "Mytilene": ("lesbos", "M", True, True, "walled (27.2.5 Walls Destroyed)"),
    "Methymna": ("lesbos", "S", True, True, "ours"),
    "Antandrus": ("antandrus", "S", False, True, "ours"),
    "Cyme": ("aeolis", "S", False, True, "ours"),
    "Chios": ("chios", "M", True, True, "named in the 6.5 example"),
    "Erythrae": ("erythraea", "S", True, True, "small (5.4 example)"),
    "Clazomenae": ("erythraea", "S", False, True, "unwalled (6.5 example)"),
    "Teos": ("erythraea", "S", True, True, "named in the 6.5 example"),
    "Samos": ("samos", "M", True, True, "ours"),
    "Ephesus": ("ionia", "S", False, True, "ours"),
    "Miletus": ("ionia", "M", True, True, "ours"),
    "Ialysos": ("rhodes", "S", False, True, "ours"),
    "Lindos": ("rhodes", "S", False, True, "ours"),
    "Cnidus": ("cnidia", "S", True, True, "ours"),
    "Halicarnassus": ("caria", "S", True, True, "ours"),
    "Melos": ("melos", "S", True, True, "named in 23.2.5"),
    "Thera": ("thera", "S", False, True, "named in 23.2.5"),
    "Naxos": ("naxos", "S", True, True, "ours"),
    "Paros": ("paros", "S", False, True, "ours"),
    "Andros": ("andros", "S", False, True, "ours"),
    "Myrina": ("lemnos", "S", False, True, "ours"),
    # Persia (1.2)
    "Dascylium": ("persia-dascylium", "M", True, False, "Persian (1.2)"),
    "Pergamum": ("persia-mysia", "M", True, False, "Persian (1.2)"),
    "Sardis": ("persia-lydia", "L", True, False, "Persian (1.2)"),
    "Smyrna": ("persia-smyrna", "S", False, True, "Persian (1.2)"),
}
CAPITALS = {"Athens": "athens", "Sparta": "sparta", "Thebes": "thebes", "Corinth": "corinth"}  # 6.4
LABELS = ["Pylos", "Decelea", "Acharnae", "Delphi", "Thermopylae", "Olympia", "Messene",
          "Sunium", "Thermum", "Marathon", "Delium"]

# ---------------------------------------------------------------- seas
# Sea Areas: (name, seed points). Water within OPEN_KM of no land and joined to an
# Open Sea's seed is open sea; all other water goes to the nearest sea seed.
SEA_AREAS: dict[str, tuple[str, list[tuple[float, float]]]] = {
    "corcyran-waters": ("Corcyran Waters", [(39.55, 20.05), (39.85, 19.95)]),
    "ambracian-gulf": ("Ambracian Gulf", [(38.97, 20.96)]),
    "leucadian-waters": ("Leucadian Waters", [(38.75, 20.55), (38.55, 20.85)]),
    "cephallenian-waters": ("Cephallenian Waters", [(38.40, 20.45), (38.15, 20.85)]),
    "zacynthian-waters": ("Zacynthian Waters", [(37.85, 21.05), (37.60, 21.35)]),
    "gulf-of-patrae": ("Gulf of Patrae", [(38.30, 21.50)]),
    "gulf-of-corinth": ("Gulf of Corinth", [(38.25, 22.40), (38.10, 22.90), (38.35, 21.95)]),
    "messenian-waters": ("Messenian Waters", [(37.00, 21.45), (37.20, 21.50)]),
    "messenian-gulf": ("Messenian Gulf", [(36.90, 22.05)]),
    "laconian-gulf": ("Laconian Gulf", [(36.60, 22.65)]),
    "cytherean-strait": ("Cytherean Strait", [(36.30, 23.20), (36.45, 22.85)]),
    "argolic-gulf": ("Argolic Gulf", [(37.35, 22.85), (37.25, 23.15)]),
    "saronic-gulf": ("Saronic Gulf", [(37.75, 23.45), (37.85, 23.15)]),
    "sunian-waters": ("Sunian Waters", [(37.55, 24.10), (37.35, 23.65)]),
    "euripus-south": ("South Euboean Gulf", [(38.30, 23.85), (38.15, 24.05)]),
    "euripus-north": ("North Euboean Gulf", [(38.80, 23.10), (38.65, 23.35), (38.90, 22.70)]),
    "andrian-strait": ("Andrian Strait", [(37.95, 24.60), (38.10, 24.70)]),
    "pagasetic-gulf": ("Pagasetic Gulf", [(39.20, 22.95)]),
    "magnesian-waters": ("Magnesian Waters", [(39.45, 23.40), (39.15, 23.60), (39.05, 24.00)]),
    "thermaic-gulf": ("Thermaic Gulf", [(40.35, 22.75), (40.10, 22.85)]),
    "toronaic-gulf": ("Toronaic Gulf", [(40.05, 23.65)]),
    "singitic-gulf": ("Singitic Gulf", [(40.10, 24.00)]),
    "strymonic-gulf": ("Strymonic Gulf", [(40.70, 23.90), (40.50, 24.10)]),
    "thasian-waters": ("Thasian Waters", [(40.75, 24.55), (40.85, 24.95)]),
    "thracian-waters": ("Thracian Waters", [(40.75, 25.40), (40.65, 25.85)]),
    "melas-gulf": ("Gulf of Melas", [(40.55, 26.45)]),
    "hellespont": ("Hellespont", [(40.20, 26.40), (40.05, 26.15)]),
    "propontis-west": ("West Propontis", [(40.55, 27.20), (40.40, 27.50)]),
    "propontis-east": ("East Propontis", [(40.70, 28.40), (40.90, 28.80), (40.50, 28.10)]),
    "euxine": ("Euxine Sea", [(41.60, 28.90), (41.90, 28.60)]),
    "lemnian-waters": ("Lemnian Waters", [(39.95, 25.05), (40.10, 25.60)]),
    "tenedos-waters": ("Tenedian Waters", [(39.80, 26.00)]),
    "adramyttene-gulf": ("Adramyttene Gulf", [(39.50, 26.60), (39.40, 26.20)]),
    "elaitic-gulf": ("Elaitic Gulf", [(38.95, 26.80), (39.00, 26.20)]),
    "chian-strait": ("Chian Strait", [(38.40, 26.30), (38.60, 26.40)]),
    "gulf-of-smyrna": ("Gulf of Smyrna", [(38.50, 26.90)]),
    "tean-waters": ("Tean Waters", [(38.05, 26.95), (38.10, 26.45)]),
    "samian-strait": ("Samian Strait", [(37.70, 27.05), (37.60, 26.75)]),
    "latmian-gulf": ("Latmian Gulf", [(37.45, 27.20), (37.30, 27.00)]),
    "coan-waters": ("Coan Waters", [(36.95, 27.30), (36.80, 27.00)]),
    "rhodian-strait": ("Rhodian Strait", [(36.55, 27.90), (36.35, 27.75)]),
    "rhodian-waters": ("Rhodian Waters", [(36.10, 28.25)]),
    "west-cyclades": ("West Cyclades", [(37.20, 24.45), (36.90, 24.30), (37.45, 24.20)]),
    "central-cyclades": ("Central Cyclades", [(37.10, 25.20), (37.35, 25.05)]),
    "north-cyclades": ("North Cyclades", [(37.70, 24.95), (37.55, 25.35)]),
    "south-cyclades": ("South Cyclades", [(36.50, 25.35), (36.70, 25.00)]),
    "icarian-waters": ("Icarian Waters", [(37.60, 26.20), (37.30, 26.40)]),
}
# The six Open Seas (1.2), in the Storms at Sea die order of Appendix C (6 = North Ionian).
OPEN_SEAS: dict[str, tuple[str, int, list[tuple[float, float]]]] = {
    "north-aegean": ("North Aegean Sea", 1, [(39.40, 24.60)]),
    "south-aegean": ("South Aegean Sea", 2, [(36.80, 26.00), (37.00, 23.70)]),
    "carpathian-sea": ("Carpathian Sea", 3, [(35.70, 27.50)]),
    "sea-of-crete": ("Sea of Crete", 4, [(35.80, 24.50)]),
    "south-ionian": ("South Ionian Sea", 5, [(37.20, 20.40)]),
    "north-ionian": ("North Ionian Sea", 6, [(39.30, 19.30)]),
}
OPEN_KM = 22.0  # water at least this far from land can be open sea
# Narrow waters the 14 km hexes and the 1.5 km raster miss: sea Areas joined anyway.
FORCED_SEA_LINKS = [
    ("hellespont", "propontis-west"),  # the Dardanelles (16.4)
    ("ambracian-gulf", "leucadian-waters"),  # the Actium narrows
    ("gulf-of-corinth", "gulf-of-patrae"),  # the Rhium strait
    ("euripus-south", "euripus-north"),  # the Euripus at Chalcis, navigable
    ("propontis-west", "propontis-east"),
    ("propontis-east", "euxine"),  # the Bosporus
]

# ---------------------------------------------------------------- raster fixes
# Water lines cut into the land mask where it joins what the map keeps apart
# (no army walks across these; rule 16.3 land movement is by hex).
VOID_LINES = [
    ((38.325, 21.755), (38.305, 21.795)),  # Rhium-Antirrhium strait
    ((38.50, 23.575), (38.43, 23.615)),  # the Euripus
    ((38.86, 20.69), (38.76, 20.72)),  # the Leucas channel (crossed as a river, 16.8.2)
    ((41.02, 29.00), (41.20, 29.08)),  # the Bosporus
    ((38.975, 20.725), (38.945, 20.775)),  # the Actium narrows into the Ambracian Gulf
    # the Dardanelles, traced at 0.5 km from the land mask itself
    ((40.00, 26.26), (40.10, 26.32), (40.15, 26.40), (40.20, 26.43), (40.25, 26.515), (40.30, 26.60),
     (40.36, 26.71), (40.45, 26.75)),
]
# Land links the rules require whatever the raster shows: the Long Walls join
# adjacent fortresses (7.6.5, 10.9).
FORCED_LINKS = [("Athens", "Piraeus"), ("Megara", "Nisaea")]
# Land lines: the modern Potidaea canal is filled in (Pallene was joined to the mainland).
LAND_LINES = [((40.25, 23.31), (40.15, 23.31)), ((40.25, 23.325), (40.15, 23.325)),
              ((40.25, 23.34), (40.15, 23.34))]
# Gazetteer points that fall in the water: the shore point used to find the city's landmass.
SHORE_POINTS = {"Abydos": (40.19, 26.49)}
# The map's east edge: it runs past the head of the Gulf of Astacus, so the Persian Area
# reaches Chalcedon (1.2); inland Anatolia and Lycia (1.2 gives Persia no coast there) are off it.
def off_map(lat: float, lon: float) -> bool:
    return (lat < 38.0 and lon > 29.05) or (lat < 40.3 and lon > 29.3)


WEST_LIMIT = 19.05  # land west of this (Italy) is off the map

# ---------------------------------------------------------------- terrain (ours)
# Impassable mountain massifs (16.6): hexes whose centre lies within radius km of a peak.
PEAKS = [
    ("Olympus", 40.085, 22.358, 11), ("Ossa", 39.795, 22.710, 6), ("Pindus", 39.95, 21.15, 16),
    ("Pindus", 39.45, 21.35, 12), ("Tymphrestus", 38.95, 21.80, 9), ("Smolikas", 40.09, 20.92, 10),
    ("Parnassus", 38.535, 22.620, 8), ("Giona", 38.640, 22.250, 7), ("Oeta", 38.80, 22.25, 6),
    ("Taygetus", 36.953, 22.350, 9), ("Parnon", 37.25, 22.60, 5), ("Cyllene", 37.940, 22.400, 7),
    ("Aroania", 37.960, 22.200, 5), ("Erymanthus", 37.970, 21.800, 6), ("Athos", 40.157, 24.327, 7),
    ("Pangaeum", 40.920, 24.070, 6), ("Ida", 39.710, 26.850, 9), ("Tmolus", 38.40, 28.00, 10),
    ("Rhodope", 41.50, 24.60, 20), ("Orbelus", 41.40, 23.40, 14),
]
# Rough country (16.6): hexes whose centre lies within width km of these ridge lines.
RIDGES = [
    ([(40.6, 20.6), (39.9, 21.1), (39.3, 21.4), (38.9, 21.7), (38.6, 21.9)], 22),  # Pindus and Aetolia
    ([(38.9, 21.6), (38.7, 22.2), (38.55, 22.6), (38.45, 22.9)], 14),  # Oeta, Parnassus, Helicon
    ([(38.22, 23.15), (38.17, 23.45), (38.16, 23.75)], 8),  # Cithaeron and Parnes
    ([(37.95, 21.75), (37.95, 22.4), (37.55, 22.15), (37.3, 22.1)], 12),  # Arcadian highlands
    ([(37.45, 22.35), (37.1, 22.35), (36.6, 22.45)], 10),  # Taygetus
    ([(37.45, 22.65), (37.0, 22.75), (36.6, 22.95)], 9),  # Parnon
    ([(37.15, 21.75), (36.95, 21.70)], 7),  # Messenian hills (Pylos is rough, 22.2.2)
    ([(40.3, 22.2), (39.9, 22.5), (39.5, 22.9), (39.2, 23.1)], 12),  # Olympus, Ossa, Pelion
    ([(39.05, 22.0), (39.0, 22.5), (38.95, 22.9)], 8),  # Othrys
    ([(41.3, 22.5), (41.5, 24.0), (41.5, 25.5)], 25),  # northern highlands
    ([(40.2, 26.6), (39.7, 26.9), (39.5, 27.5), (38.4, 28.0)], 20),  # Ida and Tmolus
    ([(37.75, 26.8), (37.7, 27.0)], 6),  # Mount Kerkis on Samos
]
# Rough hexes the rulebook states (by hex or by description).
FORCED_ROUGH = {"W2337", "W3529"}  # Pylos (22.2.2); the hex south of Thebes (15.5)
FORCED_AREA = {"W3529": "attica"}  # the hex south of Thebes is Attic (15.5 example)
# Persia reaches the sea only in these three Areas (1.2); other Persian coast is Greek.
PERSIAN_COASTAL = {"persia-dascylium", "persia-mysia", "persia-smyrna"}
ROUGH_SW_OF = "Lamia"  # the rough hex south-west of Lamia (17 combat example 2)

# ---------------------------------------------------------------- rivers and roads (ours)
RIVERS = {
    "Achelous": [(39.45, 21.30), (39.05, 21.35), (38.70, 21.30), (38.50, 21.20), (38.33, 21.10)],
    "Evenus": [(38.75, 21.85), (38.50, 21.70), (38.33, 21.55)],
    "Alpheus": [(37.35, 22.25), (37.55, 22.00), (37.65, 21.65), (37.62, 21.45)],
    "Eurotas": [(37.35, 22.30), (37.10, 22.43), (36.80, 22.70)],
    "Peneus": [(39.70, 21.40), (39.55, 21.90), (39.63, 22.40), (39.85, 22.65), (39.88, 22.75)],
    "Spercheius": [(38.95, 22.00), (38.90, 22.30), (38.85, 22.55)],
    "Cephissus": [(38.65, 22.50), (38.55, 22.80), (38.45, 23.05)],
    "Asopus": [(38.22, 23.10), (38.26, 23.40), (38.31, 23.70)],
    "Haliacmon": [(40.25, 21.05), (40.25, 21.70), (40.48, 22.25), (40.55, 22.62)],
    "Axius": [(41.50, 22.30), (41.00, 22.50), (40.60, 22.70)],
    "Strymon": [(41.50, 23.30), (41.10, 23.50), (40.83, 23.84), (40.78, 23.88)],
    "Nestus": [(41.50, 24.40), (41.10, 24.70), (40.85, 24.80)],
    "Hebrus": [(41.60, 26.50), (41.20, 26.30), (40.74, 26.03)],
    "Scamander": [(39.75, 26.60), (39.95, 26.25), (40.02, 26.20)],
    "Hermus": [(38.60, 28.30), (38.60, 27.60), (38.60, 27.00)],
    "Maeander": [(37.85, 28.40), (37.75, 27.80), (37.55, 27.30)],
    "Thyamis": [(39.75, 20.70), (39.55, 20.20)],
}
# Roads (16.6: half a movement point): pairs of places joined along the cheapest land route.
ROADS = [
    ("Athens", "Piraeus"), ("Athens", "Megara"), ("Megara", "Corinth"), ("Athens", "Thebes"),
    ("Thebes", "Plataea"), ("Thebes", "Orchomenus"), ("Orchomenus", "Elatea"), ("Elatea", "Lamia"),
    ("Lamia", "Pharsalus"), ("Pharsalus", "Larissa"), ("Larissa", "Pydna"), ("Pydna", "Pella"),
    ("Pella", "Therma"), ("Therma", "Amphipolis"), ("Corinth", "Argos"), ("Argos", "Tegea"),
    ("Tegea", "Sparta"), ("Sparta", "Gytheum"), ("Argos", "Mantinea"), ("Corinth", "Sicyon-road"),
    ("Aegium", "Patrae"), ("Patrae", "Elis"), ("Elis", "Lepreum"), ("Sparta", "Methone"),
    ("Delphi", "Amphissa"), ("Potidaea", "Olynthus"),
    ("Olynthus", "Therma"), ("Byzantium", "Sestos"), ("Abydos", "Cyzicus"), ("Sardis", "Smyrna"),
    ("Sardis", "Ephesus"), ("Ephesus", "Miletus"), ("Pergamum", "Cyme"), ("Sardis", "Dascylium"),
]
ROAD_WAYPOINTS = {"Sicyon-road": (37.98, 22.71)}
