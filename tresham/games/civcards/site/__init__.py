"""The site face of Civilization: The Card Game: the :class:`GameRules` the platform sees
(``rules.py``), its order forms (``forms.py``), the words for cards (``names.py``), the data of
the game's own page (``tableau.py``) and the help's facts (``reference.py``)."""
