"""`keryx data pericles` prints the component data though no Pericles rules are registered."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from keryx.cli import app

runner = CliRunner()


def test_data_pericles_prints_the_keys():
    res = runner.invoke(app, ["data", "pericles"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["ruleset"] == "pericles"
    assert {"theaters", "routes", "cards", "aristophanes", "setups", "counts"} <= set(data)
    assert len(data["theaters"]) == 21 and {t["type"] for t in data["theaters"]} == {"land", "naval", "box"}
    assert {r["kind"] for r in data["routes"]} == {"land", "naval", "both"}
    assert sorted(data["cards"]["decks"]) == ["athens", "sparta"]
    assert [len(d["cards"]) + len(d["leaders"]) for d in data["cards"]["decks"].values()] == [32, 32]
    assert len(data["aristophanes"]) == 24
    assert sorted(data["setups"], key=int) == ["1", "2", "3", "4", "6", "8", "9", "10"]

