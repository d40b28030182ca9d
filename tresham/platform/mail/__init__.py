"""The site's mails: an outbox written in the transaction of the change each mail reports,
a sender that claims and sends its rows, the daily digest, and the one-click unsubscribe.

The clock's worker calls :func:`tresham.platform.mail.sender.drain` (and
:func:`tresham.platform.mail.sender.tick`, which makes the day's digests first); the game mails
are enqueued through :mod:`tresham.platform.mail.game_mails`.
"""
