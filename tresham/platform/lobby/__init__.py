"""The lobby: creating games, the Open / Active / Completed lists, joining, the player queue
and the limit on games shared with one person."""
