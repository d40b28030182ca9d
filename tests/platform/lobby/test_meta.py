"""The same-opponent limit (SITE-META-01..03, SITE-QUEUE-09): at most 3 unfinished games with
any one person, on every way into a game."""
from __future__ import annotations

import pytest

from tests.platform.conftest import post_json
from tresham.platform.lobby import meta, queue, services
from tresham.platform.play.models import Game

from .conftest import HOUR, vacate

pytestmark = pytest.mark.django_db


def members(game) -> set[str]:
    return set(game.seats.filter(user__isnull=False).values_list("user__username", flat=True))


@pytest.mark.site("SITE-META-01")
def test_two_users_share_at_most_three_games(make_user, client_for, new_game, share_games):
    a, b = make_user("ann"), make_user("bob")
    share_games(a, b, 3)
    assert meta.shared_counts(a, [b.pk]) == {b.pk: 3}
    fourth = new_game(a, 3, name="Fourth")
    r = post_json(client_for(b), f"/api/lobby/games/{fourth.pk}/join", {})
    assert r.status_code == 409
    assert r.json() == {"error": "same_opponent_limit",
                        "message": "bob already plays 3 unfinished games with ann: no more games together "
                                   "until one of those ends or one of you quits it"}
    assert members(fourth) == {"ann"}
    # each may still play with everybody else
    c = make_user("cid")
    services.join(fourth.pk, c)
    other = new_game(c, 3)
    services.join(other.pk, b)
    assert members(other) == {"cid", "bob"}


@pytest.mark.site("SITE-META-01")
def test_two_shared_games_leave_room_for_a_third(make_user, new_game, share_games):
    a, b = make_user(), make_user()
    share_games(a, b, 2)
    third = new_game(a, 3)
    services.join(third.pk, b)
    assert meta.shared_counts(a, [b.pk]) == {b.pk: 3}


@pytest.mark.site("SITE-META-02")
def test_neither_can_join_a_game_the_other_is_in_manually(make_user, new_game, share_games):
    a, b = make_user("ann"), make_user("bob")
    share_games(a, b, 3)
    of_b = new_game(b, 3, name="Bob's")
    with pytest.raises(meta.SameOpponentLimit):
        services.join(of_b.pk, a)
    # someone else's game with b in it: a cannot join it either
    x = make_user()
    third_party = new_game(x, 4)
    services.join(third_party.pk, b)
    with pytest.raises(meta.SameOpponentLimit):
        services.join(third_party.pk, a)
    assert members(of_b) == {"bob"} and "ann" not in members(third_party)


@pytest.mark.site("SITE-META-02", "SITE-QUEUE-09")
def test_the_queue_never_places_him_with_the_blocked_player(make_user, new_game, share_games):
    a, b = make_user("ann"), make_user("bob")
    share_games(a, b, 3)
    with_a = new_game(a, 3, name="With ann")
    elsewhere = new_game(make_user("cid"), 3, name="Elsewhere")
    entry = queue.enqueue(b, min_time_limit=HOUR, max_time_limit=None)
    assert entry.game_id == elsewhere.pk
    assert members(with_a) == {"ann"}
    # a new game of ann's does not take him from the queue either, while it takes eve
    assert queue.enqueue(b, min_time_limit=HOUR, max_time_limit=None).game_id is None  # queued again
    eve = make_user("eve")
    assert queue.enqueue(eve, min_time_limit=36 * HOUR, max_time_limit=36 * HOUR).game_id is None
    later = new_game(a, 3, name="Ann's later", time_limit=36 * HOUR)
    assert members(later) == {"ann", "eve"}
    assert queue.waiting_entry(b) is not None


@pytest.mark.site("SITE-META-02")
def test_he_cannot_replace_a_player_in_a_game_the_other_plays(make_user, client_for, new_game, share_games):
    a, b, c = make_user("ann"), make_user("bob"), make_user("cid")
    share_games(a, b, 3)
    running = new_game(a, 2)
    services.join(running.pk, c)
    vacate(running, 1)  # cid quit: the seat awaits a replacement
    r = post_json(client_for(b), f"/api/lobby/games/{running.pk}/join", {})
    assert r.status_code == 409 and r.json()["error"] == "same_opponent_limit"
    queue.enqueue(b, min_time_limit=HOUR, max_time_limit=None, join_in_progress=True)
    assert queue.fill_from_queue(running.pk) == []
    assert members(running) == {"ann"}


@pytest.mark.site("SITE-META-02", "SITE-CREATE-14")
def test_a_friend_added_at_creation_is_refused_past_the_limit(make_user, client_for, new_game, share_games,
                                                              befriend):
    a, b = make_user("ann"), make_user("bob")
    befriend(a, b)
    share_games(a, b, 3)
    before = Game.objects.count()
    r = post_json(client_for(a), "/api/lobby/games", {"name": "With my friend", "options": {"players": 3},
                                                      "friends": ["bob"]})
    assert r.status_code == 409 and r.json()["error"] == "same_opponent_limit"
    assert "bob already plays 3 unfinished games with ann" in r.json()["message"]
    assert Game.objects.count() == before  # nothing created


@pytest.mark.site("SITE-META-02")
def test_the_block_ends_when_a_shared_game_ends_or_one_of_them_quits_it(make_user, new_game, share_games,
                                                                        play_to_end):
    a, b = make_user("ann"), make_user("bob")
    games = share_games(a, b, 2)
    short = new_game(a, 2, name="Short", turn_limit=1)
    services.join(short.pk, b)
    fourth = new_game(a, 3)
    with pytest.raises(meta.SameOpponentLimit):
        services.join(fourth.pk, b)
    play_to_end(short)
    services.join(fourth.pk, b)  # the finished game no longer counts
    assert meta.shared_counts(a, [b.pk]) == {b.pk: 3}
    fifth = new_game(b, 3)
    with pytest.raises(meta.SameOpponentLimit):
        services.join(fifth.pk, a)
    services.join(games[0].pk, make_user())  # fills and starts it
    seat_of_b = games[0].seats.get(user=b).index
    vacate(games[0], seat_of_b)  # bob quits one of the shared games
    services.join(fifth.pk, a)
    assert members(fifth) == {"ann", "bob"}


@pytest.mark.site("SITE-META-03")
def test_the_open_tab_lists_the_blocked_players_and_hides_their_games(make_user, client_for, new_game, share_games):
    a, b, c = make_user("ann"), make_user("bob"), make_user("cid")
    share_games(a, b, 3)
    new_game(b, 3, name="Bob hosts")
    x = new_game(c, 4, name="Cid and bob")
    services.join(x.pk, b)
    new_game(c, 3, name="Cid alone")
    page = client_for(a).get("/lobby/open/").content.decode()
    blocked = page.split('<section class="blocked"')[1].split("</section>")[0]
    assert "<li>bob</li>" in blocked and "<li>cid</li>" not in blocked
    assert "Cid alone" in page and "Bob hosts" not in page and "Cid and bob" not in page
    body = client_for(a).get("/api/lobby/games?tab=open").json()
    assert body["blocked_with"] == [{"username": "bob", "name": "bob"}]
    assert [g["name"] for g in body["games"]] == ["Cid alone"]
    # the other side sees it the same way
    body = client_for(b).get("/api/lobby/games?tab=open").json()
    assert body["blocked_with"] == [{"username": "ann", "name": "ann"}]
    # cid, blocked with nobody, sees both of bob's games... except his own
    assert client_for(c).get("/api/lobby/games?tab=open").json()["blocked_with"] == []
    page = client_for(c).get("/lobby/open/").content.decode()
    assert "Players you are blocked with" not in page


@pytest.mark.site("SITE-META-03")
def test_the_game_page_says_why_he_cannot_join(make_user, client_for, new_game, share_games):
    a, b = make_user("ann"), make_user("bob")
    share_games(a, b, 3)
    g = new_game(a, 3)
    page = client_for(b).get(f"/lobby/games/{g.pk}/").content.decode()
    assert "You cannot join: bob already plays 3 unfinished games with ann" in page
    assert f'action="/lobby/games/{g.pk}/join/"' not in page
    body = client_for(b).get(f"/api/lobby/games/{g.pk}").json()
    assert body["can_join"] is False and body["join_problem"].startswith("bob already plays 3")
