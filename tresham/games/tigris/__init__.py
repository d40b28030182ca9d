"""Tigris & Euphrates (Reiner Knizia, 1997) with the advanced-game additions: a pure rules
engine implementing :class:`tresham.games.base.GameRules` (``engine.TigrisEuphrates``), found
by the platform through ``tresham.games.registry`` under the name ``"tigris"``.

The checklist is ``shared/spec/tigris-euphrates.md`` (IDs ``TE-*``); each rules module under
``rules/`` names the IDs it carries out in its docstring.
"""
