from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "tresham.platform.ratings"
    label = "ratings"
    verbose_name = "Rankings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported here, not at the top: apps.py is read before any app's models are loaded,
        # and the receiver uses them (Django's way for an app's start-up work).
        from . import receivers  # noqa: F401  (rates a game in the transaction that ends it)
