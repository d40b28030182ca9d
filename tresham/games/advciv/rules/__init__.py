"""One module per phase or subject; importing this package registers every phase."""
from . import (  # noqa: F401
    setup,
    taxation,
    population,
    census,
    ships,
    movement,
    conflict,
    cities,
    surplus,
    acquisition,
    trade,
    calamities,
    advances,
    ast,
)
