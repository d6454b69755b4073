"""No legal option is ever cut from a prompt (rules version 2 dropped the cut at 60), and
every one is reachable through the Discord transport's pages."""

from __future__ import annotations

from bot.ui import pages, prompt_view
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.replacements import disband_options, reinforce_options
from tests.athens_sparta.conftest import act, ids, position, prompt


def crowded_build():
    """Athens' replacement phase with every Athenian block on the map at one step, in
    Athenian cities (three a city at most, navies in ports): the longest disband and reinforce
    lists the rules can make."""
    bd = board()
    mine = sorted(b for b, spec in bd.blocks.items() if spec["side"] == "athens")
    cities = sorted((c for c in bd.cities.values() if c.get("side") == "athens"
                     and c.get("hex")), key=lambda c: (not c.get("major"), c["hex"]))
    ports = [c["hex"] for c in cities if c.get("port")]
    lands = [c["hex"] for c in cities]
    placed: dict[str, dict] = {}
    count: dict[str, int] = {}
    for b in sorted(mine, key=lambda b: bd.blocks[b]["type"] != "navy"):  # navies first
        h = next(h for h in (ports if bd.blocks[b]["type"] == "navy" else lands)
                 if count.get(h, 0) < 3)
        count[h] = count.get(h, 0) + 1
        placed[b] = {"hex": h, "strength": 1}
    return position(None, olympiad=84, turn=6, phase="replacement",
                    cards={"athens": {"hand": []}, "sparta": {"hand": []}},
                    blocks=placed | {"Sparta H1": {"hex": "I10", "strength": 2}}), mine


def reachable(p) -> set[str]:
    """Every option id some page of the Discord prompt shows (menus and buttons)."""
    d = p.to_dict()
    seen: set[str] = set()
    for page in range(pages(d)):
        for row in prompt_view(1, 1, d, page).to_components():
            for c in row["components"]:
                seen |= {o["value"] for o in c.get("options", [])}
                if c.get("custom_id", "").startswith("kx:c:"):
                    seen.add(c["custom_id"].split(":", 4)[4])
    return seen


def test_disband_offers_every_block_on_the_map_rule_8_6():
    g, mine = crowded_build()
    act(g, "D", "athens")
    p = prompt(g, "athens")
    assert set(ids(p)) == {f"d:{b}" for b in mine} | {"back"}
    assert len(disband_options(board(), g.state, "athens")) == len(mine)
    assert reachable(p) == set(ids(p))


def test_reinforce_reaches_every_block_through_its_city_rule_8_2():
    g, mine = crowded_build()
    legal = {o[0] for o in reinforce_options(board(), g.state, "athens")}
    assert len(legal) > 20  # long enough that the city is chosen first
    act(g, "R", "athens")
    found: set[str] = set()
    for city in [i for i in ids(prompt(g, "athens")) if i.startswith("w:")]:
        act(g, city, "athens")
        p = prompt(g, "athens")
        assert reachable(p) == set(ids(p))
        found |= {i for i in ids(p) if i.startswith("r:")}
        act(g, "back", "athens")
        act(g, "R", "athens")
    assert found == legal
