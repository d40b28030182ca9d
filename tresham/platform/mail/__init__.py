"""The site's mails: an outbox written in the transaction of the change each mail reports,
a sender that claims and sends its rows, the daily digest, and the one-click unsubscribe.

Each pass of the clock's worker runs :func:`tresham.platform.mail.sender.drain` (it makes the
day's digests, then sends), as this app registers at start-up (``apps.MailConfig.ready``); the
game mails are enqueued through :mod:`tresham.platform.mail.game_mails`, by the receivers of
the other apps' signals (:mod:`tresham.platform.mail.receivers`).
"""
