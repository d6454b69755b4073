"""The engine kernel: types, seeded dice, the ruleset contract and the game driver."""
