"""tresham/rng.py: the small deterministic generator whose whole state is one integer."""
from tresham.rng import Rng


# ---- The generator is deterministic -------------------------------------------------------------
def test_rng_deterministic():
    a, b = Rng(42), Rng(42)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    items = list(range(10))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
