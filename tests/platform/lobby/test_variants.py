"""The lobby's choice of rules (EP-14, design section 1.3): the variants the product registers
(``variant.BUILT_IN``) and no other, and each variant's sub-options shown only for it. A site
registering only the plain game (a test patches ``VARIANTS`` and ``BUILT_IN``) shows no choice;
Grand Imperial, registered by the product, is offered with its sub-options (GI-AST-02,
GI-AST-03, GI-CAL-12)."""
from __future__ import annotations

import re

import pytest

from tresham.games.advciv import variant as V
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.platform.play.models import Game

from .test_create import form_defaults

pytestmark = pytest.mark.django_db

AST = "opt_variant_options.ast_advances"
CAPITAL = "opt_variant_options.capital_to_win"


@pytest.fixture
def registered(monkeypatch):
    """Grand Imperial as if the product registered it: in ``VARIANTS`` and ``BUILT_IN``."""
    monkeypatch.setitem(V.VARIANTS, KEY, GrandImperial())
    monkeypatch.setattr(V, "BUILT_IN", frozenset({"standard", KEY}))


@pytest.fixture
def plain_only(monkeypatch):
    """A site whose product registers only the plain game."""
    monkeypatch.delitem(V.VARIANTS, KEY, raising=False)
    monkeypatch.setattr(V, "BUILT_IN", frozenset({"standard"}))


def test_the_product_offers_grand_imperial():
    assert V.BUILT_IN == {"standard", KEY}


def test_a_site_with_only_the_plain_game_offers_no_choice_of_rules(make_user, client_for, plain_only):
    """Only the plain game built in: no choice of rules, no sub-options, on the page, in the
    API's form description and in the options' schema."""
    c = client_for(make_user())
    page = c.get("/lobby/new/").content.decode()
    assert 'name="opt_variant"' not in page and "variant_options" not in page
    assert "Grand Imperial" not in page and '{&quot;variant&quot;' not in page  # nothing follows a variant
    kind = c.get("/api/lobby/new-game").json()["kinds"][0]
    assert not [f for f in kind["fields"] if f["name"].startswith("variant")]
    assert kind["options_schema"]["properties"]["variant"]["const"] == "standard"
    assert "variant_options" not in kind["options_schema"]["properties"]


@pytest.mark.variant("GI-AST-02", "GI-AST-03")
def test_registered_grand_imperial_is_offered_with_its_sub_options(make_user, client_for, registered):
    """Registered, the choice of rules lists the plain game and Grand Imperial (it says it needs
    the Western Extension Map); its two sub-options are shown for it only (data-when, the
    page's script), their defaults first (GIR-54: off)."""
    c = client_for(make_user())
    page = c.get("/lobby/new/").content.decode()
    rules = re.search(r'<select name="opt_variant".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="([a-z_]+)"', rules) == ["standard", "grand_imperial"]
    assert "Grand Imperial (needs the Western Extension Map)" in rules
    ast = re.search(rf'<select name="{re.escape(AST)}".*?</select>', page, re.S).group(0)
    assert 'data-when="{&quot;variant&quot;: [&quot;grand_imperial&quot;]}"' in ast
    assert re.findall(r'<option value="([a-z_]+)"', ast) == ["off", "per_city", "per_colour"]
    capital = re.search(rf'<select name="{re.escape(CAPITAL)}".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="(\w+)"', capital) == ["False", "True"]
    assert "tresham/options.js" in page
    kind = c.get("/api/lobby/new-game").json()["kinds"][0]
    field = next(f for f in kind["fields"] if f["name"] == "variant_options.ast_advances")
    assert field["when"] == {"variant": ["grand_imperial"]}
    assert kind["options_schema"]["properties"]["variant"]["enum"] == ["grand_imperial", "standard"]


@pytest.mark.variant("GI-AST-02", "GI-AST-03")
def test_the_sub_options_are_sent_for_grand_imperial_only(make_user, client_for, registered):
    """A Grand Imperial game created with "per city" and a capital keeps them (in full); a plain
    game posted with the same (hidden) fields gets no sub-options; its options list them in
    words for a visitor."""
    u = make_user()
    c = client_for(u)
    r = c.post("/lobby/new/", form_defaults(name="imperial", opt_players="4", opt_wem="on",
                                            opt_variant="grand_imperial", **{AST: "per_city", CAPITAL: "True"}))
    assert r.status_code == 302, r.content.decode()[:2000]
    g = Game.objects.get(name="imperial")
    assert g.options["variant"] == "grand_imperial"
    assert g.options["variant_options"] == {"ast_advances": "per_city", "capital_to_win": True,
                                            "pirate_range": False}
    lines = {o["label"]: o["text"] for o in c.get(f"/api/lobby/games/{g.pk}").json()["options"]}
    assert lines["Rules"] == "Grand Imperial (needs the Western Extension Map)"
    assert lines["A.S.T.: city advances required"].startswith("Per city:")
    assert lines["A.S.T.: a capital to win"].startswith("Yes:")
    r = c.post("/lobby/new/", form_defaults(name="plain", opt_players="4", opt_variant="standard",
                                            **{AST: "per_city", CAPITAL: "True"}))
    assert r.status_code == 302
    plain = Game.objects.get(name="plain")
    assert plain.options["variant"] == "standard" and "variant_options" not in plain.options
    lines = {o["label"]: o["text"] for o in c.get(f"/api/lobby/games/{plain.pk}").json()["options"]}
    assert "A.S.T.: city advances required" not in lines


@pytest.mark.variant("GI-REQ-01")
def test_grand_imperial_without_the_western_extension_is_refused_in_the_rules_words(make_user, client_for,
                                                                                     registered):
    c = client_for(make_user())
    r = c.post("/lobby/new/", form_defaults(name="no wem", opt_players="4", opt_variant="grand_imperial"))
    assert r.status_code == 400
    assert "Grand Imperial needs the Western Extension Map" in r.content.decode(), re.findall(r"role=.alert.*", r.content.decode())
    assert not Game.objects.filter(name="no wem").exists()


@pytest.mark.variant("GI-AST-02")
def test_the_api_checks_the_sub_options_by_the_variants_model(make_user, client_for, registered):
    """Through the API: a bad sub-option is refused naming it, and nothing is created; the plain
    game takes none; good ones are kept in full."""
    from tests.platform.conftest import post_json

    c = client_for(make_user())
    gi = {"players": 4, "variant": "grand_imperial", "wem": True}
    r = post_json(c, "/api/lobby/games", {"options": {**gi, "variant_options": {"ast_advance": "per_city"}}})
    assert r.status_code == 400
    assert r.json()["message"] == ("game options: variant_options of Grand Imperial: unknown sub-option "
                                   "'ast_advance'")
    r = post_json(c, "/api/lobby/games", {"options": {"players": 4, "variant_options": {"capital_to_win": True}}})
    assert r.status_code == 400 and "takes no sub-options; variant_options gives 'capital_to_win'" in r.json()["message"]
    assert not Game.objects.exists()
    r = post_json(c, "/api/lobby/games", {"name": "api imperial",
                                          "options": {**gi, "variant_options": {"ast_advances": "per_colour"}}})
    assert r.status_code in (200, 201), r.content
    assert Game.objects.get(name="api imperial").options["variant_options"] == {
        "ast_advances": "per_colour", "capital_to_win": False, "pirate_range": False}


@pytest.mark.variant("GI-CAL-12")
def test_the_pirate_range_sub_option_is_offered_and_kept(make_user, client_for, registered):
    """The seed's option of Piracy (GIC-20): a choice shown for Grand Imperial only, "No"
    first (off by default); a game created with "Yes" keeps ``pirate_range: True``."""
    u = make_user()
    c = client_for(u)
    page = c.get("/lobby/new/").content.decode()
    name = "opt_variant_options.pirate_range"
    pirate = re.search(rf'<select name="{re.escape(name)}".*?</select>', page, re.S).group(0)
    assert 'data-when="{&quot;variant&quot;: [&quot;grand_imperial&quot;]}"' in pirate
    assert re.findall(r'<option value="(\w+)"', pirate) == ["False", "True"]
    r = c.post("/lobby/new/", form_defaults(name="pirates", opt_players="4", opt_wem="on",
                                            opt_variant="grand_imperial", **{name: "True"}))
    assert r.status_code == 302, r.content.decode()[:2000]
    assert Game.objects.get(name="pirates").options["variant_options"] == {
        "ast_advances": "off", "capital_to_win": False, "pirate_range": True}
