"""Rankings (SITE-RANK, SITE-REC): skill ratings from finished games (openskill's Plackett-Luce
model), each side's average finishing place, reliability in words, the recommended game.
How and why: ``docs/ratings.md``."""
