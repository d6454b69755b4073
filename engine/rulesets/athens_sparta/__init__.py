"""Athens & Sparta (Columbia Games, 2007): ruleset `athens-sparta`."""
