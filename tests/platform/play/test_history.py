"""The history page: the events the viewer may see (public ones and his seat's own), with
the stage of each order, paginated both ways; a finished game's seed and order log."""
from __future__ import annotations

import hashlib
import re

import pytest
from django.test import Client
from django.utils.html import escape

from tresham.platform.play import services, views
from tresham.platform.play.models import EventRecord

pytestmark = pytest.mark.django_db


def _all_pages(client: Client, url: str, order: str = "oldest") -> list[str]:
    """Every page of the history, following its "Next page" links."""
    pages, path = [], f"{url}?order={order}&page=1"
    while path:
        r = client.get(path)
        assert r.status_code == 200
        html = r.content.decode()
        pages.append(html)
        m = re.search(r'<a href="(\?[^"]+)" rel="next">', html)
        path = url + m.group(1).replace("&amp;", "&") if m else None
    return pages


def _events(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", e).replace(" (not public)", "").strip()
            for e in re.findall(r'<section class="order".*?<ul>(.*?)</ul>', html, re.S) for e in
            re.findall(r"<li[^>]*>(.*?)</li>", e, re.S)]


@pytest.mark.site("SITE-HIST-01")
def test_each_viewer_sees_the_public_events_and_his_seats_own(trading, client_for, monkeypatch):
    t = trading
    monkeypatch.setattr(views, "EVENTS_PER_PAGE", 25)
    url = f"/games/{t.game.pk}/history/"
    rows = list(EventRecord.objects.filter(game=t.game).order_by("seq", "n"))
    alice = [escape(r.text) for r in rows if r.to is None or 0 in r.to]
    public = [escape(r.text) for r in rows if r.to is None]
    assert len(public) > 2 * 25  # several pages
    alice_pages = _all_pages(client_for(t.alice), url)
    assert [e for p in alice_pages for e in _events(p)] == alice  # every one, once, oldest first
    for c in (Client(), client_for(t.carol)):
        assert [e for p in _all_pages(c, url) for e in _events(p)] == public
    # her own private events ("You draw Ochre from stack 1.") are on her pages; bob's are on none
    own = {escape(r.text) for r in rows if r.to == [0]}
    bobs = {escape(r.text) for r in rows if r.to is not None and 0 not in r.to} - set(alice)
    assert own - set(public) and bobs
    assert not any(b in p for b in bobs for p in alice_pages)


def test_newest_first_with_the_stage_of_each_order(trading, client_for):
    t = trading
    url = f"/games/{t.game.pk}/history/"
    html = client_for(t.alice).get(url).content.decode()  # newest first by default
    headings = re.findall(r"<h2>(Order \d+ · [^<\n]+|The start)", html)
    seqs = [int(h.split()[1]) for h in headings if h.startswith("Order")]
    assert seqs == sorted(seqs, reverse=True) and seqs[0] == t.game.revision
    rules = t.rules
    before = rules.stage(services.rebuild(t.game, t.game.revision - 1))
    assert headings[0] == f"Order {t.game.revision} · {before} → {t.game.stage}"
    assert before != t.game.stage  # the last order moved the game into the trade phase
    oldest = client_for(t.alice).get(url + "?order=oldest").content.decode()
    assert re.findall(r"<h2>(Order \d+ · [^<\n]+|The start)", oldest)[0] == "The start"
    assert "The game begins." in oldest
    # bad parameters fall back to the defaults, never an error
    for q in ("?order=sideways", "?page=zero", "?page=99999", "?page=-3"):
        assert client_for(t.alice).get(url + q).status_code == 200


@pytest.mark.site("SITE-HIST-01", "SITE-LIST-04")
def test_before_initial_placement_only_the_players_see_the_history(table, client_for):
    t = table
    url = f"/games/{t.game.pk}/history/"
    visitor = Client().get(url).content.decode()
    assert "has not completed initial placement: there is nothing to show yet" in visitor
    assert "The game begins." not in visitor
    assert "The game begins." in client_for(t.alice).get(url).content.decode()


@pytest.mark.site("SITE-HIST-01")
def test_a_finished_game_reveals_its_seed_and_its_log_replays_it(finished):
    game = finished.game
    html = Client().get(f"/games/{game.pk}/history/").content.decode()
    seed = re.search(r'<code id="seed">([^<]+)</code>', html).group(1)
    shown_hash = re.search(r'<code id="seed-sha256">([^<]+)</code>', html).group(1)
    assert seed == game.seed and shown_hash == hashlib.sha256(seed.encode()).hexdigest() == game.seed_sha256
    assert "replay" in html and f'href="/games/{game.pk}/log.json"' in html
    log = Client().get(f"/games/{game.pk}/log.json").json()
    assert log["seed"] == seed and len(log["orders"]) == game.revision
    rules = services.rules_of(game)
    state = rules.new_game(log["options"], log["seed"])
    for o in log["orders"]:
        state, _ = rules.apply(state, o["order"], by_site=True)
    assert rules.digest(state) == rules.digest(rules.loads(game.state))


def test_the_seed_stays_secret_while_the_game_is_played(trading, client_for):
    t = trading
    for c in (Client(), client_for(t.alice)):
        for path in ("", "history/", "messages/", "ast/", "advances/"):
            html = c.get(f"/games/{t.game.pk}/{path}").content.decode()
            assert t.game.seed not in html
            assert t.game.seed_sha256 in html or path not in ("", "history/")
    r = client_for(t.alice).get(f"/games/{t.game.pk}/log.json")
    assert r.status_code == 403 and r.json()["error"] == "not_finished" and t.game.seed not in r.content.decode()


@pytest.mark.site("SITE-HIST-01")
def test_the_api_history_starts_at_the_deal_and_pages_never_split_an_order(trading, client_for):
    """GET /api/games/{id}/history: the deal's events (seq 0) too; page after page with
    after=<last seq> gives every event the viewer may see, once, in order."""
    t = trading
    c = client_for(t.alice)
    rows = [r for r in EventRecord.objects.filter(game=t.game).order_by("seq", "n") if r.visible_to(0)]
    assert rows[0].seq == 0
    whole = c.get(f"/api/games/{t.game.pk}/history?limit=2000").json()
    assert [e["text"] for e in whole] == [r.text for r in rows]
    seen, after = [], None
    while True:
        q = f"?limit=7" + (f"&after={after}" if after is not None else "")
        page = c.get(f"/api/games/{t.game.pk}/history{q}").json()
        if not page:
            break
        assert len(page) >= min(7, len(rows) - len(seen))
        seen += page
        after = page[-1]["seq"]
    assert [(e["seq"], e["text"]) for e in seen] == [(r.seq, r.text) for r in rows]


@pytest.mark.site("SITE-HIST-01")
def test_a_game_id_that_is_not_a_number_is_a_json_error_everywhere(client_for, trading):
    c = client_for(trading.alice)
    for path in ("/api/lobby/games/x", "/api/games/x/history", "/api/games/x"):
        r = c.get(path)
        assert r.status_code in (404, 422) and r["Content-Type"].startswith("application/json"), (path, r.status_code)
    r = c.post("/api/lobby/games/x/join", content_type="application/json", data="{}")
    assert r.status_code in (403, 404, 422) and r["Content-Type"].startswith("application/json")
