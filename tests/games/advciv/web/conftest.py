"""Fixtures of the tests of Advanced Civilization's own pages (``tresham/games/advciv/web``) with
the real game through the site: the platform's fixtures (users, clients, a seated game at the
table, one in trade, one finished), used here as the platform's tests use them."""
from tests.platform.conftest import client_for, make_user  # noqa: F401  (fixtures)
from tests.platform.play.conftest import finished, table, trading  # noqa: F401  (fixtures)
