"""Games being played: seats, the append-only order log, snapshots, events, messages, and
the one path by which an order is accepted (``services.submit``)."""
