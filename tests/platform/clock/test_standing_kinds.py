"""A game's standing-order kinds by its options (``Standing.kinds_for``,
``clock/standing.kinds_of``): the standing-orders page and API of a game offer only the kinds
its options give. Tigris & Euphrates has a ``building`` kind only with the buildings option
(TE-BLD-03) and ``wonder``/``wonder_point`` only with the wonder (TE-WON-02/06); Advanced
Civilization's kinds do not depend on its options and are unchanged."""
from __future__ import annotations

import json

import pytest
from django.test import Client

from tresham.games.advciv.site.rules import AdvancedCivilization
from tresham.games.tigris.site.rules import TigrisEuphrates
from tresham.games.tigris.site.standing import KINDS as TIGRIS_KINDS
from tresham.platform.clock import standing
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

BASE = ["commit", "war_order", "treasure", "monument"]
TE = TigrisEuphrates()


def _opts(**kw) -> dict:
    return TE.parse_options({"players": 2, **kw})


@pytest.mark.variant("TE-BLD-03", "TE-WON-02", "TE-WON-06")
def test_tigris_kinds_follow_its_options():
    assert list(TE.standing_kinds_for(_opts())) == BASE
    assert list(TE.standing_kinds_for(_opts(buildings=True))) == BASE + ["building"]
    assert list(TE.standing_kinds_for(_opts(wonder=True))) == BASE + ["wonder", "wonder_point"]
    both = TE.standing_kinds_for(_opts(buildings=True, wonder=True, english=True))
    assert both == TIGRIS_KINDS == TE.standing_kinds()  # every kind, the same words
    assert list(TE.standing_kinds_for(_opts(english=True, board="advanced"))) == BASE
    # the platform's reading: with a game's options, only its kinds; without, every kind
    assert list(standing.kinds_of(TE, _opts())) == BASE
    assert standing.kinds_of(TE) == TIGRIS_KINDS


#: Advanced Civilization's kinds, in order, each with the decision its words begin with.
ADVCIV = [("move", "Movement"), ("build_cities", "City construction"), ("buy", "Civilization cards"),
          ("ships", "Ships"), ("tax_rate", "Taxation (Coinage)"), ("buy_cards", "Trade card acquisition"),
          ("pillage", "Pillage"), ("assign_losses", "Epidemic and Flood"), ("famine_assign", "Famine"),
          ("calamity_cities", "Calamities naming cities"), ("choose_losses", "Unit losses to calamities"),
          ("reduce_cities", "City support")]


def test_advanced_civilization_kinds_are_unchanged_by_options():
    rules = AdvancedCivilization()
    for options in ({"players": 3}, {"players": 5, "turn_limit": 2},
                    {"players": 6, "variant": "grand_imperial", "wem": True},
                    {"players": 4, "ep_major": True, "ep_minor": True},
                    {"players": 2, "stoic": True, "public_trade_message": False}):
        kinds = standing.kinds_of(rules, rules.parse_options(options))
        assert [(k, words.split(":")[0]) for k, words in kinds.items()] == ADVCIV, options
    assert [k for k in standing.kinds_of(rules)] == [k for k, _ in ADVCIV]
    assert list(rules.standing_kinds()) == [k for k, _ in ADVCIV]


def _api(user) -> tuple[Client, dict]:
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    return c, {"HTTP_X_CSRFTOKEN": c.get("/api/accounts/csrf").json()["csrf_token"]}


def _tigris(make_user, **options):
    a, b = make_user(), make_user()
    game = lobby.create(a, kind="tigris", name="Kinds", options={"players": 2, **options}, seed="kinds-1")
    lobby.join(game.pk, b)
    game.refresh_from_db()
    return game, a


@pytest.mark.django_db
@pytest.mark.variant("TE-BLD-03", "TE-WON-02", "TE-WON-06")
def test_a_tigris_game_without_the_additions_offers_only_the_base_kinds(make_user):
    game, ann = _tigris(make_user)
    c, h = _api(ann)
    r = c.get(f"/api/games/{game.pk}/standing-orders")
    assert r.status_code == 200 and [e["kind"] for e in r.json()] == BASE
    html = c.get(f"/games/{game.pk}/standing-orders/").content.decode()
    for kind in BASE:
        assert f'id="kind-{kind}"' in html
    for kind in ("building", "wonder", "wonder_point"):
        assert f'id="kind-{kind}"' not in html
        r = c.put(f"/api/games/{game.pk}/standing-orders/{kind}", data=json.dumps({"spec": {}}),
                  content_type="application/json", **h)
        assert r.status_code == 404 and r.json()["error"] == "no_such_kind"
        assert "the kinds are commit, war_order, treasure, monument" in r.json()["message"]
    ok = c.put(f"/api/games/{game.pk}/standing-orders/monument", data=json.dumps({"spec": {"build": "always"}}),
               content_type="application/json", **h)
    assert ok.status_code == 200 and ok.json()["kind"] == "monument"
    with pytest.raises(standing.UnknownKind):
        standing.set_order(game.pk, ann, "wonder", {})


@pytest.mark.django_db
@pytest.mark.variant("TE-BLD-03", "TE-WON-02", "TE-WON-06")
def test_a_tigris_game_with_the_additions_offers_their_kinds(make_user):
    game, ann = _tigris(make_user, buildings=True, wonder=True)
    c, h = _api(ann)
    assert [e["kind"] for e in c.get(f"/api/games/{game.pk}/standing-orders").json()] == list(TIGRIS_KINDS)
    r = c.put(f"/api/games/{game.pk}/standing-orders/wonder_point", data=json.dumps({"spec": {}}),
              content_type="application/json", **h)
    assert r.status_code == 200 and r.json()["kind"] == "wonder_point"
    html = c.get(f"/games/{game.pk}/standing-orders/").content.decode()
    assert all(f'id="kind-{k}"' in html for k in TIGRIS_KINDS)
    assert services.rules_of(game).name == "tigris"
