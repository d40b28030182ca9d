"""The tools of Civilization: The Card Game, over the engine and the bots: the self-play
balance of a deck (``balance``, ``tresham civcards-balance``) and an administrator's deck
install (``tresham civcards-deck``, over ``deck_install``); ``cli`` declares them."""
