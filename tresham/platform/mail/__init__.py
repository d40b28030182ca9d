"""The site's mails: an outbox written in the transaction of the change each mail reports,
a sender that claims and sends its rows, the daily digest, and the one-click unsubscribe.

The clock's worker calls :func:`tresham.platform.mail.sender.drain` (it makes the day's
digests, then sends); the game mails are enqueued through
:mod:`tresham.platform.mail.game_mails`.
"""
