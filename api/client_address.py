"""Which address a request comes from: what the sign-in limits (classroom.sign_in_guard) and the
teachers' rate limit count by. An HTTP matter, so it lives in the shell that reads the request."""

from __future__ import annotations

from ipaddress import ip_address, ip_network

from django.conf import settings


def client_address(meta: dict) -> str:
    """The client's address: the connection's peer, or the last address a trusted proxy added to
    X-Forwarded-For. A forwarded header from anybody else is ignored: it is whatever they typed."""
    peer = meta.get("REMOTE_ADDR", "") or "unknown"
    if not _trusted_proxy(peer):
        return peer
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    # Walk back from the nearest hop: the first address no trusted proxy vouches for is the client.
    for hop in reversed(forwarded):
        if not _trusted_proxy(hop):
            return hop
    return forwarded[0] if forwarded else peer


def _trusted_proxy(address: str) -> bool:
    try:
        parsed = ip_address(address)
    except ValueError:
        return False
    return any(parsed in ip_network(network, strict=False) for network in settings.TRUSTED_PROXIES)


def axes_client_address(request) -> str:
    """The same address for django-axes (settings.AXES_CLIENT_IP_CALLABLE)."""
    return client_address(request.META)
