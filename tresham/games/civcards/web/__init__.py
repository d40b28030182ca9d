"""The web app of Civilization: The Card Game's own pages (``Offers.app``): the table page and
the deck's help topic."""
