from django.apps import AppConfig


class Count3Config(AppConfig):
    """The toy game's own pages (its ``Offers.app``)."""

    name = "tests.platform.count3"
    label = "count3"
    verbose_name = "Count to three"
