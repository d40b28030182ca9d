"""Where logins come from: each successful login is recorded with a keyed hash of its address
(and of the address's network), never the address itself (SITE-ACCT-07, SITE-CONDUCT-08).

The hash is an HMAC-SHA256 keyed by the site's secret key: equal addresses give equal hashes,
so administrators see which accounts share one, but the address cannot be read back (a plain
hash of an IPv4 address could be reversed by trying them all). The address is the site's one
client address (``addresses.client_address``, SITE-SAFE-07), which the login throttle uses too.
"""
from __future__ import annotations

import ipaddress

from ..addresses import client_address
from django.http import HttpRequest
from django.utils.crypto import salted_hmac

from .models import LoginRecord

_SALT = "tresham.accounts.login-address"


def address_hash(address: str) -> str:
    """The keyed hash of an address."""
    return salted_hmac(_SALT, address, algorithm="sha256").hexdigest()


def network_of(address: str) -> str:
    """The /24 network of an IPv4 address, the /64 of an IPv6 one (the address itself if it does
    not parse)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def record_login(request: HttpRequest, user) -> LoginRecord | None:
    """Record a successful login of ``user`` (nothing when the request has no address)."""
    address = client_address(request) if request is not None else None
    if not address:
        return None
    agent = (request.META.get("HTTP_USER_AGENT") or "")[:200]
    return LoginRecord.objects.create(user=user, address_hash=address_hash(address),
                                      network_hash=address_hash(network_of(address)), user_agent=agent)
