"""Compressed pages and JSON (issue 28, "Bytes").

:class:`CompressPages` is Django's GZipMiddleware (gzip when the request's Accept-Encoding
allows it, ``Vary: Accept-Encoding``, the ETag made weak, and its BREACH mitigation: a random
number of random bytes in the gzip header, so that a secret's length cannot be read off the
size of an answer) for every answer built whole in memory: the pages, the JSON API, the map's
pieces. Two differences:

- streamed answers are sent as they are: the live pages' event stream (``text/event-stream``,
  an async stream), whose every event must reach the browser when it is sent, not when a
  compressor's buffer fills; and the static files WhiteNoise streams from disk, whose gzip
  copies ``collectstatic`` makes once;
- the Accept-Encoding header is read with its weights (:func:`accepts_gzip`: ``gzip;q=0``
  refuses gzip, ``*`` allows it), not searched for the word.

An answer that already has a Content-Encoding (the base map's stored gzip copy) is left alone.
"""
from __future__ import annotations

import re

from django.http import HttpRequest
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers
from django.utils.text import compress_string

#: Answers shorter than this are sent as they are (Django's threshold: gzip would gain nothing).
MIN_BYTES = 200

_CODING = re.compile(r"^\s*([^;\s]+)\s*(?:;\s*q\s*=\s*([0-9.]+))?")


def accepts_gzip(request: HttpRequest) -> bool:
    """Whether the request's Accept-Encoding allows gzip: ``gzip`` with q > 0 or, if gzip is
    not named, ``*`` with q > 0."""
    star = None
    for part in request.headers.get("Accept-Encoding", "").split(","):
        m = _CODING.match(part)
        if not m:
            continue
        coding = m.group(1).lower()
        try:
            q = float(m.group(2)) if m.group(2) is not None else 1.0
        except ValueError:
            q = 0.0
        if coding in ("gzip", "x-gzip"):
            return q > 0
        if coding == "*":
            star = q > 0
    return bool(star)


class CompressPages(GZipMiddleware):
    """GZipMiddleware for answers built whole (never a stream), Accept-Encoding read with its
    weights."""

    def process_response(self, request, response):
        if response.streaming or response.has_header("Content-Encoding") or len(response.content) < MIN_BYTES:
            return response
        patch_vary_headers(response, ("Accept-Encoding",))
        if not accepts_gzip(request):
            return response
        compressed = compress_string(response.content, max_random_bytes=self.max_random_bytes)
        if len(compressed) >= len(response.content):
            return response
        response.content = compressed
        response.headers["Content-Length"] = str(len(compressed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag  # the bytes differ from the plain answer's
        response.headers["Content-Encoding"] = "gzip"
        return response
