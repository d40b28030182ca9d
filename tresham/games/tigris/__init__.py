"""Tigris & Euphrates (Reiner Knizia, 1997) with the advanced-game additions, one wing of its own
(docs/tigris.md, "Layout"):

- the pure engine at the top: ``board``/``data``, ``state``, ``orders``, ``regions``, ``rules/``,
  ``legal``, ``invariants``, ``view`` and ``engine`` (``new_game``, ``apply``, ``pending``,
  ``view``); it imports nothing of the bots, the site face, the tools, Django or the platform;
- ``bots/``: the random legal bot, the greedy bot and the stronger bot, over the engine;
- ``site/``: the site face, plain Python: ``site/rules.py`` ``TigrisEuphrates``, the
  :class:`tresham.games.contract.GameRules` the platform finds through ``tresham.games.registry``
  under the name ``"tigris"``, with the order forms, standing orders, help text, replay and map;
- ``tools/``: worked scenarios, bot playouts, the benchmark and the board data's check.

The checklist is ``shared/spec/tigris-euphrates.md`` (IDs ``TE-*``); each rules module under
``rules/`` names the IDs it carries out in its docstring. ``tests/games/tigris/test_layout.py``
keeps the engine apart from the rest.
"""
