"""Where a bot's WebSocket frames begin and end (webapp/live/socket_limits.py), counted from
their heads so the face can close a message trickled as slow; and the face reads only the
websockets library's public API."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from websockets.client import ClientProtocol
from websockets.uri import parse_uri

from webapp.live.socket_limits import FrameBoundaries

LIVE = Path(__file__).resolve().parent.parent / "webapp" / "live"


def frames_of(*messages: bytes) -> list[bytes]:
    """The bytes a client sends for each text message (masked, as a client's are)."""
    protocol = ClientProtocol(parse_uri("ws://127.0.0.1/"))
    protocol.state = protocol.state.OPEN
    sent = []
    for message in messages:
        protocol.send_text(message)
        sent.append(b"".join(protocol.data_to_send()))
    return sent


SHORT, MIDDLE, LONG = frames_of(b"x" * 10, b"y" * 300, b"z" * 70_000)


@pytest.mark.parametrize(
    ("data", "under_way"),
    [
        (SHORT, False),
        (SHORT[:1], True),
        (SHORT[:5], True),
        (MIDDLE[:3], True),
        (MIDDLE, False),
        (LONG[:9], True),
        (LONG[:-1], True),
        (LONG, False),
        (SHORT + MIDDLE[:4], True),
        (SHORT + MIDDLE + LONG, False),
    ],
    # A client's mask is random: the cases are named by their place, the same in every worker.
    ids=lambda case: None if isinstance(case, bool) else f"{len(case)}-bytes",
)
def test_a_frame_is_under_way_until_its_last_byte(data, under_way):
    boundaries = FrameBoundaries()
    boundaries.feed(data)
    assert boundaries.under_way is under_way


def test_frames_fed_a_byte_at_a_time_end_where_they_end():
    boundaries = FrameBoundaries()
    ended = [boundaries.feed(bytes([byte])) for byte in SHORT + MIDDLE]
    assert [i for i, count in enumerate(ended) if count] == [
        len(SHORT) - 1,
        len(SHORT + MIDDLE) - 1,
    ]


def test_each_feed_counts_the_frames_it_ended():
    boundaries = FrameBoundaries()
    assert boundaries.feed(SHORT + MIDDLE + LONG[:5]) == 2


def attributes_read(path: Path) -> set[str]:
    """Every `x.reader.y` chain read in the module at `path`, as "reader.y"."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
            found.add(f"{node.value.attr}.{node.attr}")
    return found


def test_the_face_reads_nothing_of_the_library_s_parser():
    # ServerProtocol.reader is the library's own; its buffer is not in the public API.
    read = set().union(*(attributes_read(path) for path in LIVE.glob("*.py")))
    assert not {chain for chain in read if chain.startswith("reader.")} - {"reader.read"}


def test_each_module_of_the_face_is_one_idea_of_under_300_lines():
    lengths = {path.name: len(path.read_text().splitlines()) for path in LIVE.glob("socket*.py")}
    assert max(lengths.values()) < 300
