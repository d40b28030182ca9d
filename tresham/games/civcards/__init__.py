"""Sid Meier's Civilization: The Card Game (2002), one wing of its own (docs/civcards.md):

- the pure engine at the top: ``deck`` (the schema of a deck file) and ``decks/`` (the
  installed decks, the Tresham deck of our own design first), ``state``, ``orders``,
  ``seating``, ``effects``, ``yields``, ``prices``, ``awards``, ``rules/``, ``legal``,
  ``invariants``, ``view`` and ``engine`` (``new_game``, ``apply``, ``pending``, ``view``); it
  imports nothing of the bots, the site face, Django or the platform;
- ``bots/``: the random legal bot and the heuristic bot, over the engine.

The checklist is ``shared/spec/other-games.md`` part (b) (IDs ``CCG-*``); each module names
the IDs it carries out; the rulings are ``docs/rulings/civcards.md``.
"""
