"""Advanced Civilization's tools: the scenario runner (``tresham scenario``, ``scenario.py``),
whole bot games with every invariant checked (``tresham simulate``, ``sim.py``) and the
engine's benchmark (``tresham bench engine``, ``bench.py``). They use the engine and the bots;
the engine never uses them."""
