"""A game of Civilization: The Card Game on the site (issue 29): created in the lobby, seats
joined, played through the game page's forms (every decision of the setup and whole turns:
collect, buy, attack, draw and discard), the table page showing the hand, the plots with their
attachments, the market, the neighbours and the scores; and a game of bots played to its end
by the clock's worker, with places and final scores."""
from __future__ import annotations

import pytest

from tresham.games import registry
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game, LogEntry

from .helpers import fill, form_html, hidden, post_data

PREFERRED = ("pick", "free_population", "discard", "collect", "buy_population", "buy_tech", "build", "end_buy",
             "attack.none")


def _start(make_user, client_for, seed="cc-web-1"):
    a, b = make_user(), make_user()
    game = lobby.create(a, kind="civcards", name="Two nations", options={"players": 2}, seed=seed)
    lobby.join(game.pk, b)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, {0: client_for(a), 1: client_for(b)}


def _decide(game, clients, bought: list[str]) -> str:
    """The decider plays one decision through his page's form; the form's id."""
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    (d,) = rules.pending(state)
    forms = {f.id: f for f in rules.offers.forms.order_forms(state, d.player)}
    fid = next(f for f in PREFERRED if f in forms and (f != "end_buy" or not ({"buy_population", "buy_tech", "build"}
                                                                               & set(forms) - set(bought))))
    form = forms[fid]
    html = clients[d.player].get(f"/games/{game.pk}/").content.decode()
    fh = form_html(html, fid)
    body = {**post_data(form, fill(form)), "client_key": hidden(fh, "client_key"), "revision": hidden(fh, "revision")}
    r = clients[d.player].post(f"/games/{game.pk}/decide/", body)
    assert r.status_code == 303, (fid, r.content.decode()[:1500])
    if fid in ("buy_population", "buy_tech", "build"):
        bought.append(fid)
    if fid == "end_buy":
        bought.clear()
    return fid


@pytest.mark.variant("CCG-SET-03", "CCG-TURN-01", "CCG-TURN-02", "CCG-TURN-04")
def test_two_players_play_the_setup_and_turns_through_the_game_pages_forms(make_user, client_for):
    assert "civcards" in registry.names()
    game, clients = _start(make_user, client_for)
    rules = services.rules_of(game)
    other = {0: 1, 1: 0}
    (d,) = rules.pending(rules.loads(game.state))
    assert 'data-form="pick"' in clients[d.player].get(f"/games/{game.pk}/").content.decode()
    assert 'data-form="pick"' not in clients[other[d.player]].get(f"/games/{game.pk}/").content.decode()
    used, bought = [], []
    while rules.loads(game.state).turn < 4:
        before = game.revision
        used.append(_decide(game, clients, bought))
        game.refresh_from_db()
        assert game.revision == before + 1
        assert len(used) < 200
    assert {"pick", "free_population", "discard", "collect", "end_buy", "attack.none"} <= set(used)
    assert set(used) & {"buy_population", "buy_tech", "build"}
    log = list(LogEntry.objects.filter(game=game).order_by("seq").values_list("order", flat=True))
    assert len(log) == len(used) and log[0]["type"] == "pick"
    # the table page: the hand, the plots with their population, the market, the neighbour
    state = rules.loads(game.state)
    page = clients[0].get(f"/games/{game.pk}/table/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="cc-hand-title">Your hand (' in html and 'id="cc-market"' in html and "Your neighbours: Egypt" in html
    pops = sum(pl["pop"] for pl in state.seats[0]["plots"])
    assert pops >= 1 and html.count('<h3 id="cc-plots-') == 2
    assert all(state.cards.name(t) in html for t in state.tech_market)
    # the opponent's hand is not on his page, only its size
    from tresham.games.civcards.site import names
    mine = {names.described(state.cards, c) for c in state.seats[0]["hand"]}
    theirs = {names.described(state.cards, c) for c in state.seats[1]["hand"]} - mine
    assert theirs and all(x in html for x in mine)
    assert all(x not in html.split('id="cc-combat"')[0].split('id="cc-scores"')[0] for x in theirs)


@pytest.mark.variant("CCG-OV-03")
@pytest.mark.site("SITE-BOT-01")
def test_bots_play_a_game_to_its_end_through_the_worker(make_user):
    ann = make_user()
    game = lobby.create(ann, kind="civcards", name="Bots only", options={"players": 3}, bot_seats=[0, 1, 2],
                        take_seat_0=False, seed="cc-bots-1", bot_levels={0: "heuristic", 1: "random", 2: "heuristic"})
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    for _ in range(5000):
        if not run_due(limit=50):
            break
    game.refresh_from_db()
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    assert rules.finished(state) and game.status == Game.Status.FINISHED
    places = rules.result(state)
    assert sorted(places)[0] == 1 and len(places) == 3
    scores = rules.offers.final_scores(state)
    best = places.index(1)
    assert scores[best] == max(scores)
    assert LogEntry.objects.filter(game=game).exclude(reason="bot").count() == 0


@pytest.mark.site("SITE-GEN-06")
def test_the_help_shows_the_turn_and_the_deck_labelled_our_own_design(client):
    playing = client.get("/help/playing/?game=civcards")
    assert playing.status_code == 200
    text = playing.content.decode()
    assert "Combat: counters" in text and "Draw and discard" in text
    deck = client.get("/help/deck/?game=civcards")
    assert deck.status_code == 200, deck.content.decode()[:500]
    html = deck.content.decode()
    assert "The Tresham deck (our own design)" in html and "Swordsman" in html and "Grassland" in html
