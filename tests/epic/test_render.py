"""The Epic renderer draws views only: maps, combat displays and player aids of real
positions, pixel probes for the facts they must show, and the redaction proof (states that
differ only in what a seat may not know give the same pictures)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.epic.components import load_components
from renders import theme
from renders.epic import aids, basemap, combat, mapdraw
from renders.registry import renderer

from .helpers import RULES, bare, leader, new, put

ATHENS = theme.SIDE["athens"]
SPARTA = theme.SIDE["sparta"]


@pytest.fixture(autouse=True)
def _no_disk_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("KERYX_RENDER_CACHE", str(tmp_path / "cache"))


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def pixel(img: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return img.getpixel((round(xy[0]), round(xy[1])))  # type: ignore[return-value]


def play(seed: str, actions: int, stop_at_battle: bool = False):
    """A random game of the Argive League played `actions` actions on (or until a battle
    is being fought), and the battles it ended so far."""
    g = engine.new_game("epic", "argive-league", seed=seed)
    player = Rng(f"player:{seed}")
    battles = []
    for _ in range(actions):
        if g.outcome is not None or (stop_at_battle and g.state["battle"]):
            break
        p = player.choice(g.prompts())
        battles += [e.data["battle"] for e in g.act(p.seat, random_answer(p, player))
                    if e.kind == "battle_end" and e.data.get("battle")]
    return g, battles


def base():
    return basemap.base_for("argive-league")


def test_maps_aids_and_combat_of_several_positions_render():
    r = renderer("epic")
    b = base()
    seen = set()
    for seed, n in (("a", 0), ("b", 250), ("c", 700), ("d", 5000)):
        g, battles = play(seed, n)
        for seat in (None, "athens", "sparta"):
            img = png(r.map(g.view(seat)))
            assert img.size == (b.width, b.height)
            seen.add(img.tobytes())
        aid = png(r.hand(g.view("athens")))
        assert aid.width == aids.WIDTH and aid.height > 500
        for battle in battles[-2:]:
            assert png(r.combat(battle, g.view(None))).width == combat.WIDTH
    assert len(seen) >= 4  # the positions differ, and so do their pictures
    g, _ = play("d", 5000)
    assert g.outcome is not None  # the last game was played to its end


def test_every_hex_of_the_regions_in_play_is_inside_the_window():
    comps = load_components()
    b = base()
    for region in comps.scenarios["argive-league"].in_play:
        for area in comps.region_areas[region]:
            for h in comps.area_hexes[area]:
                assert b.inside(h), h


def test_a_city_is_drawn_in_its_holders_colour():
    g = bare()
    comps = load_components()
    b = base()
    athens, mantinea = comps.cities["Athens"], comps.cities["Mantinea"]
    img = png(mapdraw.draw_map(g.view(None)))
    assert pixel(img, mapdraw.city_xy(b, athens.hex)) == ATHENS
    region = comps.region_of_city("Mantinea")
    side = g.state["regions"][region]["side"]
    g.state["marks"].pop("Mantinea", None)
    before = png(mapdraw.draw_map(g.view(None)))
    assert pixel(before, mapdraw.city_xy(b, mantinea.hex)) == theme.SIDE[side]
    other = "sparta" if side == "athens" else "athens"
    g.state["marks"]["Mantinea"] = other  # held against its region (4.3.1c)
    after = png(mapdraw.draw_map(g.view(None)))
    assert pixel(after, mapdraw.city_xy(b, mantinea.hex)) == theme.SIDE[other]


def test_a_stack_shows_its_side_and_count_and_leader():
    g = bare()
    b = base()
    empty = png(mapdraw.draw_map(g.view(None)))
    where = "W3133"  # Nauplia
    x, y = mapdraw.stack_xy(b, where, 0, 1)
    probe = (x - 9, y)  # inside the counter, left of its digits
    assert pixel(empty, probe) not in (ATHENS, SPARTA)
    put(g, "attica", "hoplite", where, n=3)
    three = png(mapdraw.draw_map(g.view(None)))
    assert pixel(three, probe) == ATHENS
    put(g, "attica", "hoplite", where, n=1)
    four = png(mapdraw.draw_map(g.view(None)))
    box = (round(x - 10), round(y - 10), round(x + 10), round(y))
    assert three.crop(box).tobytes() != four.crop(box).tobytes()  # the count changed
    leader(g, "Alcibiades", where)
    led = png(mapdraw.draw_map(g.view(None)))
    size = max(18, int(b.grid.radius * 0.6))
    tab = [pixel(led, (x + dx, y - size / 2 - 4)) for dx in range(-8, 9)]
    assert tab.count(theme.GOLD) > 8  # the leader's tab astride the counter's top
    assert [pixel(three, (x + dx, y - size / 2 - 4)) for dx in range(-8, 9)].count(theme.GOLD) == 0


def test_two_sides_in_one_hex_stand_side_by_side():
    g = bare()
    b = base()
    where = "W3133"
    put(g, "attica", "hoplite", where)
    put(g, "laconia", "hoplite", where)
    img = png(mapdraw.draw_map(g.view(None)))
    (ax, ay), (sx, sy) = mapdraw.stack_xy(b, where, 0, 2), mapdraw.stack_xy(b, where, 1, 2)
    assert pixel(img, (ax - 9, ay)) == ATHENS
    assert pixel(img, (sx - 9, sy)) == SPARTA


def test_a_siege_ring_is_in_the_besiegers_colour_with_its_morale():
    g = bare()
    b = base()
    where = load_components().cities["Mantinea"].hex
    x, y = mapdraw.city_xy(b, where)
    r = b.grid.radius * 0.42
    plain = png(mapdraw.draw_map(g.view(None)))
    g.state["sieges"][where] = {"by": "sparta", "morale": 5, "initial": 5}
    ringed = png(mapdraw.draw_map(g.view(None)))
    ring = (x, y + r - 1)  # the bottom of the ring
    assert pixel(ringed, ring) == SPARTA and pixel(plain, ring) != SPARTA
    tag = [(x - r * 1.1 - dx, y) for dx in range(0, 30)]  # "SIEGE 5", haloed, left of it
    assert sum(pixel(ringed, p) == SPARTA for p in tag) > 5
    assert not any(pixel(plain, p) == SPARTA for p in tag)


def test_region_markers_and_track_follow_control_al_and_ml():
    g = bare()
    b = base()
    comps = load_components()
    x, y = b.region_label["argolid"]
    marker = (x - 30, y - b.grid.radius * 0.25 - 2)  # the marker's face, left of its text
    g.state["regions"]["argolid"]["side"] = "athens"
    blue = png(mapdraw.draw_map(g.view(None)))
    assert pixel(blue, marker) == ATHENS
    g.state["regions"]["argolid"]["side"] = "sparta"
    red = png(mapdraw.draw_map(g.view(None)))
    assert pixel(red, marker) == SPARTA
    # the AL bar under the map: filled to its value, paper beyond it
    regions = [r for r in g.state["regions"] if r in b.in_play]
    i = regions.index("argolid")
    right = 190
    cw = (b.width - 20 - right) / len(regions)
    bx0, bx1 = 10 + i * cw + 28, 10 + i * cw + cw - 34
    top = b.map_bottom + 10
    g.state["regions"]["argolid"]["al"] = 8  # 12 of 24 steps above -4: half the bar
    img = png(mapdraw.draw_map(g.view(None)))
    assert pixel(img, (bx0 + (bx1 - bx0) * 0.4, top + 42)) == SPARTA
    assert min(pixel(img, (bx0 + (bx1 - bx0) * 0.6, top + 42))) > 240  # white
    assert comps.regions["argolid"].name == "Argolid"


def test_banner_shows_the_treasuries_in_side_colours():
    g = new()
    img = png(mapdraw.draw_map(g.view("athens")))
    row = [img.getpixel((x, 16)) for x in range(img.width - 300, img.width)]
    assert ATHENS in row and SPARTA in row


def test_the_player_aid_marks_al_and_ml_on_their_tracks():
    g = bare()
    g.state["regions"]["argolid"].update(side="athens", al=7, ml=3)
    img = png(aids.render(g.view("athens")))
    regions = list(g.state["regions"])
    k = regions.index("argolid")
    x0 = aids.PAD + aids.NAME_W + 30
    cells = aids.AL_RANGE[1] - aids.AL_RANGE[0] + 1
    cw = (aids.WIDTH - aids.PAD - x0 - 70) / cells
    y = aids.HEAD + aids.PAD + 22 + k * (2 * aids.ROW + 8)

    def at(value: int, row: int) -> tuple[float, float]:
        return x0 + (value - aids.AL_RANGE[0]) * cw + cw / 2, y + row * aids.ROW + aids.ROW / 2

    assert pixel(img, at(7, 0)) == ATHENS and min(pixel(img, at(8, 0))) > 240  # white
    assert pixel(img, at(3, 1)) == ATHENS and min(pixel(img, at(7, 1))) > 240


def test_combat_display_draws_the_crt_row_used_with_the_rolled_die_in_gold():
    """Every battle of real games carries its record (no sentences to parse, issue 30):
    each round's column, die and results are facts, the display draws the CRT row of the
    column the record gives, and the rolled die's cell is gold."""
    battles = []
    for seed in ("k1", "k2", "k3"):
        battles += play(seed, 5000)[1]
    assert battles and all("lines" not in b for b in battles)
    rolls = [st for b in battles for _, st in combat.steps(b) if st["kind"] == "crt"]
    assert rolls and all(st["facts"]["results"] == list(combat.crt_row(
        st["facts"]["column"])[st["dice"][0] - 1]) for st in rolls)
    checks = [st for b in battles for _, st in combat.steps(b) if st["kind"] == "check"]
    assert checks and all(st["facts"]["result"] in combat.CHECK_RESULTS for st in checks)
    battle = next(b for b in battles if combat.steps(b) and
                  combat.steps(b)[0][1]["kind"] == "crt")
    img = combat.render_image(battle)
    first = combat.steps(battle)[0][1]
    rolled = first["dice"][0]
    x0, cw = combat.CRT_X, (combat.WIDTH - combat.PAD - combat.CRT_X) / 6
    # the first round's CRT row: the first gold pixel down the rolled die's cell
    y = next(y for y in range(img.height) if pixel(img, (x0 + (rolled - 1) * cw + 4, y)) ==
             theme.GOLD) + 10
    assert y > combat.kit.HEAD + combat.kit.UNIT + 34  # below the units
    assert pixel(img, (x0 + (rolled - 1) * cw + 4, y + 30)) == theme.GOLD
    other = rolled % 6  # another die face's cell, 0-based
    assert min(pixel(img, (x0 + other * cw + 4, y + 30))) > 240  # white


def test_battle_in_progress_is_ringed_on_the_map():
    g, _ = play("ring", 5000, stop_at_battle=True)
    assert g.state["battle"], "no battle within the game"
    b = base()
    img = png(mapdraw.draw_map(g.view(None)))
    h = g.state["battle"]["hex"]
    if h in load_components().hexes and b.inside(h):
        x, y = b.centre(h)
        r = b.grid.radius * 0.95
        assert theme.GOLD in [img.getpixel((round(x + dx), round(y - r + 1))) for dx in (-1, 0, 1)]
    assert png(renderer("epic").combat(g.view(None)["battle"], g.view(None))).height > 150


@pytest.mark.parametrize("seat", [None, "athens", "sparta"])
def test_pictures_are_the_same_whatever_a_seat_may_not_know(seat):
    """Two states differing only in hidden facts (the order of the face-down Leader Pools,
    RULINGS.md) give identical map and aid images."""
    g, _ = play("hide", 400)
    view = g.view(seat)
    extra = {"common": view["common"], "game": view["game"]}
    m, a = mapdraw.draw_map(view), aids.render(view) if seat else None
    variants = list(RULES.hidden_variants(g.state, seat, Rng("x")))
    assert any(v["leader_pool"] != g.state["leader_pool"] for v in variants)
    for v in variants:
        other = RULES.view(v, seat) | extra
        assert mapdraw.draw_map(other) == m
        if seat:
            assert aids.render(other) == a


def test_fleets_at_sea_stand_by_their_sea_areas_name_or_at_the_edge():
    """Fleets in a sea Area (16.4) are drawn under the Area's name; a stack out of the
    window stands on its edge."""
    g = bare()
    b = base()
    put(g, "attica", "fleet", "saronic-gulf", n=2)
    put(g, "laconia", "fleet", "latmian-gulf")  # across the Aegean, out of the window
    img = png(mapdraw.draw_map(g.view(None)))
    assert "saronic-gulf" in b.area_label and not b.inside("latmian-gulf")
    x, y = mapdraw.stack_xy(b, "saronic-gulf", 0, 1)
    assert pixel(img, (x - 9, y)) == ATHENS
    ex, ey = mapdraw.at_edge(b, "latmian-gulf")
    assert ex > b.width - b.grid.radius  # the Latmian Gulf lies east of the window
    assert pixel(img, (ex - 9, ey)) == SPARTA


@pytest.mark.parametrize("seed", ["w1", "w2"])
def test_positions_all_through_random_games_render(seed):
    """Whatever a random game puts on the board (fleets at sea, sieges, razed cities,
    stacks far afield), its map, aids and battles draw."""
    r = renderer("epic")
    g = engine.new_game("epic", "argive-league", seed=seed)
    player = Rng(f"player:{seed}")
    n = 0
    while g.outcome is None:
        p = player.choice(g.prompts())
        for e in g.act(p.seat, random_answer(p, player)):
            if e.kind == "battle_end" and e.data.get("battle"):
                r.combat(e.data["battle"], None)
        n += 1
        if n % 80 == 0:
            r.map(g.view(p.seat))
            r.hand(g.view(p.seat))
    assert png(r.map(g.view(None))).height == base().height


def test_raided_areas_are_marked_by_their_names():
    g = bare()
    b = base()
    area = "megarid" if "megarid" in b.area_label else next(iter(b.area_label))
    x, y = b.area_label[area]
    r = b.grid.radius
    box = tuple(round(v) for v in (x - 40, y - r * 0.6, x + 40, y + r * 0.4))
    plain = png(mapdraw.draw_map(g.view(None))).crop(box)
    g.state["raided"][area] = 2
    marked = png(mapdraw.draw_map(g.view(None))).crop(box)
    def colours(img: Image.Image) -> set:
        return {c for _, c in img.getcolors(maxcolors=1 << 16) or []}

    assert mapdraw.RAID in colours(marked) and mapdraw.RAID not in colours(plain)


def _count(img: Image.Image, rgb: tuple[int, int, int]) -> int:
    return sum(n for n, c in img.convert("RGB").getcolors(1 << 22) or [] if c == rgb)


def test_four_player_map_and_aids_draw_each_ally_in_his_colour():
    g = engine.new_game("epic", "four-player", seed="colours")
    view = g.view(None)
    img = png(mapdraw.draw_map(view))
    for seat in ("athens", "sparta", "thebes", "corinth"):
        assert _count(img, theme.SIDE[seat]) > 500, seat  # region markers, track, treasury
    aid = png(aids.render(g.view("thebes")))
    assert _count(aid, theme.SIDE["thebes"]) > 100
    assert renderer("epic").colours["corinth"] == theme.SIDE["corinth"]
    two = png(mapdraw.draw_map(engine.new_game("epic", "argive-league", seed="c").view(None)))
    assert _count(two, theme.SIDE["thebes"]) == 0  # two players: no allies' colours


def test_seated_view_colours_pieces_and_regions_by_player():
    g = engine.new_game("epic", "three-player", seed="seated")
    view = g.view(None)
    seated = mapdraw.seated(view)
    assert seated["regions"]["boeotia"]["side"] == "thebes"
    assert view["regions"]["boeotia"]["side"] == "sparta"  # the view itself is untouched
    assert seated["leaders"]["Pagondas"]["side"] == "thebes"
    assert mapdraw.seat_of_city(view, "Thebes", "sparta") == "thebes"
    assert mapdraw.seat_of_city(view, "Sparta", "sparta") == "sparta"
    assert mapdraw.seated(engine.new_game("epic", "argive-league").view(None))["regions"][
        "boeotia"]["side"] == "sparta"
