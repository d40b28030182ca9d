"""Random game names (SITE-CREATE-02): the creator may keep one or write his own.

The words are ours; the same seed always gives the same name (tests, previews)."""
from __future__ import annotations

import random

ADJECTIVES = (
    "Amber", "Ancient", "Bold", "Bronze", "Burning", "Copper", "Crimson", "Distant", "Drowned",
    "Eastern", "Endless", "Forgotten", "Gilded", "Golden", "Hidden", "High", "Iron", "Ivory",
    "Jade", "Last", "Lonely", "Lost", "Marble", "Misty", "Northern", "Painted", "Proud", "Restless",
    "Royal", "Sacred", "Salt", "Scarlet", "Silent", "Silver", "Southern", "Stone", "Sunlit",
    "Swift", "Wandering", "Western", "Wild", "Windy",
)
NOUNS = (
    "Acropolis", "Altar", "Amphora", "Anchor", "Aqueduct", "Archer", "Caravan", "Chariot", "Citadel",
    "Coin", "Colossus", "Delta", "Dynasty", "Embassy", "Galley", "Granary", "Harbour", "Harvest",
    "Horizon", "Labyrinth", "Lighthouse", "Market", "Monolith", "Obelisk", "Oracle", "Papyrus",
    "Pharaoh", "Phalanx", "Pyramid", "Quarry", "Scroll", "Senate", "Sphinx", "Temple", "Trireme",
    "Vineyard", "Voyage", "Ziggurat",
)
PLACES = (
    "Akkad", "Alexandria", "Babylon", "Byblos", "Carthage", "Corinth", "Crete", "Cyprus", "Delphi",
    "Knossos", "Lydia", "Memphis", "Miletus", "Mycenae", "Nineveh", "Persepolis", "Rhodes", "Sardis",
    "Sidon", "Sparta", "Susa", "Thebes", "Troy", "Tyre", "Ur", "Uruk",
)


def game_name(seed: int | str | None = None) -> str:
    """A random name such as "The Bronze Ziggurat" or "Harbour of Tyre"; ``seed`` makes it
    reproducible (None: fresh randomness)."""
    rng = random.Random(seed)
    pattern = rng.randrange(3)
    if pattern == 0:
        return f"The {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"
    if pattern == 1:
        return f"{rng.choice(NOUNS)} of {rng.choice(PLACES)}"
    return f"{rng.choice(ADJECTIVES)} {rng.choice(PLACES)}"
