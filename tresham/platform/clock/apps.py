from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "tresham.platform.clock"
    label = "clock"
    verbose_name = "Deadlines and bots"

    def ready(self) -> None:
        # Imported here, not at the top: apps.py is read before any app's models are loaded,
        # and these modules use them (Django's way for an app's start-up work).
        from ..play import hooks
        from . import absence, schedule, shown

        # play stands below the clock and asks it through its hook (docs/platform.md)
        hooks.register_clock(hooks.Clock(reschedule=schedule.reschedule, deadlines=shown.of_game,
                                          missed=absence.missed_counts))
        # read with the game's row when an order locks it: a game with no due row (no time
        # limit, no bot) needs no read of them to bring them up to date
        hooks.read_with_lock("has_due_rows", schedule.has_due_rows)
