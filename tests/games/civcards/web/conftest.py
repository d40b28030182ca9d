"""The platform's fixtures (users, logged-in clients) for the web tests of the game."""
from tests.platform.conftest import client_for, make_user  # noqa: F401
