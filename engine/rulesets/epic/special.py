"""What each two-player scenario on the simplified turn changes (rules 22.4, 28.4, 29.4).

The Argive League and both "Fantasy" scenarios share the simplified turn of 22.4.1; they
differ in the cities outside the regions in play that Athens may use, in tribute, in bases
and in how the game is won."""

from __future__ import annotations

# 22.4.2, 28.4.3a: cities outside the regions in play Athenian units may enter and be
# supplied in; 22.4.2b, 28.4.3b: extra Athenian supply sources among them or beside them.
ENTER = {
    "argive-league": ("Zacynthus", "Naupactus", "Corcyra"),
    "spartan-fantasy": ("Zacynthus", "Naupactus"),
    "athenian-fantasy": ("Zacynthus", "Naupactus"),
}
SUPPLY_SOURCES = {
    "argive-league": ("Corcyra",),
    "spartan-fantasy": ("Corcyra",),
    "athenian-fantasy": ("Corcyra",),
}
FRIENDS = ("Zacynthus", "Naupactus", "Corcyra")  # friendly to Athens where they are used

EMPIRE = ("argive-league",)  # 22.4.4: the Empire's yearly 15 + 1d6
PERMANENT_BASES = {"argive-league": 3}  # 22.4.5
NO_TRIBUTE = {"spartan-fantasy": ("athens",), "athenian-fantasy": ("athens",)}  # 28.4.2, 29.4.2


def enterable(scenario: str) -> tuple[str, ...]:
    return ENTER.get(scenario, ())


def athens_friend(scenario: str, city: str) -> bool:
    """Out-of-play cities Athens may use in this scenario are its friends."""
    return city in FRIENDS and (city in ENTER.get(scenario, ())
                                or city in SUPPLY_SOURCES.get(scenario, ()))


def collects_tribute(scenario: str, side: str) -> bool:
    return side not in NO_TRIBUTE.get(scenario, ())
