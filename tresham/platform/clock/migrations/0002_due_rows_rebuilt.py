"""Due rows are derived data (rewritten from the games' pending decisions on every order):
the table is rebuilt with the fields deadlines need; a game's rows come back with its next
order, seat change or pause (a function to rewrite them all at start was written then, but
nothing ever called it, and it is gone)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("clock", "0001_initial"),
    ]

    operations = [
        migrations.DeleteModel(name="Due"),
    ]
