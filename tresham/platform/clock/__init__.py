"""Time in the games: due rows (bots' turns now; deadlines and their defaults), the worker
that claims them, pauses and standing orders."""
