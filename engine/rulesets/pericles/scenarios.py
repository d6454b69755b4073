"""The scenarios of 14.0 and the state each starts from (14.1, 14.2-14.4).

Played: the two political vignettes (one Assembly, two factions), the eight battle
vignettes, the theater-only training games 14.1.01 A and 14.1.09 A, the one- and two-turn
scenarios 14.1.01 C to 14.1.10 A on the whole map, the main scenarios 14.2, 14.3 and 14.4
with their variable end, and our training games (assembly-t6, 14.1.06 A1); four
factions, or two people each holding one faction of each city (variant A)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.types import Scenario

from .assembly import CITY_FACTIONS, decks
from .components import FACTIONS, load_components
from .schema import PericlesState


@dataclass(frozen=True)
class Spec:
    cities: tuple[str, ...]
    turn: int
    aristophanes: str  # the scenario's fixed first card (5.0)
    controlling: dict[str, str]
    war: bool
    fixed: dict[str, tuple[int, ...]]  # the scenario's named cards per faction (14.1)
    deal: dict[str, int]  # random cards dealt besides them
    rumors: int = 2  # Rumor markers added at the Theater Award (7.3)
    favor: dict[str, str] = field(default_factory=dict)
    # theater-only training (14.1): the theaters in play, the master set-up's turn, and
    # what each faction holds when the theater phase begins
    theaters: tuple[str, ...] = ()
    markers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    strategos: dict[str, int] = field(default_factory=dict)

    political: bool = True  # the scenario plays the political phase (5.0-7.3)
    last_turn: int = 0  # the scenario's last turn; 0: its first
    deal_later: int = 9  # random cards each faction draws in the turns after the first
    # a battle vignette (14.1): its theater, the pieces and Strategos of each side there,
    # the State Ship, and the battles fought in order
    vignette: tuple[str, dict[str, tuple[int, int, int]], dict[str, int], bool,
                    tuple[str, ...]] | None = None
    theater: bool = False  # the scenario plays the theater phase (8.0-9.3)
    alcibiades: str = "athens"  # where Alcibiades starts (12.0, 13.1)
    callias_penalty: int = 0  # Honor the Athenian CF loses without the Peace of Callias
    peace_ends_from: int = 0  # a main scenario ends when Peace is declared from this turn
    bonuses: bool = False  # the main scenarios' final Geography, Economic and Favor bonuses
    no_levies: bool = False  # no City-State units or bases may be built (14.1.10 A)
    stock_cut: int = 0  # Strategos removed from each city's stock at the start
    holds: tuple[str, str] | None = None  # (city, theater): holding it at the end wins
    ravages: bool = False  # the Ravages of War (rule 14.43) are the scenario's own rule


def _vignette(turn: int, theater: str, athens: dict[str, tuple[int, int, int]], a_st: int,
              sparta: dict[str, tuple[int, int, int]], s_st: int, battles: tuple[str, ...],
              ship: bool = False) -> Spec:
    """A battle vignette of 14.1: one seat a city, the Aristocrats and the Agiad standing
    for Athens and Sparta; Athens attacks (ruling R31)."""
    return Spec(("athens", "sparta"), turn, "", {"athens": "aristocrats", "sparta": "agiad"},
                True, {}, {}, political=False,
                vignette=(theater, athens | sparta, {"athens": a_st, "sparta": s_st}, ship, battles))


VIGNETTES: dict[str, tuple[str, Spec]] = {
    "14.1.04 B": ("Samos Revolt", _vignette(4, "samos", {"A": (1, 4, 0)}, 9,
                                            {"P": (2, 0, 1)}, 4, ("naval", "land"))),
    "14.1.07 B": ("Death of Brasidas and Cleon", _vignette(
        7, "amphipolis", {"A": (2, 0, 0), "D": (1, 0, 1)}, 6, {"P": (4, 0, 0)}, 9, ("land",))),
    "14.1.08 B": ("Battle of Mantinea", _vignette(
        8, "sparta", {"argos": (4, 0, 0), "A": (1, 0, 0), "D": (3, 0, 1)}, 4,
        {"S": (6, 0, 2)}, 8, ("land",))),
    "14.1.08 C": ("Sicilian Expedition", _vignette(
        8, "sicily", {"A": (2, 3, 0), "D": (1, 0, 1)}, 4, {"P": (3, 4, 2)}, 8, ("land", "naval"))),
    "14.1.09 B": ("Cyzicus", _vignette(9, "hellespont", {"A": (0, 3, 0)}, 8,
                                       {"P": (0, 4, 0)}, 2, ("naval",), ship=True)),
    "14.1.10 B": ("Arginusae", _vignette(10, "lesbos", {"A": (0, 3, 0)}, 8,
                                         {"P": (0, 6, 0)}, 8, ("naval",), ship=True)),
    "14.1.10 C": ("Notium", _vignette(10, "chios", {"A": (0, 3, 0)}, 2,
                                      {"P": (0, 4, 0)}, 9, ("naval",), ship=True)),
    "14.1.10 D": ("Aegospotami", _vignette(10, "hellespont", {"A": (0, 3, 0)}, 2,
                                           {"P": (0, 4, 0)}, 8, ("naval",), ship=True)),
}

ALL_THEATERS = tuple(t.key for t in load_components().data.theaters
                     if t.key not in ("persia", "eastmed"))
# with the Persia box (13.1), and with the Eastern Mediterranean while the Persian War
# lasts (13.2: the PEACE marker lies there from turn 3)
WITH_PERSIA = (*ALL_THEATERS, "persia")
PERSIAN_WAR = (*ALL_THEATERS, "eastmed", "persia")
NINE = dict.fromkeys(("aristocrats", "demagogues", "agiad", "eurypontid"), 9)

SPECS: dict[str, Spec] = {
    # 14.1.06 B: Clouds A, card 37 + 8 for the Eurypontid (CF), card 34 + 8 for the Agiad
    "14.1.06 B": Spec(("sparta",), 6, "Clouds A", {"sparta": "eurypontid"}, False,
                      {"eurypontid": (37,), "agiad": (34,)}, {"eurypontid": 8, "agiad": 8}),
    # 14.1.01 B: Frogs C, cards 10 and 16 + 7 for the Aristocrats (CF), 1 and 13 + 7 for
    # the Demagogues; turn 1 is played at War (14.1.01 A and C, ruling R12)
    "14.1.01 B": Spec(("athens",), 1, "Frogs C", {"athens": "aristocrats"}, True,
                      {"aristocrats": (10, 16), "demagogues": (1, 13)},
                      {"aristocrats": 7, "demagogues": 7}),
    # ours (ruling R13): both Assemblies of 14.1.06 A's first turn, then the Honor count
    "assembly-t6": Spec(("athens", "sparta"), 6, "Clouds A",
                        {"athens": "aristocrats", "sparta": "eurypontid"}, False,
                        {"eurypontid": (37,), "agiad": (34,)},
                        {"aristocrats": 9, "demagogues": 9, "eurypontid": 8, "agiad": 8}),
    # 14.1.01 A: theaters 5-8, 19 and 20 of the turn-1 set-up, at War, one Rumor each
    "14.1.01 A": Spec(("athens", "sparta"), 1, "", {"athens": "aristocrats", "sparta": "agiad"},
                      True, {}, {},
                      theaters=("isthmus", "sparta", "athens", "boeotia", "sporades", "eastmed"),
                      markers={"aristocrats": ("military", "military", "diplomatic", "rumor"),
                               "demagogues": ("military", "military", "league", "oracle", "rumor"),
                               "agiad": ("military", "diplomatic", "league", "rumor"),
                               "eurypontid": ("military", "military", "oracle", "rumor")},
                      strategos={"aristocrats": 8, "demagogues": 10, "agiad": 8, "eurypontid": 8},
                      political=False, theater=True),
    # ours (ruling R13): 14.1.06 A's first turn, the Assemblies then the theaters, on the
    # turn-6 set-up (the Eastern Mediterranean, under the PEACE marker, left out: R29)
    "14.1.06 A1": Spec(("athens", "sparta"), 6, "Clouds A",
                       {"athens": "aristocrats", "sparta": "eurypontid"}, False,
                       {"eurypontid": (37,), "agiad": (34,)},
                       {"aristocrats": 9, "demagogues": 9, "eurypontid": 8, "agiad": 8},
                       theaters=WITH_PERSIA, theater=True),
    # 14.1.06 A: turns 6 and 7 (ruling R29 on the theaters in play)
    "14.1.06 A": Spec(("athens", "sparta"), 6, "Clouds A",
                      {"athens": "aristocrats", "sparta": "eurypontid"}, False,
                      {"eurypontid": (37,), "agiad": (34,)},
                      {"aristocrats": 9, "demagogues": 9, "eurypontid": 8, "agiad": 8},
                      theaters=WITH_PERSIA, theater=True, last_turn=7),
    # 14.1.04 A: turns 4 and 5 at Peace, Aristocrats and Agiad governing, nine cards each,
    # the first Aristophanes card drawn at random (ruling R40)
    "14.1.04 A": Spec(("athens", "sparta"), 4, "", {"athens": "aristocrats", "sparta": "agiad"},
                      False, {}, NINE, theaters=WITH_PERSIA, theater=True, last_turn=5),
    # 14.1.01 C and 14.1.02 A: turns 1 and 2 at War while the Persian War lasts; in
    # 14.1.02 A the Athenian CF loses 10 Honor if Callias is not made (rulings R40, R45)
    "14.1.01 C": Spec(("athens", "sparta"), 1, "", {"athens": "aristocrats", "sparta": "agiad"},
                      True, {}, NINE, theaters=PERSIAN_WAR, theater=True, last_turn=1),
    "14.1.02 A": Spec(("athens", "sparta"), 2, "", {"athens": "aristocrats", "sparta": "agiad"},
                      True, {}, NINE, theaters=PERSIAN_WAR, theater=True, last_turn=2,
                      callias_penalty=10),
    # 14.1.03 A: turn 3, starting at War; a Peace made in its Political phase holds for
    # the rest of the turn, the theater phase included (ruling R48)
    "14.1.03 A": Spec(("athens", "sparta"), 3, "", {"athens": "aristocrats", "sparta": "agiad"},
                      True, {}, NINE, theaters=WITH_PERSIA, theater=True, last_turn=3),
    # 14.1.10 A: turn 10 at War, Frogs B first, Alcibiades in Persia; no levies, each
    # stock 8 short; Sparta wins by holding the Hellespont at the end (ruling R49)
    "14.1.10 A": Spec(("athens", "sparta"), 10, "Frogs B",
                      {"athens": "aristocrats", "sparta": "agiad"}, True, {}, NINE,
                      theaters=WITH_PERSIA, theater=True, last_turn=10, no_levies=True,
                      stock_cut=8, holds=("sparta", "hellespont"), alcibiades="persia"),
    # 14.1.09 A: theater-only training in the Aegean, theaters 6, 7, 13-19 and Persia, with
    # Alcibiades and two Persian bases there, at War (ruling R41)
    "14.1.09 A": Spec(("athens", "sparta"), 9, "", {"athens": "aristocrats", "sparta": "agiad"},
                      True, {}, {},
                      theaters=("sparta", "athens", "hellespont", "ionia", "lesbos", "chios",
                                "samos", "cyclades", "sporades", "persia"),
                      markers={"aristocrats": ("military",) * 3 + ("league", "rumor"),
                               "demagogues": ("military", "military", "league", "diplomatic",
                                              "rumor"),
                               "agiad": ("military",) * 3 + ("league", "rumor"),
                               "eurypontid": ("military", "military", "diplomatic",
                                              "diplomatic", "rumor")},
                      strategos=dict.fromkeys(("aristocrats", "demagogues", "agiad",
                                               "eurypontid"), 12),
                      political=False, theater=True, alcibiades="persia"),
    # 14.1.09 C: turn 9 at War, Callias made long ago, Alcibiades in Persia
    "14.1.09 C": Spec(("athens", "sparta"), 9, "", {"athens": "aristocrats", "sparta": "agiad"},
                      True, {}, NINE, theaters=WITH_PERSIA, theater=True, last_turn=9,
                      alcibiades="persia"),
    # 14.1.08 A: turn 8 at Peace, the Demagogues and the Agiad governing (ruling R40)
    "14.1.08 A": Spec(("athens", "sparta"), 8, "", {"athens": "demagogues", "sparta": "agiad"},
                      False, {}, NINE, theaters=WITH_PERSIA, theater=True, last_turn=8),
    # the main scenarios (14.2-14.4): Peace declared in their closing turns ends them in
    # the Political Issues segment; the final score adds the bonuses (11.4, R46, R47)
    "14.2": Spec(("athens", "sparta"), 1, "", {"athens": "aristocrats", "sparta": "agiad"},
                 False, {}, NINE, theaters=PERSIAN_WAR, theater=True, last_turn=5,
                 peace_ends_from=3, bonuses=True),
    "14.3": Spec(("athens", "sparta"), 6, "Clouds A",
                 {"athens": "aristocrats", "sparta": "eurypontid"}, False,
                 {"eurypontid": (37,), "agiad": (34,)},
                 {"aristocrats": 9, "demagogues": 9, "eurypontid": 8, "agiad": 8},
                 favor={"athens": "aristocrats"}, theaters=WITH_PERSIA, theater=True,
                 last_turn=10, peace_ends_from=8, bonuses=True),
    "14.4": Spec(("athens", "sparta"), 1, "", {"athens": "aristocrats", "sparta": "agiad"},
                 False, {}, NINE, theaters=PERSIAN_WAR, theater=True, last_turn=10,
                 peace_ends_from=7, bonuses=True, ravages=True),
}

SPECS |= {key: spec for key, (_, spec) in VIGNETTES.items()}

ATHENS, SPARTA = FACTIONS["athens"], FACTIONS["sparta"]
# Who holds what with four factions: one person a faction; two people, variant A
# (15.12), each a faction of each city; one or three people (15.1, 15.13): a place a
# faction, Phormio (or another Keryx level) taking the places nobody holds, as it
# does for variant B (two people on one side, four places).
SINGLES = tuple((f,) for f in ATHENS + SPARTA)
PHORMIO_COUNTS = ((4, SINGLES), (2, (("aristocrats", "agiad"), ("demagogues", "eurypontid"))),
                  (1, SINGLES), (3, SINGLES))
SCENARIOS: dict[str, Scenario] = {
    "14.1.06 B": Scenario("14.1.06 B", "Sparta Declares War (14.1.06 B)", SPARTA,
                          "The Spartan Assembly of 431 BC: will the Agiad carry war?"),
    "14.1.01 B": Scenario("14.1.01 B", "Ostracism of Thucydides (14.1.01 B)", ATHENS,
                          "The Athenian Assembly debates an ostracism."),
    "14.1.01 A": Scenario(
        "14.1.01 A", "Battle for Central Greece (14.1.01 A)", ATHENS + SPARTA,
        "Theater-only training in 460 BC: the city with more Honor wins, and its higher "
        "faction wins the game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.06 A1": Scenario(
        "14.1.06 A1", "Archidamian War, first turn (14.1.06 A, Keryx training)",
        ATHENS + SPARTA,
        "431 BC: both Assemblies, then the theaters; the city with more Honor wins, and "
        "its higher faction wins the game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.06 A": Scenario(
        "14.1.06 A", "Archidamian War (14.1.06 A)", ATHENS + SPARTA,
        "431-419 BC in two turns, the tournament scenario: the city with more Honor wins, "
        "and its higher faction wins the game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.04 A": Scenario(
        "14.1.04 A", "Periclean Peace (14.1.04 A)", ATHENS + SPARTA,
        "445-433 BC in two turns at Peace: the city with more Honor wins, and its higher "
        "faction wins the game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.08 A": Scenario(
        "14.1.08 A", "War in a Time of Peace (14.1.08 A)", ATHENS + SPARTA,
        "418-416 BC, one turn at Peace with the Demagogues governing Athens: the city with "
        "more Honor wins, and its higher faction wins the game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.01 C": Scenario(
        "14.1.01 C", "Isthmus of Corinth (14.1.01 C)", ATHENS + SPARTA,
        "460 BC, one turn at War while the Persian War lasts: the city with more Honor "
        "wins, and its higher faction wins the game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.02 A": Scenario(
        "14.1.02 A", "Peace of Callias (14.1.02 A)", ATHENS + SPARTA,
        "One turn at War: Athens must make peace with Persia or its governing faction "
        "loses 10 Honor; the city with more Honor wins.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.03 A": Scenario(
        "14.1.03 A", "End of the First Peloponnesian War (14.1.03 A)", ATHENS + SPARTA,
        "446 BC, one turn that starts at War; a Peace made in the Assemblies holds for "
        "the whole turn: the city with more Honor wins, and its higher faction wins the "
        "game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.10 A": Scenario(
        "14.1.10 A", "Fall of the Athenian Empire (14.1.10 A)", ATHENS + SPARTA,
        "405 BC, one turn at War: Sparta wins if it holds the Hellespont at the end; "
        "otherwise the city with more Honor wins.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.09 A": Scenario(
        "14.1.09 A", "War in the Aegean (14.1.09 A)", ATHENS + SPARTA,
        "Theater-only training in the Aegean, Alcibiades in Persia: the city with more "
        "Honor wins, and its higher faction wins the game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.1.09 C": Scenario(
        "14.1.09 C", "Turning of the Tide (14.1.09 C)", ATHENS + SPARTA,
        "411 BC, one turn at War with Alcibiades in Persia: the city with more Honor "
        "wins, and its higher faction wins the game.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.2": Scenario(
        "14.2", "Pentecontaetia: the First Peloponnesian War (14.2)", ATHENS + SPARTA,
        "460-445 BC, three to five turns: Peace declared from turn 3 ends the war; the city "
        "with more Honor after the final bonuses wins, and its higher faction wins the game.",
        teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.3": Scenario(
        "14.3", "The Second Peloponnesian War (14.3)", ATHENS + SPARTA,
        "431-404 BC from turn 6, three to five turns: Peace declared from turn 8 ends the "
        "war; the city with more Honor after the final bonuses wins.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "14.4": Scenario(
        "14.4", "The Suicide of Greece (14.4)", ATHENS + SPARTA,
        "The whole war, up to ten turns: Peace declared from turn 7 ends it; the city with "
        "more Honor after the final bonuses wins.", teams=(ATHENS, SPARTA),
        players=PHORMIO_COUNTS),
    "assembly-t6": Scenario(
        "assembly-t6", "Both Assemblies of 431 BC (Keryx training)", ATHENS + SPARTA,
        "Athens and Sparta debate at once; in each city the faction with more Honor "
        "wins.",
        # variant A (15.12): each of two people holds one faction in each city
        players=PHORMIO_COUNTS),
}
SCENARIOS |= {key: Scenario(key, f"{title} ({key})", ("aristocrats", "agiad"),
                            "A battle vignette: win every battle it lists to win.")
              for key, (title, _) in VIGNETTES.items()}


def initial_state(scenario: str) -> PericlesState:
    """The state before the first procedure runs: honor 10 each (3.1), stock 21 and
    Board 5 per city (ruling R1), the scenario's controlling factions."""
    spec = SPECS[scenario]
    comp = load_components()
    counts = comp.data.counts.strategos
    factions = ([f for c in spec.cities for f in CITY_FACTIONS[c]] if spec.vignette is None
                else ["aristocrats", "agiad"])
    piles = {c: [card.number for card in decks()[c].cards] for c in spec.cities}
    leaders = {x.faction: x.number for c in spec.cities for x in decks()[c].leaders}
    s = PericlesState(
        flow=[], scenario=scenario, turn=spec.turn, factions=factions, partners={},
        cities=list(spec.cities), honor={f: 10 for f in factions},
        strategos={f: 0 for f in factions},
        stock={c: max(0, counts["stock"] - spec.stock_cut) for c in spec.cities},
        board={c: counts["board"] for c in spec.cities}, war=spec.war,
        plague="post" if spec.turn >= 7 else "pre", alcibiades=spec.alcibiades,
        aristophanes=spec.aristophanes, controlling=dict(spec.controlling),
        favor={c: spec.favor.get(c) for c in spec.cities},
        deck=piles, discard={c: [] for c in spec.cities},
        hands={f: [leaders[f]] for f in factions}, entourage={f: [] for f in factions},
        brain_trust_used={f: False for f in factions}, leader_out={f: False for f in factions},
        display={c: [] for c in spec.cities}, next_issue={c: 1 for c in spec.cities},
        debate={c: {"round": 0, "designated": None} for c in spec.cities}, played=[],
        markers={f: [] for f in factions}, rumors=spec.rumors,
        hostages={c: 0 for c in spec.cities}, oration={f: 0 for f in factions},
        won={f: [] for f in factions}, log=[], over=False, resigned=None,
        forces={}, treachery={}, queues={}, order=[], committed={}, expedition=None,
        the_300=None, state_ship="ready", persian_war=spec.turn <= 2, battle=None, results=[],
        aristophanes_deck=sorted(c.id for c in comp.data.aristophanes if c.id != spec.aristophanes),
        restore={c: 0 for c in spec.cities}, will={}, will_penalty={c: 0 for c in spec.cities},
        granary_miss={}, victor=None, ravages=spec.ravages, removed={})
    if spec.theaters:
        place_forces(s, spec)
    if spec.vignette is not None:
        place_vignette(s, spec)
    return s


def place_vignette(s: PericlesState, spec: Spec) -> None:
    """The vignette's pieces in its one theater, every Strategos committed (14.1)."""
    assert spec.vignette is not None
    theater, pieces, strategos, ship, _ = spec.vignette
    s["forces"] = {theater: {o: {"land": land, "naval": naval, "bases": b}
                             for o, (land, naval, b) in pieces.items()}}
    s["treachery"] = {theater: {}}
    s["queues"] = {theater: []}
    s["committed"] = {"aristocrats": strategos["athens"], "agiad": strategos["sparta"]}
    s["expedition"] = {"theater": theater, "cg": "aristocrats", "city": "athens", "moves": 0,
                       "revealed": True, "ship": ship}
    s["state_ship"] = "used" if ship else "none"
    s["persian_war"] = False


def place_forces(s: PericlesState, spec: Spec) -> None:
    """The master set-up of the scenario's turn, on the theaters in play (14.1.11)."""
    setup = load_components().setups[spec.turn]
    s["forces"] = {t: {} for t in spec.theaters}
    s["treachery"] = {t: {} for t in spec.theaters}
    s["queues"] = {t: [] for t in spec.theaters}
    for st in setup.stacks:
        if st.theater in s["forces"]:
            s["forces"][st.theater][st.owner] = {"land": st.land, "naval": st.naval, "bases": st.bases}
    for tr in setup.treachery:
        if tr.theater in s["treachery"]:
            s["treachery"][tr.theater][tr.side] = tr.count
    s["the_300"] = setup.the_300 if setup.the_300 in s["forces"] else None
    s["persian_war"] = setup.persian_war == "active"
    for f, ms in spec.markers.items():
        s["markers"][f] = sorted(ms)
        s["strategos"][f] = spec.strategos[f]
