"""Usernames and e-mail addresses unique regardless of case (SITE-ACCT-02), enforced by the
database; a profile for every user that existed before profiles were made automatically."""
from django.db import migrations


def _table(apps, schema_editor) -> str:
    from django.conf import settings

    app, model = settings.AUTH_USER_MODEL.split(".")
    return schema_editor.quote_name(apps.get_model(app, model)._meta.db_table)


def add_indexes(apps, schema_editor) -> None:
    t = _table(apps, schema_editor)
    schema_editor.execute(f"CREATE UNIQUE INDEX accounts_username_ci ON {t} (lower(username))")
    schema_editor.execute(f"CREATE UNIQUE INDEX accounts_email_ci ON {t} (lower(email)) WHERE email <> ''")


def drop_indexes(apps, schema_editor) -> None:
    schema_editor.execute("DROP INDEX IF EXISTS accounts_username_ci")
    schema_editor.execute("DROP INDEX IF EXISTS accounts_email_ci")


def make_profiles(apps, schema_editor) -> None:
    from django.conf import settings

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Profile = apps.get_model("accounts", "Profile")
    Profile.objects.bulk_create([Profile(user_id=pk) for pk in User.objects.filter(profile__isnull=True)
                                 .values_list("pk", flat=True)])


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_availability_friends_moderation"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(add_indexes, drop_indexes),
        migrations.RunPython(make_profiles, migrations.RunPython.noop),
    ]
