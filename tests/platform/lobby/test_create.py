"""Creating a game (SITE-CREATE-01..15): pages and API, options checked by the game's rules."""
from __future__ import annotations

import re

import pytest

from tests.platform.conftest import post_json
from tresham.platform.lobby import names, signals
from tresham.platform.lobby.models import PickOrder
from tresham.platform.play.models import Game, Seat

from .conftest import DAY, HOUR

pytestmark = pytest.mark.django_db

SUGGESTED = {8: 47, 7: 55, 6: 55, 5: 47, 4: 55, 3: 47, 2: 55}


def form_defaults(**changes) -> dict:
    """What the new-game form posts when left as offered (checkboxes: only the ticked)."""
    data = {"name": "The Test Game", "opt_players": "7", "opt_board": "", "opt_tokens": "", "opt_hand_limit": "8",
            "opt_turn_limit": "", "opt_public_trade_message": "on", "opt_variant": "standard",
            "time_limit": str(24 * HOUR),
            "take_seat": "on"}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


@pytest.mark.site("SITE-CREATE-01", "SITE-LIST-06")
def test_the_open_tab_has_a_create_button_that_opens_the_form(make_user, client_for):
    c = client_for(make_user())
    page = c.get("/lobby/open/").content.decode()
    assert re.search(r'<a class="button" href="/lobby/new/">Create a new game</a>\s*</p>\s*</section>', page)
    form = c.get("/lobby/new/")
    assert form.status_code == 200
    assert "<h1>Create a new game</h1>" in form.content.decode()


@pytest.mark.site("SITE-CREATE-02")
def test_a_random_name_is_offered_and_the_same_seed_gives_the_same_name():
    assert names.game_name(7) == names.game_name(7)
    assert len({names.game_name(s) for s in range(50)}) > 40
    name = names.game_name(12345)
    words = name.replace("The ", "").replace(" of ", " ").split()
    vocabulary = set(names.ADJECTIVES) | set(names.NOUNS) | set(names.PLACES)
    assert len(words) == 2 and set(words) <= vocabulary


@pytest.mark.site("SITE-CREATE-02")
def test_the_creator_keeps_the_offered_name_or_writes_his_own(make_user, client_for):
    u = make_user()
    c = client_for(u)
    page = c.get("/lobby/new/").content.decode()
    offered = re.search(r'name="name" value="([^"]+)"', page).group(1)
    words = offered.replace("The ", "").replace(" of ", " ").split()
    assert set(words) <= set(names.ADJECTIVES) | set(names.NOUNS) | set(names.PLACES)
    r = c.post("/lobby/new/", form_defaults(name=offered))
    assert r.status_code == 302
    assert Game.objects.get(creator=u).name == offered
    c.post("/lobby/new/", form_defaults(name="  Friday   night civ "))
    assert Game.objects.filter(creator=u, name="Friday night civ").exists()
    r = c.post("/lobby/new/", form_defaults(name="   "))
    assert r.status_code == 400 and Game.objects.filter(creator=u).count() == 2
    # the API names a game itself when no name is given
    r = post_json(c, "/api/lobby/games", {"options": {"players": 3}})
    assert r.status_code == 201
    auto = r.json()["name"]
    assert set(auto.replace("The ", "").replace(" of ", " ").split()) <= \
        set(names.ADJECTIVES) | set(names.NOUNS) | set(names.PLACES)


@pytest.mark.site("SITE-CREATE-04", "SITE-CREATE-05", "SITE-CREATE-06")
def test_a_five_player_game_with_hand_limit_10_and_47_tokens_keeps_those_options(make_user, client_for):
    u = make_user()
    r = client_for(u).post("/lobby/new/", form_defaults(opt_players="5", opt_board="five_panels_2_3",
                                                          opt_hand_limit="10", opt_tokens="47"))
    assert r.status_code == 302
    g = Game.objects.get(creator=u)
    assert g.players == 5 and g.seats.count() == 5
    assert g.options["players"] == 5
    assert g.options["board"] == "five_panels_2_3"
    assert g.options["hand_limit"] == 10
    assert g.options["tokens"] == 47
    assert r["Location"] == f"/lobby/games/{g.pk}/"


@pytest.mark.site("SITE-CREATE-04")
def test_every_player_count_from_2_to_8_and_its_boards_are_offered(make_user, client_for):
    page = client_for(make_user()).get("/lobby/new/").content.decode()
    counts = re.search(r'<select name="opt_players".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="(\d)"', counts) == ["2", "3", "4", "5", "6", "7", "8"]
    boards = re.search(r'<select name="opt_board".*?</select>', page, re.S).group(0)
    offered = re.findall(r'<option value="([a-z0-9_]*)"', boards)
    assert offered[0] == ""  # the standard board for the count
    assert {"full_8p", "full_7p", "full_6p", "six_wem_without_panel4", "five_panels_2_3", "four_east",
            "four_west_wem", "three", "two"} <= set(offered)
    assert "5 players: Without both the western-most and eastern-most panels (16.5)" in boards


@pytest.mark.site("SITE-CREATE-04")
def test_a_board_for_another_player_count_is_refused_with_the_rules_message(make_user, client_for):
    u = make_user()
    c = client_for(u)
    r = c.post("/lobby/new/", form_defaults(opt_players="5", opt_board="two"))
    assert r.status_code == 400
    assert "board &#x27;two&#x27; is for [2] players, not 5 (rule 16.8)" in r.content.decode()
    r = post_json(c, "/api/lobby/games", {"options": {"players": 9}})
    assert r.status_code == 400
    assert r.json() == {"error": "illegal_order", "rule": "16.1",
                        "message": "game options: players: must be a whole number from 2 to 8 (got 9)"}
    assert not Game.objects.exists() and not Seat.objects.exists()


@pytest.mark.site("SITE-CREATE-04")
def test_the_western_extension_is_an_option(make_user, new_game):
    g = new_game(make_user(), 4, board="four_west_wem", wem=True)
    assert g.options["wem"] is True and g.options["board"] == "four_west_wem"


@pytest.mark.site("SITE-CREATE-05")
def test_the_hand_limit_is_8_by_default_and_the_rules_refuse_0(make_user, client_for):
    u = make_user()
    c = client_for(u)
    page = c.get("/lobby/new/").content.decode()
    assert re.search(r'name="opt_hand_limit" value="8"', page)
    c.post("/lobby/new/", form_defaults())
    assert Game.objects.get(creator=u).options["hand_limit"] == 8
    r = c.post("/lobby/new/", form_defaults(opt_hand_limit="0"))
    assert r.status_code == 400
    assert "hand_limit: must be a whole number from 1 to 30 (got 0)" in r.content.decode()
    r = c.post("/lobby/new/", form_defaults(opt_hand_limit="eight"))
    assert r.status_code == 400 and "enter a whole number" in r.content.decode()
    assert Game.objects.filter(creator=u).count() == 1


@pytest.mark.site("SITE-CREATE-06")
def test_the_suggested_tokens_per_player_count_are_shown_and_taken_when_blank(make_user, client_for):
    u = make_user()
    c = client_for(u)
    page = c.get("/lobby/new/").content.decode()
    assert ("Suggested: 8 players 47, 7 players 55, 6 players 55, 5 players 47, 4 players 55, "
            "3 players 47, 2 players 55") in page
    fields = c.get("/api/lobby/new-game").json()["kinds"][0]["fields"]
    tokens = next(f for f in fields if f["name"] == "tokens")
    assert tokens["suggested"] == {str(n): v for n, v in SUGGESTED.items()}
    for players in (8, 5, 4, 2):
        c.post("/lobby/new/", form_defaults(name=f"blank {players}", opt_players=str(players), opt_tokens=""))
        assert Game.objects.get(name=f"blank {players}").options["tokens"] == SUGGESTED[players]
    c.post("/lobby/new/", form_defaults(name="thirty", opt_players="4", opt_tokens="30"))
    assert Game.objects.get(name="thirty").options["tokens"] == 30


@pytest.mark.site("SITE-CREATE-07")
def test_time_limits_from_one_hour_to_a_week_and_no_time_limit(make_user, client_for):
    u = make_user()
    c = client_for(u)
    page = c.get("/lobby/new/").content.decode()
    select = re.search(r'<select name="time_limit".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="([a-z0-9]+)"', select) == [
        "3600", "7200", "14400", "28800", "43200", "86400", "129600", "172800", "259200", "345600", "432000",
        "604800", "none"]
    assert "No time limit</option>" in select
    assert re.search(r'<option value="86400" selected>24 hours</option>', select)
    assert "a player who stops playing stops the game" in page
    c.post("/lobby/new/", form_defaults(name="untimed", time_limit="none"))
    assert Game.objects.get(name="untimed").time_limit is None
    c.post("/lobby/new/", form_defaults(name="three days", time_limit="259200"))
    assert Game.objects.get(name="three days").time_limit == 3 * DAY
    r = c.post("/lobby/new/", form_defaults(name="odd", time_limit="999"))
    assert r.status_code == 400 and not Game.objects.filter(name="odd").exists()
    r = post_json(c, "/api/lobby/games", {"name": "api odd", "time_limit": 999})
    assert r.status_code == 400 and r.json()["error"] == "bad_request"
    assert "No time limit" in r.json()["message"]
    r = post_json(c, "/api/lobby/games", {"name": "api untimed", "time_limit": None})
    assert r.status_code == 201 and r.json()["time_limit"] is None
    assert r.json()["time_limit_label"] == "No time limit"


@pytest.mark.site("SITE-CREATE-08", "SITE-CREATE-09", "SITE-CREATE-10", "SITE-CREATE-11")
def test_the_trade_card_visibility_options_are_kept(make_user, client_for):
    u = make_user()
    c = client_for(u)
    c.post("/lobby/new/", form_defaults(name="plain"))
    plain = Game.objects.get(name="plain").options
    assert (plain["show_deck_counts"], plain["show_nontradable_depth"], plain["only_active_calamity"],
            plain["shuffle_nontradable_with_bottom_two"]) == (False, False, False, False)
    c.post("/lobby/new/", form_defaults(name="all on", opt_show_deck_counts="on", opt_show_nontradable_depth="on",
                                        opt_only_active_calamity="on", opt_shuffle_nontradable_with_bottom_two="on"))
    on = Game.objects.get(name="all on").options
    assert (on["show_deck_counts"], on["show_nontradable_depth"], on["only_active_calamity"],
            on["shuffle_nontradable_with_bottom_two"]) == (True, True, True, True)
    page = c.get("/lobby/new/").content.decode()
    for label in ("Show deck counts", "Show where the non-tradable calamities are", "Only the active calamity",
                  "Hide non-tradable calamities at the bottom"):
        assert re.search(rf'<label for="id_opt_\w+">{label}</label>', page)


@pytest.mark.site("SITE-CREATE-12", "SITE-CREATE-15")
def test_stoic_appears_in_the_options_every_visitor_sees(make_user, client_for, new_game):
    creator, stranger = make_user(), make_user()
    stoic = new_game(creator, 4, stoic=True)
    normal = new_game(creator, 4)
    page = client_for(stranger).get(f"/lobby/games/{stoic.pk}/").content.decode()
    assert "<dt>Stoic</dt><dd>Yes</dd>" in page
    assert "<dt>Stoic</dt><dd>No</dd>" in client_for(stranger).get(f"/lobby/games/{normal.pk}/").content.decode()
    opts = {o["name"]: o for o in client_for(stranger).get(f"/api/lobby/games/{stoic.pk}").json()["options"]}
    assert opts["stoic"] == {"name": "stoic", "label": "Stoic", "value": True, "text": "Yes"}


@pytest.mark.site("SITE-CREATE-13")
def test_the_public_trade_message_can_be_turned_off(make_user, client_for):
    u = make_user()
    c = client_for(u)
    c.post("/lobby/new/", form_defaults(name="with message"))
    c.post("/lobby/new/", form_defaults(name="quiet", opt_public_trade_message=None))
    assert Game.objects.get(name="with message").options["public_trade_message"] is True
    assert Game.objects.get(name="quiet").options["public_trade_message"] is False


@pytest.mark.site("SITE-CREATE-15")
def test_all_options_are_listed_for_a_visitor_in_words(make_user, client_for, new_game):
    g = new_game(make_user(), 5, board="five_panels_2_3", hand_limit=10, tokens=47, turn_limit=40,
                 time_limit=48 * HOUR)
    r = client_for(make_user()).get(f"/api/lobby/games/{g.pk}")
    assert r.status_code == 200
    opts = {o["label"]: o["text"] for o in r.json()["options"]}
    assert opts["Number of players"] == "5 players"
    assert opts["Part of the map"] == "5 players: Without both the western-most and eastern-most panels (16.5)"
    assert opts["Hand limit"] == "10"
    assert opts["Starting tokens per player"] == "47"
    assert opts["Turn limit"] == "40"
    assert opts["Stoic"] == "No"
    assert r.json()["time_limit_label"] == "48 hours"
    # anonymous visitors see them too
    from django.test import Client

    page = Client().get(f"/lobby/games/{g.pk}/").content.decode()
    assert "<dt>Hand limit</dt><dd>10</dd>" in page and "<dt>Time limit</dt><dd>48 hours</dd>" in page


@pytest.mark.site("SITE-CREATE-14")
def test_mutual_friends_chosen_are_seated_in_the_new_game(make_user, client_for, befriend,
                                                          django_capture_on_commit_callbacks):
    creator, ann, bob, asked = make_user("creator"), make_user("ann"), make_user("bob"), make_user("asked")
    befriend(creator, ann)
    befriend(bob, creator)
    from tresham.platform.accounts import friends

    friends.send_request(creator, asked)  # not answered: not a friend
    c = client_for(creator)
    page = c.get("/lobby/new/").content.decode()
    assert re.search(rf'name="friends" value="{ann.pk}"[^>]*>\s*ann</label>', page)
    assert re.search(rf'name="friends" value="{bob.pk}"[^>]*>\s*bob</label>', page)
    assert f'name="friends" value="{asked.pk}"' not in page
    added = []
    signals.friend_added.connect(lambda sender, **kw: added.append((kw["game"].pk, kw["user"].username,
                                                                      kw["by"].username)), weak=False,
                                 dispatch_uid="test-friend-added")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            r = c.post("/lobby/new/", form_defaults(name="friends", opt_players="4", friends=[str(ann.pk), str(bob.pk)]))
    finally:
        signals.friend_added.disconnect(dispatch_uid="test-friend-added")
    assert r.status_code == 302
    g = Game.objects.get(name="friends")
    assert {s.index: s.user.username for s in g.seats.filter(user__isnull=False)} == \
        {0: "creator", 1: "ann", 2: "bob"}
    assert g.status == Game.Status.OPEN
    assert sorted(added) == [(g.pk, "ann", "creator"), (g.pk, "bob", "creator")]
    # someone who has not accepted cannot be pulled in, by the form or by the API
    r = c.post("/lobby/new/", form_defaults(name="pulled", friends=[str(asked.pk)]))
    assert r.status_code == 400 and not Game.objects.filter(name="pulled").exists()
    r = post_json(c, "/api/lobby/games", {"name": "pulled", "friends": ["asked"]})
    assert r.status_code == 400
    assert r.json() == {"error": "bad_request",
                        "message": "asked is not your friend: only mutual friends can be added"}
    assert not Game.objects.filter(name="pulled").exists()
    r = post_json(c, "/api/lobby/games", {"name": "ghost", "friends": ["nobody-here"]})
    assert r.status_code == 400 and "no user is called 'nobody-here'" in r.json()["message"]


@pytest.mark.site("SITE-CREATE-14", "SITE-QUEUE-07")
def test_friends_filling_every_seat_start_the_game(make_user, befriend, new_game):
    creator, ann, bob = make_user(), make_user(), make_user()
    befriend(creator, ann)
    befriend(creator, bob)
    g = new_game(creator, 3, friends=[ann, bob])
    assert g.status == Game.Status.ACTIVE and g.stage == "Choosing nations"
    assert sorted(PickOrder.objects.get(game=g).seats) == [0, 1, 2]


@pytest.mark.site("SITE-CREATE-14")
def test_more_friends_than_seats_is_refused_and_nothing_is_created(make_user, befriend, client_for):
    creator = make_user()
    pals = [make_user() for _ in range(3)]
    for p in pals:
        befriend(creator, p)
    r = post_json(client_for(creator), "/api/lobby/games",
                  {"name": "crowded", "options": {"players": 3}, "friends": [p.username for p in pals]})
    assert r.status_code == 400
    assert r.json()["message"] == "a 3-player game has 3 seats, not 4"
    assert not Game.objects.exists()


def test_the_creator_takes_seat_1_unless_he_only_creates_the_game(make_user, client_for):
    u = make_user()
    c = client_for(u)
    c.post("/lobby/new/", form_defaults(name="mine"))
    assert Game.objects.get(name="mine").seats.get(index=0).user == u
    c.post("/lobby/new/", form_defaults(name="for others", take_seat=None))
    g = Game.objects.get(name="for others")
    assert not g.seats.filter(user__isnull=False).exists() and g.creator == u


def test_the_creator_gives_seats_to_the_bot_at_creation_and_later(make_user, client_for):
    u, other = make_user(), make_user()
    c = client_for(u)
    c.post("/lobby/new/", form_defaults(name="bots", opt_players="4", bot_seats=["2", "3"]))
    g = Game.objects.get(name="bots")
    assert sorted(g.seats.filter(is_bot=True).values_list("index", flat=True)) == [2, 3]
    r = c.post("/lobby/new/", form_defaults(name="bot on mine", bot_seats=["0"]))
    assert r.status_code == 400 and "seat 1 is yours" in r.content.decode()
    r = client_for(other).post(f"/lobby/games/{g.pk}/bot/", {"seat": "2"})
    assert r.status_code == 403 and not g.seats.get(index=1).is_bot
    r = c.post(f"/lobby/games/{g.pk}/bot/", {"seat": "2"})
    assert r.status_code == 302
    g.refresh_from_db()
    assert g.seats.get(index=1).is_bot and g.status == Game.Status.ACTIVE
    r = post_json(c, f"/api/lobby/games/{g.pk}/bots", {"seat": 1})
    assert r.status_code == 409 and r.json()["error"] == "cannot_join"


def test_the_turn_limit_is_an_option(make_user, client_for):
    u = make_user()
    c = client_for(u)
    c.post("/lobby/new/", form_defaults(name="short", opt_turn_limit="12"))
    assert Game.objects.get(name="short").options["turn_limit"] == 12
    c.post("/lobby/new/", form_defaults(name="long"))
    assert Game.objects.get(name="long").options["turn_limit"] is None


def test_the_api_form_description_comes_from_the_rules(make_user, client_for):
    body = client_for(make_user()).get("/api/lobby/new-game").json()
    kind = body["kinds"][0]
    assert kind["kind"] == "advciv" and (kind["min_players"], kind["max_players"]) == (2, 8)
    assert kind["options_schema"]["properties"]["hand_limit"]["default"] == 8
    board = next(f for f in kind["fields"] if f["name"] == "board")
    five = [c["value"] for c in board["choices"] if c["when"].get("players") == [5]]
    assert five == ["five_panels_2_3", "five_wem_drop_two_west", "five_wem_drop_two_east"]
    assert body["default_time_limit"] == 86400
    assert body["time_limits"][-1] == {"value": None, "label": "No time limit"}
    assert body["name"]


def test_unknown_options_and_bad_bodies_get_4xx_and_change_nothing(make_user, client_for):
    c = client_for(make_user())
    r = post_json(c, "/api/lobby/games", {"options": {"players": 3, "bogus": 1}})
    assert r.status_code == 400 and r.json()["message"] == "game options: unknown option 'bogus'"
    r = post_json(c, "/api/lobby/games", {"kind": "chess"})
    assert r.status_code == 400 and "there is no game 'chess'" in r.json()["message"]
    r = post_json(c, "/api/lobby/games", {"bot_seats": [7], "options": {"players": 3}})
    assert r.status_code == 400 and r.json()["message"] == "the game has seats 1 to 3 only"
    r = post_json(c, "/api/lobby/games", {"name": "x" * 81})
    assert r.status_code == 400 and "at most 80 characters" in r.json()["message"]
    r = post_json(c, "/api/lobby/games", {"options": "five"})
    assert r.status_code == 422
    r = c.post("/api/lobby/games", data="{not json", content_type="application/json")
    assert r.status_code in (400, 422)
    assert not Game.objects.exists()


def test_control_characters_and_wrong_types_are_refused_before_the_database(make_user, client_for):
    c = client_for(make_user())
    for body, status in (({"name": "nul\x00name"}, 400), ({"name": "lone \ud800"}, 422),
                         ({"friends": ["a\x00b"]}, 400), ({"friends": [12]}, 422), ({"bot_seats": ["x"]}, 422),
                         ({"time_limit": "a day"}, 422), ({"take_seat": "maybe"}, 422), ({"name": 12}, 422),
                         ({"bot_seats": [-1]}, 400), ({"bot_seats": [10 ** 30]}, 400)):
        import json

        r = c.post("/api/lobby/games", data=json.dumps(body), content_type="application/json")
        assert r.status_code == status, (body, r.status_code, r.content)
        assert set(r.json()) >= {"error", "message"}
    r = c.post("/lobby/new/", form_defaults(name="bad\x00"))
    assert r.status_code == 400
    assert not Game.objects.exists()


def test_the_openapi_document_gives_the_games_own_options_schema_for_a_new_game(client):
    schemas = client.get("/api/openapi.json").json()["components"]["schemas"]
    from tresham.games import registry

    assert registry.names() == ["advciv", "civcards", "tigris"]  # every game of the registry, each its own schema
    assert schemas["CreateGameIn"]["properties"]["options"]["oneOf"] == [
        {"$ref": "#/components/schemas/advciv.Options"}, {"$ref": "#/components/schemas/civcards.Options"},
        {"$ref": "#/components/schemas/tigris.Options"}]
    assert schemas["advciv.Options"]["properties"]["hand_limit"]["maximum"] == 30
    assert schemas["tigris.Options"]["properties"]["players"]["maximum"] == 4


@pytest.mark.variant("CPCAL-00a", "CPCAL-00b")
def test_the_expansion_project_calamities_are_creation_options_shown_to_everyone(make_user, client_for):
    """Both options are offered, off unless ticked; ticked, the game carries them and its
    page says so to anyone, its stacks holding the Expansion Project's calamities."""
    u, other = make_user(), make_user()
    form = client_for(u).get("/lobby/new/").content.decode()
    for name in ("opt_ep_major", "opt_ep_minor"):
        box = re.search(rf'<input[^>]*name="{name}"[^>]*>', form)
        assert box and "checked" not in box.group(0), name
    r = client_for(u).post("/lobby/new/", form_defaults(opt_players="4", opt_ep_major="on", opt_ep_minor="on"))
    assert r.status_code == 302
    g = Game.objects.get(creator=u)
    assert g.options["ep_major"] is True and g.options["ep_minor"] is True
    page = client_for(other).get(f"/lobby/games/{g.pk}/").content.decode()
    assert "<dt>Expansion Project major calamities</dt><dd>Yes</dd>" in page
    assert "<dt>Expansion Project minor calamities</dt><dd>Yes</dd>" in page
    r = client_for(u).post("/lobby/new/", form_defaults(name="Plain", opt_players="4"))
    plain = Game.objects.get(name="Plain")
    assert plain.options["ep_major"] is False and plain.options["ep_minor"] is False
