"""The own pages of the layout test's toy game "count to three" (``tests/platform/test_layout.py``,
``CountToThree.offers``): a Django app of its own, as a game's ``web/`` is, with one page (the
tally of who said what) built on the platform's public helpers for a game's pages alone
(``tresham.platform.play.gamepages``)."""
