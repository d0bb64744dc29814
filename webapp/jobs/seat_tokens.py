"""The tokens and the clock of live state kept in the job store (games between people and
matches between programs): an unguessable token for an id or a seat, the hash the store
keeps instead of a seat's token, and the one clock moves and answers are stamped with."""

from __future__ import annotations

import hashlib
import secrets
import time


def now_ms() -> int:
    """The time in epoch milliseconds: the only clock live moves and answers are stamped with."""
    return int(time.time() * 1000)


def new_token() -> str:
    """An unguessable token (an id, a seat's key): 144 random bits, URL-safe."""
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token: its hash, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()
