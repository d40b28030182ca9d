"""The JSON API of the lobby (game lists, creating and joining games, the player queue)."""
from ninja import Router

router = Router(tags=["lobby"])
