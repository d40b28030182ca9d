"""The JSON API of accounts (register, log in, profile, friends, reports)."""
from ninja import Router

router = Router(tags=["accounts"])
