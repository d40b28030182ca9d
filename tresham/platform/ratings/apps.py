from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "tresham.platform.ratings"
    label = "ratings"
    verbose_name = "Rankings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (rates a game in the transaction that ends it)
