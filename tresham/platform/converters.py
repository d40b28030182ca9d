"""The ``id`` path converter of the site's pages (``<id:pk>``): a row id, a whole number a
database column can hold. ``<int:pk>`` takes any number of digits, and a number past the
64-bit range reached the views' queries (SQLite cannot bind it); with ``<id:...>`` such an
address matches no page: 404 (SITE-SAFE-02). The JSON API checks its ids in
``boundary.check_ids``, with the same range."""
from __future__ import annotations

from django.urls import register_converter

from .boundary import ID_RANGE


class IdConverter:
    regex = "[0-9]{1,20}"

    def to_python(self, value: str) -> int:
        n = int(value)
        if n > ID_RANGE[1]:
            raise ValueError(f"{value} is past every id")  # Django: this pattern does not match
        return n

    def to_url(self, value: int) -> str:
        return str(int(value))


register_converter(IdConverter, "id")
