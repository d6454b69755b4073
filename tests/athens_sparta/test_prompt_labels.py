"""Destination labels a player can read without the map's hex ids (rules 4.4, 4.5)."""

from __future__ import annotations

from .conftest import act, base, prompt


def test_every_destination_is_a_place_name_and_strategic_moves_are_explained():
    g = base()
    act(g, "b:Sparta H1")
    p = prompt(g)
    if any(o.id.startswith("k:") for o in p.options):
        act(g, "k:op")
        p = prompt(g)
    labels = [o.label for o in p.options if o.id != "back"]
    assert labels
    for label in labels:
        head = label.split(" — ")[0].split(" (")[0]
        # no bare hex id such as "I9": either a city or "hex I9 by <city>"
        assert not (len(head) <= 3 and head[0].isalpha() and head[1:].isdigit()), label
    hexes = [lab for lab in labels if lab.startswith("hex ")]
    assert hexes and all(" by " in lab for lab in hexes), labels


def _all_destinations(g, block):
    """Every destination option of a block, through the kind-of-move split if any."""
    act(g, f"b:{block}")
    p = prompt(g)
    kinds = [o.id for o in p.options if o.id.startswith("k:")]
    if not kinds:
        return p.text, list(p.options)
    options = []
    for k in kinds:
        act(g, k)
        options += prompt(g).options
        act(g, "back")
        act(g, f"b:{block}")
    return prompt(g).text, options


def test_march_and_sea_labels_say_they_are_strategic_and_the_prompt_says_why():
    # A Corinthian hoplite in its port city may move, march and sail.
    g = base(blocks={"Corinth H1": {"hex": "I8"}, "Athens H1": {"hex": "K8"}})
    text, options = _all_destinations(g, "Corinth H1")
    marches = [o.label for o in options if o.id.startswith("m|")]
    seas = [o.label for o in options if o.id.startswith("s|")]
    assert marches and seas
    assert all(lab.endswith("— march (strategic, 4.51)") for lab in marches), marches
    assert all(lab.endswith("— by sea (strategic, 4.52)") for lab in seas), seas
    if not any(o.id.startswith("k:") for o in prompt(g).options):
        assert "strategic moves (4.5)" in text


def test_a_navy_moving_into_enemy_blocks_is_tagged_an_attack_rule_4_4():
    """Issue 34 (text): armies' attacks said "(attack)", navies' did not."""
    from tests.athens_sparta.conftest import act, base, prompt

    g = base(blocks={"Corinth N": {"hex": "I8"}, "Athens N3": {"hex": "K8"},
                     "Sparta H1": {"hex": "I10"}})
    act(g, "b:Corinth N")
    labels = [o.label for o in prompt(g).options]
    assert "Athens (attack)" in labels
    assert not any("(attack)" in lab for lab in labels if not lab.startswith("Athens"))
