"""The moves of a game's log, in the order the server accepted them.

A game's log holds every move that changed it, nothing else: a move the rules refuse
(out of turn, on a given, ...) is answered and forgotten, but a wrong digit is kept, since
it costs its player a penalty and, in a Duel, the turn. Move n of a game is stored under a
key of its own, claimed once (store.py), so the log is the same for every server.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum, unique

# The seats: the host's (who made the game, and moves first in a Duel) and the guest's.
HOST, GUEST = 1, 2
SEATS = (HOST, GUEST)


@unique
class MoveKind(StrEnum):
    """What a move does; its value names it in the store and in JSON."""

    # The guest took the second seat: both clocks are set and the game starts.
    JOIN = "join"
    # The host started against nobody, to try it: only the host's clock runs.
    ALONE = "alone"
    # A digit put in a cell: the right one stays, a wrong one is refused with a penalty.
    PLACE = "place"
    RESIGN = "resign"
    # An offer stands until the other player accepts it or places a digit.
    OFFER_DRAW = "offer-draw"
    ACCEPT_DRAW = "accept-draw"


@dataclass(frozen=True)
class Move:
    """A move by `seat` at `at` (epoch milliseconds, the server's clock); a PLACE names its
    cell (0-based, reading order) and value (1 to the grid's size)."""

    kind: MoveKind
    seat: int
    at: int
    cell: int = -1
    value: int = 0

    def to_bytes(self) -> bytes:
        """The move as the store keeps it."""
        fields: dict[str, object] = {"kind": str(self.kind), "seat": self.seat, "at": self.at}
        if self.kind == MoveKind.PLACE:
            fields |= {"cell": self.cell, "value": self.value}
        return json.dumps(fields, separators=(",", ":")).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> Move:
        """A move read back from the store."""
        fields = json.loads(data)
        return cls(
            MoveKind(fields["kind"]),
            int(fields["seat"]),
            int(fields["at"]),
            int(fields.get("cell", -1)),
            int(fields.get("value", 0)),
        )
