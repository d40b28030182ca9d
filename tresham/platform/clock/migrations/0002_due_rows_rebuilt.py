"""Due rows are derived data (rewritten from the games' pending decisions on every order):
the table is rebuilt with the fields deadlines need; `tresham serve` and the worker rewrite
every active game's rows at start (clock.schedule.reschedule_all)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("clock", "0001_initial"),
    ]

    operations = [
        migrations.DeleteModel(name="Due"),
    ]
