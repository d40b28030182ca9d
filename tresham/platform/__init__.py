"""The play-by-web site: Django apps, one per concern (see docs/platform.md).

The platform knows games only through ``tresham.games.contract`` and ``tresham.games.registry``;
nothing here imports a particular game.
"""
