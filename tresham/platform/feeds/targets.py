"""Where a webhook may point (SITE-FEED-02): an http(s) address on a public host.

A webhook makes the server send requests to an address a player typed, so the site must not
become a way into the operator's own network: an address whose host is, or resolves to, a
loopback, private, link-local, multicast, reserved or unspecified address is refused, when
the webhook is added and again before each delivery (the name may resolve elsewhere by
then). ``TRESHAM_WEBHOOK_ALLOW_PRIVATE`` lets an operator (and the tests, with a receiver on
loopback) allow them. Adding a webhook sends nothing to it: whether it answers is learned
from the deliveries (an unreachable one is retried, then switched off).
"""
from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

from .errors import FeedError
from .models import MAX_URL


def _blocked(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not ip.is_global or ip.is_multicast


def addresses_of(host: str, port: int) -> list[str]:
    """The IP addresses ``host`` stands for (itself, when it is one)."""
    try:
        return [str(ipaddress.ip_address(host))]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as e:
        raise FeedError(f"the host {host!r} cannot be found ({e})") from None
    return sorted({str(i[4][0]).split("%", 1)[0] for i in infos})


def check(url: str, *, resolve: bool = True) -> str:
    """The address ``url`` tidied (spaces stripped), or :class:`FeedError` saying what is
    wrong with it: not a URL, a scheme other than http or https, a user name or password in
    it, no host, or (unless ``TRESHAM_WEBHOOK_ALLOW_PRIVATE``) a host on a private network."""
    url = (url or "").strip()
    if not url:
        raise FeedError("give the webhook's address (https://...)")
    if len(url) > MAX_URL:
        raise FeedError(f"a webhook's address has at most {MAX_URL} characters")
    if any(c.isspace() or ord(c) < 32 for c in url):
        raise FeedError("a webhook's address has no spaces or control characters")
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as e:
        raise FeedError(f"that is not a web address ({e})") from None
    if parts.scheme not in ("http", "https"):
        raise FeedError("a webhook's address starts with https:// (or http://)")
    host = parts.hostname
    if not host:
        raise FeedError("a webhook's address names a host: https://host/path")
    if parts.username is not None or parts.password is not None:
        raise FeedError("a webhook's address carries no user name or password")
    if resolve:
        refuse_private(host, port)
    return url


def refuse_private(host: str, port: int) -> list[str]:
    """The addresses of ``host``; :class:`FeedError` if one of them is not public and the
    setting does not allow it."""
    found = addresses_of(host, port)
    if not settings.TRESHAM_WEBHOOK_ALLOW_PRIVATE:
        bad = [a for a in found if _blocked(ipaddress.ip_address(a))]
        if bad:
            raise FeedError(f"the webhook's host {host} is on a private or local network ({bad[0]}): "
                            "the site posts only to public addresses")
    return found
