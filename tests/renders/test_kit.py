"""The renderer kit (renders/pieces): one cache of base maps, point-to-point boards with
land, sea and combined paths, tracks, ordered stacks of markers and card hands for any
number of seats, each checked on what it draws (pixel probes) or returns."""

from __future__ import annotations

import io
import threading

import pytest
from PIL import Image, ImageDraw

from renders import theme
from renders.pieces import basecache, hands, markers, pointboard, track


def test_one_cache_builds_each_base_once_even_when_threads_ask_together():
    built = []

    def build():
        built.append(1)
        return object()

    basecache.forget("kit-test")
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(basecache.get("kit-test", "k", build)))
               for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(built) == 1 and len({id(g) for g in got}) == 1
    assert ("kit-test", "k") in basecache.held()
    basecache.forget("kit-test")
    assert ("kit-test", "k") not in basecache.held()


def test_the_three_products_share_the_one_cache():
    import engine
    import renders

    renders.render_map(engine.new_game("hellenes", scenario="431", seed="1").view(None))
    renders.render_map(engine.new_game("athens-sparta", seed="1").view(None))
    held = {ruleset for ruleset, _key in basecache.held()}
    assert {"hellenes", "athens-sparta"} <= held


def pericles_board() -> tuple[pointboard.Board, list[pointboard.Path]]:
    """Pericles' theaters and routes, from its component data, as a kit board."""
    from engine.rulesets.pericles.components import load_components

    data = load_components().data
    spaces = [pointboard.Space(t.key, t.name, t.lat, t.lon,
                               "sea" if t.type == "naval" else "land")
              for t in data.theaters if t.lat is not None]
    keys = {s.id for s in spaces}
    kinds = {"land": "land", "naval": "sea", "both": "both"}
    paths = [pointboard.Path(r.a, r.b, kinds[r.kind]) for r in data.routes
             if r.a in keys and r.b in keys]
    return pointboard.build(spaces, paths), paths


def test_a_point_to_point_board_draws_every_kind_of_path_from_data():
    board, paths = pericles_board()
    assert {p.kind for p in paths} == {"land", "sea", "both"}
    img = board.image
    for space, (x, y) in board.at.items():
        assert 0 < x < img.width and 0 < y < img.height, space
    colours = {"land": pointboard.LAND_PATH, "sea": pointboard.SEA_PATH,
               "both": pointboard.BOTH_PATH}
    for kind in ("land", "sea", "both"):
        path = next(p for p in paths if p.kind == kind)
        (ax, ay), (bx, by) = board.at[path.a], board.at[path.b]
        # some pixel near the path's middle carries its kind's colour
        near = [img.getpixel((round((ax + bx) / 2 + dx), round((ay + by) / 2 + dy)))
                for dx in range(-8, 9) for dy in range(-8, 9)]
        assert colours[kind] in near, kind
    with pytest.raises(ValueError):
        pointboard.draw_path(ImageDraw.Draw(img.copy()), (0, 0), (9, 9), "air")


def test_marker_stacks_are_lifo_and_show_faces_only_to_their_seats():
    stack = markers.MarkerStack()
    stack.put(markers.Marker("Revolt", "sparta", frozenset({"sparta"})))
    stack.put(markers.Marker("+2", "athens", frozenset({"*"})))
    stack.put(markers.Marker("Plague", "athens", frozenset({"athens"})))
    assert stack.seen_by("athens") == [None, "+2", "Plague"]
    assert stack.seen_by("sparta") == ["Revolt", "+2", None]
    assert stack.seen_by(None) == [None, "+2", None]
    assert stack.take().face == "Plague" and stack.top() is not None
    assert stack.top().face == "+2"  # type: ignore[union-attr]
    img = Image.new("RGB", (120, 120), theme.WHITE)
    box = markers.draw(ImageDraw.Draw(img), 60, 60, 30, stack.markers, stack.seen_by("athens"))
    assert box[2] - box[0] > 30  # a pile, not one marker
    # the top marker (open to all) is face up: paper inside; the one under it, face down
    # to Athens, shows Sparta's colour at its uncovered lower-left corner
    assert img.getpixel((round(box[2] - 4), round(box[1] + 4))) == theme.PAPER
    assert img.getpixel((round(box[0] + 3), round(box[3] - 3))) == theme.SIDE["sparta"]
    stack.take()
    stack.take()
    with pytest.raises(IndexError):
        stack.take()


def test_a_two_sided_track_puts_its_marker_on_the_value():
    t = track.Track(-15, 15, "Sparta Wins", "Athens Wins", theme.SIDE["sparta"],
                    theme.SIDE["athens"], middle=0, absolute=True)
    img = Image.new("RGB", (1400, 60), theme.WHITE)
    d = ImageDraw.Draw(img)
    (x0, _), = track.draw(d, t, [(0, theme.INK)], 0, 10, 1400)
    (x5, _), = track.draw(d, t, [(5, theme.INK)], 0, 10, 1400)
    (xm, _), = track.draw(d, t, [(-40, theme.INK)], 0, 10, 1400)  # off the end: at -15
    cw = (1400 - 240) / 31
    assert x5 - x0 == pytest.approx(5 * cw) and xm == pytest.approx(120 + cw / 2)
    assert track.cell_fill(t, 0) == theme.PAPER
    assert track.cell_fill(t, 15) != track.cell_fill(t, -15)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_hands_for_any_number_of_seats(seats):
    sides = ["athens", "sparta", "thebes", "corinth"][:seats]
    card = hands.Card("#1 Test", "Some words of our own.", 2, theme.SIDE["athens"])
    rows = [hands.SeatHand("Athens", "athens", (card, card))] + \
        [hands.SeatHand(s.title(), s, hidden=3) for s in sides[1:]]
    img = Image.open(io.BytesIO(hands.render(rows))).convert("RGB")
    expected = (hands.GAP + hands.NAME_H + hands.CARD_H + hands.GAP
                + (seats - 1) * (hands.NAME_H + hands.BACK_H + hands.GAP))
    assert img.height == expected
    # each other seat's first back is in its colour
    y = hands.GAP + hands.NAME_H + hands.CARD_H + hands.GAP + hands.NAME_H + hands.BACK_H // 2
    for s in sides[1:]:
        assert img.getpixel((hands.GAP + 3, y)) == theme.SIDE[s], s
        y += hands.NAME_H + hands.BACK_H + hands.GAP
