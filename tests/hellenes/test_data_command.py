"""`keryx data hellenes` prints the component data though no Hellenes rules are registered."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from keryx.cli import app

runner = CliRunner()


def test_data_hellenes_prints_the_named_fields():
    res = runner.invoke(app, ["data", "hellenes"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    fields = {
        "areas": {"id", "name", "kind", "region", "adjacent"},
        "cities": {"name", "value", "port", "area", "loyalty", "nationality"},
        "blocks": {"id", "name", "side", "nation", "type", "max_strength", "agility", "power"},
        "cards": {"number", "name", "av", "event"},
    }
    for key, names in fields.items():
        assert data[key] and all(names <= set(item) for item in data[key]), key
    assert {a["kind"] for a in data["areas"]} == {"land", "sea"}
    assert sorted(data["setups"]) == sorted(["431", "sicily", "413", "415"])
    assert (len(data["blocks"]), len(data["cards"])) == (106, 55)


def test_data_unknown_ruleset_is_a_clear_error():
    res = runner.invoke(app, ["data", "chess"])
    assert res.exit_code == 2 and "Unknown ruleset 'chess'" in res.output
