"""Hashing of children's sign-in secrets and card tokens.

A picture password has 9 x 8 x 7 = 504 possible values and a child's typed password is short,
so key stretching (PBKDF2) cannot protect them; what protects them is the lock-out after five
tries and the server's key. They are stored as a salted HMAC-SHA256 keyed with SECRET_KEY, which
also keeps issuing a class's cards fast. Card tokens are long random strings, stored as SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.conf import settings

_SCHEME = "hmac_sha256"


def hash_secret(secret: str) -> str:
    salt = secrets.token_hex(8)
    return f"{_SCHEME}${salt}${_digest(salt, secret)}"


def check_secret(secret: str, stored: str) -> bool:
    try:
        scheme, salt, digest = stored.split("$")
    except ValueError:
        return False
    return scheme == _SCHEME and hmac.compare_digest(digest, _digest(salt, secret))


def _digest(salt: str, secret: str) -> str:
    key = f"{settings.SECRET_KEY}:student-secret".encode()
    return hmac.new(key, f"{salt}:{secret}".encode(), hashlib.sha256).hexdigest()


def new_card_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
