"""Advanced Civilization's bots: players the server seats when a human is missing, and the
simulation's players (``tools/sim.py``). ``random_bot.py`` a random legal order,
``heuristic.py`` a sensible one (its plain planners ``plain.py``, Grand Imperial's
``grand_imperial/``). The bots import the engine; the engine never imports them."""
