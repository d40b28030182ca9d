"""tresham/platform/play/visibility.py: who may see what of a game, asked by every page and
endpoint of a game (SITE-SAFE-04, SITE-LIST-04), and what each one shows of a traded
calamity's trader, as the game decides it (SITE-SAFE-05, 28.3, SITE-TALK-03): the history
page and API, the game page and API (the calamity display of the view), the messages, the
board's pieces, the lobby's page of the game, the events an order's answer carries and the
mails."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client
from django.utils.html import escape

from tests.platform.conftest import post_json
from tresham.platform.lobby import services as lobby
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord, Game

pytestmark = pytest.mark.django_db

#: The browser tests' prepared position (Crete, Thrace, Africa; Africa has four cities), here
#: in the trade phase with the market open: Crete can slip a calamity into a deal with Africa.
BROWSER_POSITION = Path(__file__).resolve().parents[2] / "browser" / "positions" / "three_turns.json"
CRETE, THRACE, AFRICA = 0, 1, 2


# ---- SITE-SAFE-04 Nothing of the game to anyone but its players before initial placement ----
def _outsiders(t, client_for) -> dict[str, Client]:
    return {"a visitor": Client(), "a logged-in non-player": client_for(t.carol)}


@pytest.mark.site("SITE-SAFE-04", "SITE-LIST-04", "SITE-HIST-01")
def test_before_initial_placement_only_the_players_see_the_picks_and_the_messages(table, client_for):
    """One nation is picked and alice has written to the table: the history API (which
    showed the pick to anyone), the history, game, messages, A.S.T. and advances pages, the
    game and messages API, the map's pieces and the lobby's page show a visitor and a
    logged-in user without a seat nothing of it; each player sees the pick and the message.
    Once placement is over, the outsiders see the picks and the messages too."""
    t = table
    t.play_until(lambda s: any(p.nation for p in s.players))
    state = t.state()
    assert state.phase == "pick"
    pick = EventRecord.objects.get(game=t.game, kind="pick")
    assert pick.to is None and pick.text.startswith("Seat ") and " plays " in pick.text
    nation = pick.text.split(" plays ")[1].split(",")[0]  # "Africa"
    said = f"I have picked {nation}, who is next?"
    assert post_json(client_for(t.alice), f"/api/games/{t.game.pk}/messages", {"text": said}).status_code == 201
    pk = t.game.pk
    for who, c in _outsiders(t, client_for).items():
        assert c.get(f"/api/games/{pk}/history").json() == [], who
        assert c.get(f"/api/games/{pk}/messages").json() == [], who
        body = c.get(f"/api/games/{pk}").json()
        assert body["view"] is None and body["summary"] == [] and body["your_seat"] is None, who
        assert c.get(f"/games/{pk}/board.json").status_code == 403, who
        assert c.get(f"/api/lobby/games/{pk}").json()["shown"] is False, who
        assert escape(pick.text) not in c.get(f"/lobby/games/{pk}/").content.decode(), who
        for path in (f"/games/{pk}/{p}" for p in ("", "history/", "messages/", "ast/", "advances/")):
            html = c.get(path).content.decode()
            assert escape(pick.text) not in html and escape(said) not in html, (who, path)
            assert f">{nation}<" not in html, (who, path)
        assert "has not completed initial placement" in c.get(f"/games/{pk}/messages/").content.decode()
    for user in (t.alice, t.bob):
        c = client_for(user)
        assert pick.text in [e["text"] for e in c.get(f"/api/games/{pk}/history").json()]
        assert [m["text"] for m in c.get(f"/api/games/{pk}/messages").json()] == [said]
        assert escape(pick.text) in c.get(f"/games/{pk}/history/").content.decode()
        assert escape(said) in c.get(f"/games/{pk}/messages/").content.decode()
        lobby_page = c.get(f"/lobby/games/{pk}/")
        assert lobby_page.status_code == 200 and c.get(f"/api/lobby/games/{pk}").json()["shown"] is True
        assert f"<td>{nation}</td>" in lobby_page.content.decode()  # the standing: his own game
    # placement over: the outsiders see the picks and the table's messages
    t.play_until(lambda s: s.phase != "pick")
    for who, c in _outsiders(t, client_for).items():
        texts = [e["text"] for e in c.get(f"/api/games/{pk}/history").json()]
        assert pick.text in texts and sum(" plays " in x for x in texts) == 3, who
        assert [m["text"] for m in c.get(f"/api/games/{pk}/messages").json()] == [said], who
        assert escape(said) in c.get(f"/games/{pk}/messages/").content.decode(), who
        assert c.get(f"/api/games/{pk}").json()["view"] is not None, who


# ---- SITE-SAFE-05 A traded calamity's trader: the victim and the trader are told -------------
def _state(game: Game):
    game.refresh_from_db()
    return services.current_state(game)


def _trade_table(make_user, *, crete_hand: list[str]):
    """A game of three people from the browser tests' position, in the trade phase with the
    market open: alice plays Crete (holding ``crete_hand``), bob Thrace, carol Africa (four
    cities); dave has no seat."""
    pos = json.loads(BROWSER_POSITION.read_text())
    pos.update(phase="trade", step={"market_open": True})
    pos.pop("stacks")  # the seed's shuffle (the hand may hold a card the given stacks hold)
    pos["players"]["crete"]["hand"] = crete_hand
    alice, bob, carol, dave = (make_user(n) for n in ("alice", "bob", "carol", "dave"))
    game = services.create_game("advciv", {"players": 3, "position": pos}, name="Secrets", creator=alice,
                                seed="secrets-seed")
    for u in (alice, bob, carol):
        lobby.join(game.pk, u)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    state = _state(game)
    assert [p.nation for p in state.players] == ["crete", "thrace", "africa"] and state.phase == "trade"
    return game, alice, bob, carol, dave


def _trade_the_calamity(game, alice, bob, carol, client_for, calamity: str) -> list[dict]:
    """Crete gives Africa ``calamity`` said to be Ochre with two Salt told truly (28.3), for
    Oil, Oil and Hides; everyone leaves the market, bob last, through the API. Gives the
    events of bob's answer (the calamity phase begins with his order)."""
    pk = game.pk
    r = post_json(client_for(alice), f"/api/games/{pk}/orders", {"order": {
        "type": "trade_offer", "to": AFRICA, "give": [calamity, "salt", "salt"],
        "said": ["ochre", "salt", "salt"], "expect": ["oil", "oil", "dont_care"]}})
    assert r.status_code == 201, r.content
    offer = _state(game).step["offers"][0]["id"]
    r = post_json(client_for(carol), f"/api/games/{pk}/orders", {"order": {
        "type": "trade_accept", "offer": offer, "give": ["oil", "oil", "hides"], "said": [], "expect": []}})
    assert r.status_code == 201, r.content
    assert calamity in _state(game).players[AFRICA].hand
    for user in (alice, carol):
        assert post_json(client_for(user), f"/api/games/{pk}/orders", {"order": {"type": "trade_done"}}).status_code == 201
    r = post_json(client_for(bob), f"/api/games/{pk}/orders", {"order": {"type": "trade_done"}})
    assert r.status_code == 201, r.content
    state = _state(game)
    assert state.phase == "calamities" and state.step["current"]["trader"] == "crete"
    return r.json()["events"]


def _history(c: Client, pk: int) -> list[dict]:
    return c.get(f"/api/games/{pk}/history?limit=2000").json()


def _trader_shown(c: Client, pk: int):
    return c.get(f"/api/games/{pk}").json()["view"]["phase_view"]["active"]["trader"]


@pytest.mark.rule("28.3", "29.61")
@pytest.mark.site("SITE-SAFE-05", "SITE-TALK-03")
def test_who_traded_a_calamity_is_told_to_the_victim_and_the_trader_and_nobody_else(make_user, client_for):
    """Crete slips Superstition into a deal with Africa (the public trade message names
    only what was said). Thrace, a logged-in non-player and a visitor read "Superstition
    strikes Africa." in the history (API and page) and nothing of who traded it, in any
    event's text or data, in the game's view or in their mails; Africa and Crete are told."""
    game, alice, bob, carol, dave = _trade_table(make_user, crete_hand=["superstition", "salt", "salt", "ochre"])
    answer = _trade_the_calamity(game, alice, bob, carol, client_for, "superstition")
    pk = game.pk
    assert "Superstition strikes Africa." in [e["text"] for e in answer]
    assert "crete" not in json.dumps(answer).lower()  # bob's own answer: texts and data
    told = "Superstition was traded to Africa by Crete (only the two of you are told: 28.3)."
    for who, c in (("Thrace", client_for(bob)), ("a non-player", client_for(dave)), ("a visitor", Client())):
        texts = [e["text"] for e in _history(c, pk)]
        assert "Superstition strikes Africa." in texts, who
        assert any(x.startswith("Crete traded 3 cards said to be Ochre, Salt, Salt to Africa") for x in texts)
        after = texts[texts.index("Trading is over.") + 1:]  # the calamity phase
        assert after and not any("Crete" in x for x in after), (who, after)
        assert told not in texts and "traded by" not in " ".join(texts), who
        assert _trader_shown(c, pk) is None, who
        html = c.get(f"/games/{pk}/history/").content.decode()
        assert "Superstition strikes Africa." in html and "by Crete" not in html, who
    for who, user in (("Africa", carol), ("Crete", alice)):
        c = client_for(user)
        mine = [e for e in _history(c, pk) if e["text"] == told]
        assert len(mine) == 1 and mine[0]["private"] is True, who
        assert _trader_shown(c, pk) == "crete", who
        assert escape(told) in c.get(f"/games/{pk}/history/").content.decode(), who
    assert not any("by Crete" in m.body for m in Outbox.objects.filter(user=bob))


@pytest.mark.rule("30.221", "28.3")
@pytest.mark.site("SITE-SAFE-05")
def test_a_traded_treachery_shows_its_trader_to_everyone_as_the_rules_do_at_the_table(make_user, client_for):
    """Treachery: Crete is seen choosing Africa's city and putting his own there, so the
    history and every view name him as the trader, for Thrace, a non-player and a visitor."""
    game, alice, bob, carol, dave = _trade_table(make_user, crete_hand=["treachery", "salt", "salt", "ochre"])
    _trade_the_calamity(game, alice, bob, carol, client_for, "treachery")
    pk = game.pk
    shown = "Treachery was traded to Africa by Crete, who takes one of his cities (30.221)."
    for who, c in (("Thrace", client_for(bob)), ("a non-player", client_for(dave)), ("a visitor", Client())):
        texts = [e["text"] for e in _history(c, pk)]
        assert "Treachery strikes Africa." in texts and shown in texts, who
        assert _trader_shown(c, pk) == "crete", who
    state = _state(game)
    assert [d.player for d in services.rules_of(game).pending(state) if d.required] == [CRETE]
