"""Advanced Civilization's site face, in plain Python (no Django): the platform's handle on the
game (``rules.py``, the ``GameRules`` implementation) and what it shows of it: the options'
fields and words (``options.py``), the help pages' facts (``reference.py``), the game's own
pages' data (``pages.py``), the order forms (``forms.py``, Grand Imperial's in
``grand_imperial/``), standing orders (``standing.py``), the post-game replay (``replay.py``)
and the board drawn on real coastlines (``board/``). It uses the engine and the bots; the
engine uses none of it."""
