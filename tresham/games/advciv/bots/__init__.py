"""Bots: players the server seats when a human is missing, and the simulation's players."""
