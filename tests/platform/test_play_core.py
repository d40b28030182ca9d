"""The one order path: accepted orders are logged once, refusals change nothing, the log
rebuilds the stored state, bots play through the same path."""
import pytest
from django.contrib.auth import get_user_model

from tresham.games.contract import IllegalOrder
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game, LogEntry

pytestmark = pytest.mark.django_db(transaction=True)


def _users(n):
    User = get_user_model()
    return [User.objects.create_user(f"p{i}", f"p{i}@example.org", "pw-long-enough") for i in range(n)]


def test_bots_play_a_short_game_to_its_end_and_the_log_rebuilds_it():
    game = services.create_game("advciv", {"players": 3, "turn_limit": 2}, name="Bots")
    for _ in range(3):
        lobby.add_bot(game.pk)
    for _ in range(50):
        if not run_due(limit=1000):
            break
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    rules = services.rules_of(game)
    assert rules.digest(services.rebuild(game, from_snapshot=False)) == rules.digest(rules.loads(game.state))
    assert LogEntry.objects.filter(game=game).count() == game.revision


def test_a_refused_order_changes_nothing():
    a, b = _users(2)
    game = services.create_game("advciv", {"players": 2}, name="Two")
    lobby.join(game.pk, a)
    lobby.join(game.pk, b)
    game.refresh_from_db()
    before = (game.revision, game.state)
    with pytest.raises(IllegalOrder):
        services.submit(game.pk, {"type": "pick", "nation": "atlantis", "area": "x"}, seat=0, account=a)
    game.refresh_from_db()
    assert (game.revision, game.state) == before
