"""Units named as a player would name them (issue 33): "an Argive hoplite", "3 Laconian
hoplites", "Attic fleet 4" — never an internal id such as `attica-fleet-4`. Component
data only; nothing here reads a game's state."""

from __future__ import annotations

from . import board as B
from .state import EState

ADJECTIVE = {
    "acarnania": "Acarnanian", "achaea": "Achaean", "aegean-islands": "Aegean island",
    "aetolia": "Aetolian", "arcadia": "Arcadian", "argolid": "Argive", "attica": "Attic",
    "boeotia": "Boeotian", "chalcidice": "Chalcidian", "chios": "Chian",
    "corinth": "Corinthian", "elis": "Elean", "epidaurus": "Epidaurian", "epirus": "Epirote",
    "euboea": "Euboean", "hellespont": "Hellespontine", "laconia": "Laconian",
    "lesbos": "Lesbian", "macedon": "Macedonian", "megarid": "Megarian",
    "phocis-locris": "Phocian", "rhodes": "Rhodian", "samos": "Samian",
    "thessaly": "Thessalian", "thrace": "Thracian", "western-islands": "Western island",
    "sicily": "Sicilian", "persia": "Persian",
}
SINGULAR = {"hoplite": "hoplite", "light": "light infantry", "cavalry": "cavalry",
            "fleet": "fleet"}
PLURAL = {"hoplite": "hoplites", "light": "light infantry", "cavalry": "cavalry",
          "fleet": "fleets"}


def adjective(home: str) -> str:
    if home in ADJECTIVE:
        return ADJECTIVE[home]
    region = B.comps().regions.get(home)
    return region.name if region is not None else home.replace("-", " ").title()


def region_name(region: str) -> str:
    """A region's name as the map prints it, capitalised ("Phocis/Locris")."""
    r = B.comps().regions.get(region)
    return r.name if r is not None else region.replace("-", " ").title()


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def kind(home: str, utype: str, n: int | None = None) -> str:
    """Units of one kind: "an Argive hoplite" (n None), "1 Argive hoplite", "3 Argive
    hoplites"."""
    adj = adjective(home)
    if n is None:
        return f"{article(adj)} {adj} {SINGULAR.get(utype, utype)}"
    noun = SINGULAR.get(utype, utype) if n == 1 else PLURAL.get(utype, utype)
    return f"{n} {adj} {noun}"


def unit(uid: str, home: str, utype: str) -> str:
    """One unit by name and number: "Argive hoplite 13"."""
    number = uid.rsplit("-", 1)[-1]
    label = f"{adjective(home)} {SINGULAR.get(utype, utype)}"
    return f"{label} {number}" if number.isdigit() else label


def count(n: int, noun: str = "unit", plural: str | None = None) -> str:
    """ "1 unit", "2 units"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def named(s: EState, uid: str) -> str:
    """A unit of the state by name: "Argive hoplite 13" (an unknown id as it is)."""
    u = s["units"].get(uid)
    return unit(uid, u["home"], u["type"]) if u is not None else uid


def listed(s: EState, uids: list[str]) -> str:
    return ", ".join(named(s, u) for u in uids)
