"""The client's address, for every per-address limit and for the login records, is the
connection's (REMOTE_ADDR) unless the connection comes from a proxy named in
``TRESHAM_TRUSTED_PROXIES``; only then does ``X-Forwarded-For`` (and ``X-Forwarded-Proto``)
count, read from the right past the trusted proxies (SITE-SAFE-07)."""
from __future__ import annotations

import httpx
import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory, override_settings

from tresham.platform.bench import ServerProcess
from tresham.platform import addresses
from tresham.platform.accounts.logins import address_hash
from tresham.platform.accounts.models import LoginRecord, Registration
from tresham.platform.middleware import ForwardedHeaders

from .accounts.helpers import PASSWORD, api_login, send

pytestmark = pytest.mark.site("SITE-SAFE-07")
rf = RequestFactory()


def _request(peer: str, forwarded: str | None = None, proto: str | None = None):
    extra = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    if proto is not None:
        extra["HTTP_X_FORWARDED_PROTO"] = proto
    return rf.get("/", **extra)


def _register_through(url: str, name: str, forwarded: str) -> int:
    """Open an account through the real server's API, claiming ``forwarded`` as the address."""
    with httpx.Client(base_url=url, timeout=60, headers={"X-Forwarded-For": forwarded}) as http:
        token = http.get("/api/accounts/csrf").json()["csrf_token"]
        r = http.post("/api/accounts/register", headers={"X-CSRFToken": token},
                      json={"username": name, "email": f"{name}@example.org", "password1": PASSWORD + "-x1",
                            "password2": PASSWORD + "-x1"})
        return r.status_code


def _site_env(tmp_path, **extra) -> dict[str, str]:
    return {"TRESHAM_DATA_DIR": str(tmp_path / "var"), "TRESHAM_DATABASE_URL": "",
            "DJANGO_SETTINGS_MODULE": "tresham.platform.settings", "TRESHAM_REGISTRATIONS_PER_DAY": "2", **extra}


def test_a_local_client_cannot_claim_another_address_on_the_real_server(tmp_path):
    """The finding: uvicorn trusted X-Forwarded-For from loopback, so a client on the machine
    opened accounts past the registration limit by naming a new address each time."""
    with ServerProcess(_site_env(tmp_path), worker=False) as server:
        statuses = [_register_through(server.url, f"claim{i}", f"203.0.113.{i + 1}") for i in range(3)]
    assert statuses == [201, 201, 429]


@pytest.mark.slow
def test_behind_a_trusted_proxy_the_real_server_counts_the_forwarded_address(tmp_path):
    env = _site_env(tmp_path, TRESHAM_TRUSTED_PROXIES="127.0.0.1, ::1")
    with ServerProcess(env, worker=False) as server:
        statuses = [_register_through(server.url, f"fwd{i}", "198.51.100.7") for i in range(3)]
        statuses.append(_register_through(server.url, "fwd3", "198.51.100.8"))
    assert statuses == [201, 201, 429, 201]


def test_by_default_the_address_is_the_connections_whatever_the_headers_say():
    assert addresses.client_address(_request("192.0.2.10", "203.0.113.5")) == "192.0.2.10"
    assert addresses.client_address(_request("127.0.0.1", "203.0.113.5, 198.51.100.1")) == "127.0.0.1"
    assert addresses.client_address(_request("::ffff:192.0.2.10")) == "192.0.2.10"


@override_settings(TRESHAM_TRUSTED_PROXIES=["127.0.0.1", "10.0.0.0/8", "2001:db8:1::/48"])
def test_from_a_trusted_proxy_the_first_untrusted_hop_from_the_right_is_the_client():
    # one proxy: the address it saw
    assert addresses.client_address(_request("127.0.0.1", "203.0.113.5")) == "203.0.113.5"
    # the client wrote his own X-Forwarded-For; the proxy appended the real address
    assert addresses.client_address(_request("127.0.0.1", "1.1.1.1, 203.0.113.5")) == "203.0.113.5"
    # two trusted proxies in a row: past both
    assert addresses.client_address(_request("10.1.2.3", "1.1.1.1, 203.0.113.5, 10.9.9.9")) == "203.0.113.5"
    assert addresses.client_address(_request("2001:db8:1::7", "2001:db8:99::5")) == "2001:db8:99::5"
    # a port on a hop, the way some proxies write it
    assert addresses.client_address(_request("127.0.0.1", "203.0.113.5:4711")) == "203.0.113.5"
    assert addresses.client_address(_request("127.0.0.1", "[2001:db8:99::5]:4711")) == "2001:db8:99::5"
    # no header, an empty one, or a hop that is not an address: the nearest proxy's own
    assert addresses.client_address(_request("127.0.0.1")) == "127.0.0.1"
    assert addresses.client_address(_request("127.0.0.1", " , ")) == "127.0.0.1"
    assert addresses.client_address(_request("10.1.2.3", "1.1.1.1, not-an-address, 10.9.9.9")) == "10.9.9.9"
    # an untrusted connection's header is not read at all
    assert addresses.client_address(_request("192.0.2.10", "203.0.113.5")) == "192.0.2.10"


def test_a_wrong_trusted_proxies_setting_stops_the_site_with_its_reason():
    from django.core.exceptions import ImproperlyConfigured

    from tresham.platform.settings import parse_networks

    assert [str(n) for n in parse_networks("127.0.0.1, 10.0.0.0/8 ,::1")] == ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    assert parse_networks("") == []
    with pytest.raises(ImproperlyConfigured, match="TRESHAM_TRUSTED_PROXIES: 'nginx' is not an address or network"):
        parse_networks("127.0.0.1, nginx")


@pytest.mark.parametrize("trusted, peer, secure", [
    ([], "127.0.0.1", False),  # nobody trusted: the header is dropped
    (["127.0.0.1"], "192.0.2.10", False),  # not from the proxy
    (["127.0.0.1"], "127.0.0.1", True),
])
def test_x_forwarded_proto_counts_only_from_a_trusted_proxy(trusted, peer, secure):
    seen = {}

    def view(request):
        seen["secure"] = request.is_secure()
        return HttpResponse()

    with override_settings(TRESHAM_TRUSTED_PROXIES=trusted):
        ForwardedHeaders(view)(_request(peer, "203.0.113.5", proto="https"))
    assert seen["secure"] is secure


@pytest.mark.django_db
@override_settings(TRESHAM_TRUSTED_PROXIES=["127.0.0.1"])
def test_logins_registrations_and_the_login_throttle_use_the_one_address(make_user):
    make_user("alice")
    forwarded = {"HTTP_X_FORWARDED_FOR": "203.0.113.77"}
    # a login record: the forwarded address's hash, not the proxy's
    c = Client()
    r = send(c, "post", "/api/accounts/login", {"username": "alice", "password": PASSWORD},
             REMOTE_ADDR="127.0.0.1", **forwarded)
    assert r.status_code == 200
    assert LoginRecord.objects.get().address_hash == address_hash("203.0.113.77")
    # a registration
    r = send(Client(), "post", "/api/accounts/register",
             {"username": "bob", "email": "bob@example.org", "password1": "sunny-river-42",
              "password2": "sunny-river-42"}, REMOTE_ADDR="127.0.0.1", **forwarded)
    assert r.status_code == 201
    assert Registration.objects.get().address.address_hash == address_hash("203.0.113.77")
    # the login throttle: failures behind the proxy count for the forwarded address only
    for _ in range(8):
        send(Client(), "post", "/api/accounts/login", {"username": "alice", "password": "wrong"},
             REMOTE_ADDR="127.0.0.1", **forwarded)
    assert api_login("alice", "wrong", address="127.0.0.1")[1].status_code == 401  # the proxy itself
    r = send(Client(), "post", "/api/accounts/login", {"username": "alice", "password": PASSWORD},
             REMOTE_ADDR="127.0.0.1", **forwarded)
    assert r.status_code == 429
