"""Advanced Civilization's own pages (issue 23): a Django app (label ``advciv``) the site installs
because the game declares it (``Offers.app``), serving the pages the game declares
(``Offers.pages``, ``Offers.help``) at the addresses players know:

- ``views.py``: the A.S.T. (``/games/<id>/ast/``) and the civilization advances
  (``/games/<id>/advances/``);
- ``trade.py``: the trade page (``/games/<id>/trade/``) and its forms;
- ``help.py``: the help topics of the game's facts (``/help/trading/``, ``calamities/``,
  ``advances/``, ``ages/``);
- ``map_orders.py``: what the game page's map orders read (the board's overlay,
  ``advciv/_map_orders.html``, ``static/advciv/map_orders.js``);
- ``replay.py``: the replay's layout of hands, trades and lies (``advciv/_replay.html``);
- ``templatetags/advciv.py``: the tags of those templates.

It uses the platform's public helpers for a game's pages only (``tresham.platform.play.gamepages``,
``tresham.platform.help.gamehelp``), and the game's site face (``site/``) for what to show.
"""
