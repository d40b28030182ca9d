"""Lobby rows (the player queue)."""
