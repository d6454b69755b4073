"""Built-in rulesets, one package each (`engine.ruleset_ids()` lists every known one)."""
