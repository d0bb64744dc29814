"""LZ-string's base64 form: real f-puzzles and SudokuPad payloads open to their JSON and
compress back to the very same text; any text round-trips; hostile payloads are refused
quickly with a PuzzleError."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.sudoku import PuzzleError
from webapp.sudoku.batch import MAX_BATCH_UNPACKED, read_puzzles
from webapp.sudoku.links.lzstring import (
    MAX_INPUT,
    MAX_OUTPUT,
    compress_to_base64,
    decompress_from_base64,
    unpack_budget,
)

from puzzles import DATA


def real_payloads() -> list[str]:
    """The compressed payloads of the f-puzzles and SudokuPad links in tests/data/links."""
    found = []
    for line in (DATA / "links" / "real_links.txt").read_text().splitlines():
        url = line.rpartition(" ")[2]
        parts = urlsplit(url)
        if parts.query.startswith("load="):
            found.append(parts.query.removeprefix("load="))
        elif parts.path.startswith("/fpuz"):
            found.append(parts.path.removeprefix("/fpuz"))
    return found


PAYLOADS = real_payloads()
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def test_there_are_real_payloads_to_read():
    assert len(PAYLOADS) >= 6


@pytest.mark.parametrize("payload", PAYLOADS, ids=[p[:16] for p in PAYLOADS])
def test_a_real_payload_opens_to_a_puzzle_and_compresses_back_the_same(payload):
    text = decompress_from_base64(payload)
    assert isinstance(json.loads(text)["grid"], list)
    assert compress_to_base64(text) == payload


@given(st.text(max_size=400))
def test_any_text_comes_back_from_its_compressed_form(text):
    packed = compress_to_base64(text)
    assert set(packed) <= set(BASE64 + "=")
    assert decompress_from_base64(packed) == text


@given(st.text(st.sampled_from('ab{}"\u00e9\u4e2d\U0001f600'), max_size=2000))
def test_repetitive_text_with_wide_characters_round_trips(text):
    assert decompress_from_base64(compress_to_base64(text)) == text


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ("", "empty"),
        ("====", "empty"),
        ("N4Ig!zglg", "'!' at character 5"),
        ("N4IgzglgXgpiBcBOANCA5gJwgEw", "stops short"),
        ("////////////", "does not start"),
        ("A" * (MAX_INPUT + 1), "at most"),
    ],
)
def test_hostile_payloads_are_refused_by_name(payload, words):
    with pytest.raises(PuzzleError, match=words):
        decompress_from_base64(payload)


def test_a_payload_that_opens_past_the_limit_is_refused():
    bomb = compress_to_base64("a" * (MAX_OUTPUT + 1))
    with pytest.raises(PuzzleError, match=f"more than {MAX_OUTPUT:,}"):
        decompress_from_base64(bomb)


def test_links_read_under_one_budget_cannot_add_up_past_it():
    # 55 links of a batch, each opening to a million characters, took 12.3 s to read
    payload = compress_to_base64("a" * (MAX_OUTPUT // 2))
    with unpack_budget(MAX_OUTPUT):
        assert len(decompress_from_base64(payload)) == MAX_OUTPUT // 2
        assert len(decompress_from_base64(payload)) == MAX_OUTPUT // 2
        with pytest.raises(PuzzleError, match="open to too many characters in all"):
            decompress_from_base64(payload)
        with pytest.raises(PuzzleError, match="open to too many characters in all"):
            decompress_from_base64(compress_to_base64("a"))
    assert decompress_from_base64(payload)  # outside the block, no budget


def test_a_batch_of_links_stops_reading_them_at_its_budget():
    line = "https://f-puzzles.com/?load=" + compress_to_base64(
        json.dumps({"size": 9, "grid": [[{}] * 9] * 9, "title": "x" * 150_000})
    )
    entries = read_puzzles([line] * 10)
    refused = [entry for entry in entries if entry.error is not None]
    read = len(entries) - len(refused)
    assert 0 < read <= MAX_BATCH_UNPACKED // 150_000
    assert all("too many characters in all" in entry.error.message for entry in refused)


@given(st.text(st.sampled_from(BASE64), max_size=300))
def test_random_base64_is_read_or_refused_never_anything_else(payload):
    try:
        decompress_from_base64(payload)
    except PuzzleError:
        pass
