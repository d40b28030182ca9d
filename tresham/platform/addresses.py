"""The client's address: the one function every per-address limit and record reads
(SITE-SAFE-07): the login throttle (django-axes, ``AXES_CLIENT_IP_CALLABLE``), the
registration limit, the login records, the live pages' streams per visitor.

By default it is the connection's address (``REMOTE_ADDR``): whatever a client writes in
``X-Forwarded-For`` is ignored, so no client can claim another address. Behind a reverse
proxy (nginx) the operator names it in ``TRESHAM_TRUSTED_PROXIES`` (addresses or networks);
a request whose connection comes from one of them is read from ``X-Forwarded-For`` right to
left, past every trusted proxy: the first address no trusted proxy holds is the client's (a
proxy appends the address it saw to what the client sent, so what stands left of it may be
forged). ``tresham serve`` runs uvicorn without its own proxy-header handling, so the
connection's address reaches the site unchanged.
"""
from __future__ import annotations

import functools
import ipaddress

from django.conf import settings
from django.http import HttpRequest

IP = ipaddress.IPv4Address | ipaddress.IPv6Address


def parse_ip(text: str) -> IP | None:
    """An address as a hop of X-Forwarded-For writes it (``a.b.c.d``, ``a.b.c.d:port``, an
    IPv6 address, ``[v6]:port``), an IPv4-mapped IPv6 address as its IPv4 one; None if it
    is none of these."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        return ip.ipv4_mapped
    return ip


@functools.lru_cache(maxsize=8)
def _networks(names: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(n, strict=False) for n in names)


def trusted(ip: IP | None) -> bool:
    """Whether ``ip`` is a proxy named in ``TRESHAM_TRUSTED_PROXIES``."""
    names = tuple(str(n) for n in getattr(settings, "TRESHAM_TRUSTED_PROXIES", ()) or ())
    return ip is not None and any(ip.version == n.version and ip in n for n in _networks(names))


def peer(request: HttpRequest) -> IP | None:
    """The connection's address."""
    return parse_ip(request.META.get("REMOTE_ADDR") or "")


def client_address(request: HttpRequest) -> str | None:
    """The client's address as text (None when the request has none)."""
    here = peer(request)
    if here is None:
        return request.META.get("REMOTE_ADDR") or None
    if trusted(here):
        for hop in reversed(request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")):
            if not hop.strip():
                continue
            ip = parse_ip(hop)
            if ip is None:  # not an address: stop at the last proxy that was one
                break
            here = ip
            if not trusted(ip):
                break
    return str(here)
