"""The friends list (SITE-ACCT-04): friendship is a request the other accepts."""
from __future__ import annotations

import pytest

from tresham.platform.accounts import friends, services
from tresham.platform.accounts.models import Friendship

from .helpers import send

pytestmark = [pytest.mark.django_db, pytest.mark.site("SITE-ACCT-04")]


def _named(make_user, username, display=""):
    u = make_user(username)
    if display:
        u.profile.display_name = display
        u.profile.save()
    return u


def test_a_request_accepted_makes_two_players_friends_both_ways(make_user, client_for):
    alice, bob = _named(make_user, "alice", "Hatshepsut"), _named(make_user, "bob", "Gilgamesh")
    a, b = client_for(alice), client_for(bob)
    r = send(a, "post", "/api/accounts/friends", {"name": "gilgamesh"})  # by display name, any case
    assert r.status_code == 201 and r.json() == {"player": {"id": bob.pk, "name": "Gilgamesh"}, "status": "pending"}
    # a request alone makes nobody a friend: a stranger cannot pull anyone into a game
    assert not services.are_friends(alice, bob) and list(services.friends_of(alice)) == []
    assert b.get("/api/accounts/friends").json() == {
        "friends": [], "incoming": [{"id": alice.pk, "name": "Hatshepsut"}], "outgoing": []}
    assert a.get("/api/accounts/friends").json()["outgoing"] == [{"id": bob.pk, "name": "Gilgamesh"}]
    r = send(b, "post", f"/api/accounts/friends/{alice.pk}/accept")
    assert r.status_code == 200 and r.json()["status"] == "accepted"
    assert services.are_friends(alice, bob) and services.are_friends(bob, alice)
    assert list(services.friends_of(alice)) == [bob] and list(services.friends_of(bob)) == [alice]
    assert a.get("/api/accounts/friends").json() == {
        "friends": [{"id": bob.pk, "name": "Gilgamesh"}], "incoming": [], "outgoing": []}
    r = send(a, "delete", f"/api/accounts/friends/{bob.pk}")
    assert r.status_code == 200
    assert not services.are_friends(alice, bob) and not Friendship.objects.exists()


def test_a_declined_player_cannot_ask_again_but_the_one_who_declined_can(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    a, b = client_for(alice), client_for(bob)
    send(a, "post", "/api/accounts/friends", {"name": "bob"})  # by username
    r = send(b, "post", f"/api/accounts/friends/{alice.pk}/decline")
    assert r.status_code == 200 and r.json()["status"] == "declined"
    r = send(a, "post", "/api/accounts/friends", {"name": "bob"})
    assert (r.status_code, r.json()["error"]) == (409, "declined")
    assert not services.are_friends(alice, bob)
    r = send(b, "post", "/api/accounts/friends", {"name": "alice"})
    assert r.status_code == 201 and r.json()["status"] == "pending"
    assert send(a, "post", f"/api/accounts/friends/{bob.pk}/accept").status_code == 200
    assert services.are_friends(alice, bob)


def test_crossing_requests_make_friends_at_once(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    send(client_for(alice), "post", "/api/accounts/friends", {"name": "bob"})
    r = send(client_for(bob), "post", "/api/accounts/friends", {"name": "alice"})
    assert r.status_code == 201 and r.json()["status"] == "accepted"
    assert services.are_friends(alice, bob) and Friendship.objects.count() == 1


def test_wrong_friend_requests_are_refused_and_change_nothing(make_user, client_for):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    a = client_for(alice)
    cases = [
        ("post", "/api/accounts/friends", {"name": "alice"}, 400, "not_yourself"),
        ("post", "/api/accounts/friends", {"name": "nobody-of-that-name"}, 404, "no_such_user"),
        ("post", f"/api/accounts/friends/{bob.pk}/accept", None, 404, "no_request"),
        ("post", "/api/accounts/friends/999999/accept", None, 404, "no_request"),
        ("delete", f"/api/accounts/friends/{carol.pk}", None, 404, "not_friends"),
    ]
    for method, path, body, status, code in cases:
        r = send(a, method, path, body)
        assert (r.status_code, r.json()["error"]) == (status, code), path
    assert not Friendship.objects.exists()
    send(a, "post", "/api/accounts/friends", {"name": "bob"})
    r = send(a, "post", "/api/accounts/friends", {"name": "bob"})
    assert (r.status_code, r.json()["error"]) == (409, "already_requested")
    r = send(a, "post", f"/api/accounts/friends/{bob.pk}/accept")  # one's own request
    assert (r.status_code, r.json()["error"]) == (404, "no_request")
    r = send(client_for(carol), "post", f"/api/accounts/friends/{alice.pk}/accept")  # not asked
    assert r.status_code == 404
    assert not services.are_friends(alice, bob)
    send(client_for(bob), "post", f"/api/accounts/friends/{alice.pk}/accept")
    r = send(a, "post", "/api/accounts/friends", {"name": "bob"})
    assert (r.status_code, r.json()["error"]) == (409, "already_friends")


def test_a_request_can_be_withdrawn(make_user, client_for):
    alice, bob = make_user("alice"), make_user("bob")
    send(client_for(alice), "post", "/api/accounts/friends", {"name": "bob"})
    assert send(client_for(alice), "delete", f"/api/accounts/friends/{bob.pk}").status_code == 200
    assert client_for(bob).get("/api/accounts/friends").json()["incoming"] == []
    # the one asked cannot "withdraw" it: he declines
    send(client_for(alice), "post", "/api/accounts/friends", {"name": "bob"})
    assert send(client_for(bob), "delete", f"/api/accounts/friends/{alice.pk}").status_code == 404


def test_one_row_per_pair_is_enforced_by_the_database(make_user):
    from django.db import IntegrityError, transaction

    alice, bob = make_user("alice"), make_user("bob")
    lo, hi = sorted([alice.pk, bob.pk])
    Friendship.objects.create(user_a_id=lo, user_b_id=hi, requested_by=alice)
    with pytest.raises(IntegrityError), transaction.atomic():
        Friendship.objects.create(user_a_id=lo, user_b_id=hi, requested_by=bob)
    with pytest.raises(IntegrityError), transaction.atomic():
        Friendship.objects.create(user_a_id=hi, user_b_id=lo, requested_by=bob)
    assert Friendship.objects.count() == 1


def test_the_friends_page_lists_and_answers_requests(make_user, client_for):
    alice, bob = _named(make_user, "alice", "Ashurbanipal"), _named(make_user, "bob", "Minos")
    a, b = client_for(alice), client_for(bob)
    r = a.post("/accounts/friends/", {"do": "request", "name": "Minos"})
    assert r.status_code == 302
    page = b.get("/accounts/friends/").content.decode()
    assert "Ashurbanipal" in page and "alice" not in page
    r = a.post("/accounts/friends/", {"do": "request", "name": "nobody-here"})
    assert r.status_code == 200 and r.context["form"].errors["name"] == ["there is no such player"]
    r = b.post("/accounts/friends/", {"do": "accept", "user": str(alice.pk)})
    assert r.status_code == 302 and friends.are_friends(alice, bob)
    assert "Minos" in a.get("/accounts/friends/").content.decode()
    r = b.post("/accounts/friends/", {"do": "remove", "user": "not-a-number"}, follow=True)
    assert r.status_code == 200 and friends.are_friends(alice, bob)
    b.post("/accounts/friends/", {"do": "remove", "user": str(alice.pk)})
    assert not friends.are_friends(alice, bob)


def test_friends_of_is_one_query(make_user, django_assert_num_queries):
    alice = make_user("alice")
    others = [make_user(f"f{i}") for i in range(4)]
    for o in others:
        friends.send_request(o, alice)
        friends.accept(alice, o)
    with django_assert_num_queries(1):
        assert sorted(u.pk for u in friends.friends_of(alice)) == sorted(o.pk for o in others)
