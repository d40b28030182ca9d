"""Orders given by clicking the game page's map (map_orders.js): three players pick their
nations by clicking a start area on the map (SITE-PICK-03), the game is played on through the
order form up to the first movement, and the mover makes a move by clicking its source and its
destination, then Done (SITE-MOVE-01, SITE-MOVE-06); the game's true state shows the orders
applied."""
from __future__ import annotations

import json
import secrets

import pytest

from tresham.games.advciv.data import load

from .conftest import (assert_no_console_errors, check_axe, create_game, game_url, join_game, main_text,
                       screenshot, start_prepared, submit_order, waits_on_me)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: A screen point inside an area of the inlined map (and hit there by elementsFromPoint).
POINT_IN_AREA = """(area) => {
  const path = document.getElementById('r-' + area);
  const view = document.querySelector('.board-view');
  if (!path || !view) return null;
  view.scrollIntoView({block: 'center', behavior: 'instant'});
  const b = path.getBBox(), m = path.getScreenCTM(), svg = path.ownerSVGElement;
  const best = [];
  for (let i = 1; i < 16; i++) for (let j = 1; j < 16; j++) {
    const p = svg.createSVGPoint();
    p.x = b.x + b.width * i / 16; p.y = b.y + b.height * j / 16;
    if (!path.isPointInFill(p)) continue;
    const t = p.matrixTransform(m), s = {x: Math.round(t.x), y: Math.round(t.y)};  /* a mouse event's whole pixels */
    const hit = document.elementsFromPoint(s.x, s.y).map(e => e.closest && e.closest('[data-area]')).find(e => e);
    /* the area itself, not a piece of its own that takes clicks apart (a ship, TBL-23) */
    if (hit && hit.getAttribute('data-area') === area && !hit.closest('[data-piece]')) best.push([s.x, s.y, Math.hypot(i - 8, j - 8)]);
  }
  best.sort((a, b) => a[2] - b[2]);
  return best.length ? best[0].slice(0, 2) : null;
}"""


def open_map(page, game_id: int) -> dict:
    """The game page, its map inlined and the script's data (the viewer's own decisions)."""
    page.goto(game_url(game_id))
    page.wait_for_selector(".board-view g.area.mo-offer", state="attached")
    return json.loads(page.locator("#map-orders-data").text_content())


def click_area(page, area: str, *, shift: bool = False) -> None:
    xy = page.evaluate(POINT_IN_AREA, area)
    assert xy, f"no point of {area} can be clicked on the map"
    if shift:
        page.keyboard.down("Shift")
    page.mouse.click(xy[0], xy[1])
    if shift:
        page.keyboard.up("Shift")


def confirm_pick(page, site, game_id: int, nation: str) -> None:
    """The pick clicked on the map is asked to be confirmed, with what it does, before it is
    sent (SITE-TABLE-05): nothing is sent until "Confirm the pick"."""
    revision = site.oracle.game(game_id)["revision"]
    box = page.locator("#map-orders .mo-confirm")
    box.wait_for()
    assert f"Pick {nation}" in box.inner_text() and "cannot be changed" in box.inner_text()
    page.locator("#map-orders .mo-confirm .mo-preview").wait_for()  # the preview's lines
    assert site.oracle.game(game_id)["revision"] == revision  # not sent yet
    with page.expect_navigation():  # the order is posted: wait for the page that answers it
        box.get_by_role("button", name="Confirm the pick").click()


def accepted(page) -> None:
    page.wait_for_load_state()
    assert page.locator("#error").count() == 0, page.locator("#error").inner_text()
    assert "Order accepted" in page.locator(".messages").inner_text(), main_text(page)


@pytest.mark.site("SITE-PICK-03", "SITE-PICK-04", "SITE-PICK-05", "SITE-MOVE-01", "SITE-MOVE-03", "SITE-MOVE-06",
                  "SITE-TABLE-05")
def test_picks_and_a_move_by_clicking_the_map(site, players):
    oracle = site.oracle
    name = f"Map game {secrets.token_hex(2)}"
    game_id = create_game(site, players[0], name)
    for p in players[1:]:
        join_game(p, name)
    by_seat = {oracle.seat_of(game_id, p.username): p for p in players}

    # the last in pick order pre-selects a nation by clicking its start area (SITE-PICK-04)
    state = oracle.state(game_id)
    last = state.step["order"][-1]
    page = by_seat[last].page
    data = open_map(page, game_id)
    assert data["seat"] == last and [x["kind"] for x in data["decisions"]] == ["pick"]
    assert not data["decisions"][0]["required"]
    nations = data["decisions"][0]["options"]["nations"]
    pre = sorted(nations)[-1]
    click_area(page, nations[pre][0])
    confirm_pick(page, site, game_id, pre)
    accepted(page)
    picked = {last: (pre, nations[pre][0])}
    check_axe(page, "the game page with the map's pick panel")

    # the others pick, in pick order, each by a click on an offered start area (SITE-PICK-03);
    # the pre-selection is then confirmed by itself (SITE-PICK-05)
    while oracle.state(game_id).phase == "pick":
        d = oracle.required(game_id)
        assert d is not None and d.kind == "pick" and d.player != last
        page = by_seat[d.player].page
        data = open_map(page, game_id)
        assert data["seat"] == d.player and [x["kind"] for x in data["decisions"]] == ["pick"]
        assert data["decisions"][0]["required"]
        nations = data["decisions"][0]["options"]["nations"]
        nation = sorted(nations)[0]
        area = nations[nation][0]
        assert page.locator(f"#area-{area}.mo-offer").count() == 1
        click_area(page, area)
        confirm_pick(page, site, game_id, nation)
        accepted(page)
        assert_no_console_errors(page, "the game page after a pick on the map")
        picked[d.player] = (nation, area)
    state = oracle.state(game_id)
    assert sorted(picked) == [0, 1, 2]
    for seat, (nation, area) in picked.items():
        assert state.players[seat].nation == nation
        view = oracle.rules.view(state, seat)
        assert view["board"]["tokens"][area][nation] >= 1

    # on through the order form, to the first movement that waits on someone
    for i in range(200):
        d = oracle.required(game_id)
        if d.kind == "move":
            break
        page = by_seat[d.player].page
        page.goto(game_url(game_id))
        submit_order(page, game_id, oracle.bot_order(game_id, d.player, f"map:{i}"))
    else:
        raise AssertionError("no movement reached")

    seat = d.player
    page = by_seat[seat].page
    state = oracle.state(game_id)
    nation = state.players[seat].nation
    areas = load().map.areas
    data = open_map(page, game_id)
    assert data["seat"] == seat and data["decisions"][0]["kind"] == "move" and data["decisions"][0]["required"]
    src = max(sorted(data["tokens"]), key=lambda a: data["tokens"][a])
    dst = sorted(b for b in areas[src].land_adj if page.locator(f"#area-{b}").count())[0]
    before = oracle.rules.view(state, seat)["board"]["tokens"]
    n_src, n_dst = before[src][nation], (before.get(dst) or {}).get(nation, 0)
    assert data["tokens"][src] == n_src

    # a move made and removed again
    click_area(page, src)
    click_area(page, dst)
    pending = page.get_by_role("list", name="Your pending moves")
    assert f"1 from {load().map.areas[src].name}" in pending.inner_text()
    pending.get_by_role("button", name="Remove").click()
    assert "No move yet" in pending.inner_text()

    click_area(page, src)  # one token (SITE-MOVE-01)
    count = 1
    if n_src >= 2:
        click_area(page, src, shift=True)  # one more (SITE-MOVE-03)
        click_area(page, src, shift=True)  # one more if there is one
        click_area(page, src)  # the source again: one back (SITE-MOVE-01)
        count = 2 if n_src >= 3 else 1
    assert page.locator(f"#area-{src}.mo-source").count() == 1
    click_area(page, dst)
    assert f"{count} from" in pending.inner_text(), pending.inner_text()
    check_axe(page, "the game page with the map's movement panel")
    screenshot(page, "map-orders-pending-move", element=page.locator("#map-orders"))
    with page.expect_navigation():
        page.locator("#map-orders").get_by_role("button", name="Done", exact=True).click()
    accepted(page)
    assert_no_console_errors(page, "the game page after a move on the map")

    # carried out at once: his turn, and Done (SITE-MOVE-06)
    state = oracle.state(game_id)
    after = oracle.rules.view(state, seat)["board"]["tokens"]
    assert state.phase == "movement" and seat not in state.step["order"][state.step["index"]:]
    assert (after.get(dst) or {}).get(nation, 0) == n_dst + count, after
    assert (after.get(src) or {}).get(nation, 0) == n_src - count, after


def inject(page, game_id: int, data: dict, posted: list) -> None:
    """The game page as the site sends it with ``data`` as the map's orders block (and its
    script); its order form's POSTs are recorded and not sent (the script, not the rules, is
    under test here)."""
    import re
    from urllib.parse import parse_qs

    def handle(route, request):
        if request.method == "POST":
            posted.append(json.loads(parse_qs(request.post_data)["order"][0]))
            route.abort()
            return
        resp = route.fetch()
        html = resp.text()
        hashed = r"(?:\.[0-9a-f]{12})?"  # the static files' names carry their hash once collected
        script = re.search(rf'<script src="([^"]*map_orders{hashed}\.js)"', html)
        html = re.sub(rf'<section aria-labelledby="map-orders-title".*?</section>\s*<script[^>]*map_orders{hashed}\.js[^>]*></script>',
                      "", html, flags=re.S)
        m = re.search(rf'<script src="([^"]*)board{hashed}\.js"', html)
        assert m, "no map on the page"
        src = script.group(1) if script else f'{m.group(1).removesuffix("tresham/")}advciv/map_orders.js'
        block = ('<section aria-labelledby="map-orders-title" id="map-orders" class="map-orders">'
                 '<h2 id="map-orders-title">Orders on the map</h2>'
                 f'<script id="map-orders-data" type="application/json">{json.dumps(data)}</script>'
                 '<div class="map-orders-panel" data-map-orders></div></section>'
                 f'<script src="{src}" defer></script>')
        # the page as the browser decoded it: sent again without the site's Content-Encoding
        headers = {k: v for k, v in resp.headers.items() if k.lower() not in ("content-encoding", "content-length")}
        route.fulfill(response=resp, headers=headers, body=html.replace(m.group(0), block + m.group(0), 1))

    page.route(re.compile(rf".*/games/{game_id}/$"), handle)


def sent_and_refused(page, button) -> None:
    """A click on ``button``, whose order form's POST :func:`inject` records and aborts; returns
    once the browser has shown its error page for it: the order is recorded, and no navigation
    is still under way (the error page, committed some time after the POST, would interrupt a
    ``page.goto`` begun before it: the test's intermittent failure under load)."""
    with page.expect_event("framenavigated", timeout=10000,
                           predicate=lambda f: f == page.main_frame and f.url.startswith("chrome-error:")):
        button.click()


@pytest.mark.site("SITE-POP-02", "SITE-MOVE-03", "SITE-MOVE-07")
def test_the_script_fills_the_order_form_for_growth_and_the_keyboard_moves(site, game, browser):
    """Population placement by clicks (each click one token, within each area's growth and
    the stock; Reset; Done), and moves entered with the keyboard fallback then sent with
    "Done unless threatened" and cleared by "Reset": what the script puts in the order form."""
    from .conftest import new_context, new_page

    d = site.oracle.required(game.id)
    player = game.by_seat[d.player]
    state = site.oracle.state(game.id)
    nation = state.players[d.player].nation
    view = site.oracle.rules.view(state, d.player)
    mine = sorted(a for a, o in view["board"]["tokens"].items() if o.get(nation))
    assert len(mine) >= 1
    grow = {"stock": 3, "areas": {a: 2 for a in mine[:2]}}
    ctx = player.context
    page = new_page(ctx, site.url)
    posted: list = []
    try:
        base = {"seat": d.player, "revision": 0, "accepts": ["grow"], "nation": nation,
                "tokens": {a: view["board"]["tokens"][a][nation] for a in mine}, "my_moves": None}
        inject(page, game.id, {**base, "decisions": [{"kind": "grow", "required": True, "options": grow}]}, posted)
        page.goto(game_url(game.id))
        page.wait_for_selector(".board-view g.area.mo-offer", state="attached")
        first = mine[0]
        for _ in range(3):  # the third is refused: at most 2 there
            click_area(page, first)
        panel = page.locator("#map-orders")
        assert "Tokens left to place: 1" in panel.inner_text()
        panel.get_by_role("button", name="Reset").click()
        assert "Tokens left to place: 3" in panel.inner_text()
        click_area(page, first)
        panel.get_by_role("button", name=f"Place one token in {load().map.areas[first].name}").click()
        sent_and_refused(page, panel.get_by_role("button", name="Done"))
        assert posted == [{"type": "grow", "areas": {first: 2}}], posted

        # movement with the keyboard's fields, "Done unless threatened", then "Reset"
        page.unroute_all(behavior="wait")
        posted.clear()
        src = max(mine, key=lambda a: base["tokens"][a])
        dst = sorted(load().map.areas[src].land_adj)[0]
        inject(page, game.id, {**base, "accepts": ["move", "done"], "my_moves": {"moves": [], "voyages": [], "done": None},
                               "decisions": [{"kind": "move", "required": True, "options": {}}]}, posted)
        page.goto(game_url(game.id))
        page.wait_for_selector(".board-view g.area.mo-offer", state="attached")
        panel = page.locator("#map-orders")
        xy = page.evaluate(POINT_IN_AREA, src)
        page.mouse.dblclick(xy[0], xy[1])  # the whole stack (SITE-MOVE-03)
        n = base["tokens"][src]
        assert f"Taken: {n} token{'s' if n > 1 else ''} from" in panel.inner_text(), panel.inner_text()
        panel.get_by_label("From", exact=True).select_option(src)
        if page.locator(f"#mo-to option[value='{dst}']").count() == 0:
            dst = page.locator("#mo-to option").first.get_attribute("value")
        panel.get_by_label("To", exact=True).select_option(dst)
        panel.get_by_label("Tokens", exact=True).fill("1")
        panel.get_by_role("button", name="Add this move").click()
        assert "1 from" in panel.get_by_role("list", name="Your pending moves").inner_text()
        sent_and_refused(page, panel.get_by_role("button", name="Done unless threatened"))
        assert posted == [{"type": "move", "moves": [{"from": src, "to": dst, "count": 1}], "voyages": [],
                           "done": "unless_threatened"}], posted
        posted.clear()
        page.goto(game_url(game.id))  # the aborted POST left the page: again, Reset clears what was entered
        page.wait_for_selector(".board-view g.area.mo-offer", state="attached")
        sent_and_refused(page, panel.get_by_role("button", name="Reset"))
        assert posted == [{"type": "move", "moves": [], "voyages": [], "done": None}], posted
        assert_no_console_errors(page, "the game page with an injected orders block")
    finally:
        page.unroute_all(behavior="ignoreErrors")
        page.close()


def taken_by_limit(n: int) -> int:
    """What a first click takes from Macedonia's ``n`` tokens: those above its limit, or 1."""
    limit = load().map.areas["macedonia"].limit
    return n - limit if n - limit > 1 else 1


#: Thrace's stacks in the movement phase of a prepared game (SITE-SAFE-11): 3 tokens in
#: Macedonia, 2 in Thrace; Crete and Africa have tokens of their own far away.
MOVE_POSITION = {
    "title": "Movement (browser test of the map's highlights)",
    "nations": ["crete", "thrace", "africa"], "turn": 2, "phase": "movement",
    "board": {"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 2}},
              "knossos": {"tokens": {"crete": 3}}, "numidia": {"tokens": {"africa": 2}}},
}


@pytest.mark.rule("23.3")
@pytest.mark.site("SITE-TABLE-03", "SITE-TABLE-07")
def test_a_stack_taken_lights_its_legal_destinations_and_enter_moves_it(site, players):
    """Thrace takes his stack in Macedonia with the keyboard (Tab to the area, Enter): the areas
    lit are exactly the rules' legal destinations of that stack (``movement.legal_destinations``)
    and only they take the move; Enter on one enters it, the arrow showing its count. A batch
    sent through the order form with one move across no boundary comes back refused, the
    moves kept entered and that one marked with its reason."""
    from tresham.games.advciv.rules import movement

    oracle = site.oracle
    game_id = start_prepared(site, players, MOVE_POSITION, f"Map keys {secrets.token_hex(2)}")
    state = oracle.state(game_id)
    thrace = next(p.seat for p in state.players if p.nation == "thrace")
    page = next(p for p in players if oracle.seat_of(game_id, p.username) == thrace).page
    data = open_map(page, game_id)
    legal = [d["to"] for d in movement.legal_destinations(state, thrace, "macedonia")]
    assert data["legal"]["macedonia"] == legal and "byzantium" not in legal and len(legal) >= 4
    assert page.locator("#area-macedonia[tabindex='0']").count() == 1
    page.locator("#area-macedonia").focus()
    page.keyboard.press("Enter")  # takes one token (SITE-MOVE-01)
    assert page.locator("#area-macedonia.mo-source").count() == 1
    lit = page.locator(".board-view g.area.mo-target").evaluate_all("gs => gs.map(g => g.getAttribute('data-area'))")
    assert sorted(lit) == sorted(legal)
    focusable = page.locator(".board-view g.area[tabindex='0']").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-area'))")
    assert sorted(focusable) == sorted(legal + ["macedonia"])
    panel = page.locator("#map-orders")
    screenshot(page, "map-orders-stack-taken")
    click_area(page, "byzantium")  # not a legal destination: no move
    assert "cannot be reached from Macedonia" in panel.inner_text()
    assert "No move yet" in panel.get_by_role("list", name="Your pending moves").inner_text()
    page.locator("#area-thessaly").focus()
    page.keyboard.press("Enter")
    pending = panel.get_by_role("list", name="Your pending moves")
    # Macedonia holds more than its limit: the first take is the excess (SITE-MOVE-02)
    taken = taken_by_limit(3)
    assert f"{taken} from Macedonia → Thessaly" in pending.inner_text()
    assert page.locator(".board-view g.mo-arrows text").evaluate_all("ts => ts.map(t => t.textContent)") == [str(taken)]  # the count on the arrow
    check_axe(page, "the game page with a stack taken by keyboard")
    screenshot(page, "map-orders-legal-destinations")
    assert_no_console_errors(page, "the game page with a stack taken by keyboard")

    # a batch with one move across no boundary, sent through the order form (SITE-TABLE-07)
    moves = [{"from": "thrace", "to": "byzantium", "count": 1},
             {"from": "macedonia", "to": "byzantium", "count": 3},
             {"from": "macedonia", "to": "thessaly", "count": 2}]
    revision = oracle.game(game_id)["revision"]
    submit_order(page, game_id, {"type": "move", "player": thrace, "moves": moves, "voyages": [], "done": None},
                 expect_accepted=False)
    page.wait_for_selector("#map-orders .mo-refused")
    items = page.locator("#map-orders").get_by_role("list", name="Your pending moves").locator("li").all_inner_texts()
    assert len(items) == 3 and items[0].startswith("1 from Thrace → Byzantium")
    assert items[1].startswith("3 from Macedonia → Byzantium")
    assert "Refused: Macedonia and Byzantium do not share a land boundary" in items[1]
    assert "Refused" not in items[0] + items[2]
    assert oracle.game(game_id)["revision"] == revision
    screenshot(page, "map-orders-refused-move", element=page.locator("#map-orders"))
    check_axe(page, "the game page with a refused move kept")
