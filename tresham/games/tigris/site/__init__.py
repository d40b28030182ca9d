"""The site face of Tigris & Euphrates, plain Python (no Django): ``rules.TigrisEuphrates``, the
:class:`tresham.games.contract.GameRules` the platform sees, over the engine and the bots, with
the decision forms (``forms``), standing orders (``standing``), the help pages' text
(``reference``), the post-game replay (``replay``) and the map drawn as SVG (``svg``)."""
