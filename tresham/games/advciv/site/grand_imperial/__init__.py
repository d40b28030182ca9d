"""Grand Imperial's part of the site face: the order forms of its own decisions
(``forms.py``, EP-12)."""
