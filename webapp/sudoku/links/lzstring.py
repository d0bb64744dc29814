"""LZ-string's base64 form, as f-puzzles and SudokuPad put a puzzle in a link.

LZ-string (a public algorithm by Pieroxy) is LZW over UTF-16 code units whose codes are
written least significant bit first, 6 bits to a base64 character: code 0 brings in a new
8-bit unit, 1 a new 16-bit unit, 2 ends the text, and every further code names an entry
of the dictionary built as it goes, whose codes widen by a bit each time it fills.

Reading is bounded: a payload past MAX_INPUT characters, or one that opens to more than
MAX_OUTPUT code units, is refused, so a hostile link cannot make a reader allocate without
end; each code read takes bits from the payload, so the loop ends with it. Links read
together (a batch's) may also share a budget of code units (`unpack_budget`), so many
links that each open to nearly MAX_OUTPUT cannot add up.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .. import errors

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
BASE64_VALUES = {char: value for value, char in enumerate(BASE64)}
# some links carry the URL-safe spelling of the last two symbols
BASE64_VALUES.update({"-": 62, "_": 63})
BITS_PER_CHAR = 6

MAX_INPUT = 100_000  # base64 characters
# UTF-16 code units. An f-puzzles 16x16 with every candidate written opens to about 40,000;
# links that open to a million took 0.24 s each to read.
MAX_OUTPUT = 200_000

# What the links read in the current block may still open to, in all (None: no budget).
_budget: ContextVar[list[int] | None] = ContextVar("unpack_budget", default=None)


@contextmanager
def unpack_budget(units: int) -> Iterator[None]:
    """Within the block, the links read open to at most `units` code units in all; past
    that, each is refused (PuzzleError) before it is read any further."""
    token = _budget.set([units])
    try:
        yield
    finally:
        _budget.reset(token)


def room() -> int:
    """How many code units the next link may open to: MAX_OUTPUT, or less of a budget."""
    budget = _budget.get()
    return MAX_OUTPUT if budget is None else max(0, min(MAX_OUTPUT, budget[0]))


def spend(units: int) -> None:
    """Count `units` code units opened against the block's budget, if any."""
    budget = _budget.get()
    if budget is not None:
        budget[0] -= units


def too_long(limit: int) -> errors.PuzzleError:
    """The refusal of a link that opens past `limit` code units."""
    if limit < MAX_OUTPUT:
        return errors.PuzzleError(
            "the links sent together open to too many characters in all; send fewer at once"
        )
    return errors.PuzzleError(
        f"the link's compressed data opens to more than {MAX_OUTPUT:,} characters"
    )


NEW_BYTE, NEW_UNIT, END = 0, 1, 2


def _units(text: str) -> list[int]:
    """The UTF-16 code units of `text`, as JavaScript sees a string."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(data[i : i + 2], "little") for i in range(0, len(data), 2)]


def _text(units: list[int]) -> str:
    """The string of some UTF-16 code units (PuzzleError if they are not text)."""
    data = b"".join(unit.to_bytes(2, "little") for unit in units)
    try:
        return data.decode("utf-16-le")
    except UnicodeDecodeError as error:
        raise errors.PuzzleError("the link's compressed data is not text") from error


class _BitReader:
    """The bits of base64 text, most significant first within each character."""

    def __init__(self, text: str) -> None:
        self.values: list[int] = []
        for index, char in enumerate(text):
            value = BASE64_VALUES.get(char)
            if value is None:
                raise errors.PuzzleError(
                    f"the link's compressed data has {char!r} at character {index + 1},"
                    " which base64 does not use"
                )
            self.values.append(value)
        self.position = 0  # in bits

    def read(self, count: int) -> int:
        """The next `count` bits as a number, the first read the least significant."""
        value = 0
        for power in range(count):
            index, bit = divmod(self.position, BITS_PER_CHAR)
            if index >= len(self.values):
                raise errors.PuzzleError("the link's compressed data stops short (cut off?)")
            if self.values[index] >> (BITS_PER_CHAR - 1 - bit) & 1:
                value |= 1 << power
            self.position += 1
        return value


def decompress_from_base64(text: str) -> str:
    """The text LZ-string's compressToBase64 made `text` from; PuzzleError if it is not
    such data, or opens to more than MAX_OUTPUT code units."""
    text = text.rstrip("=")
    if not text:
        raise errors.PuzzleError("the link's compressed data is empty")
    if len(text) > MAX_INPUT:
        raise errors.PuzzleError(
            f"the link's compressed data is {len(text):,} characters;"
            f" at most {MAX_INPUT:,} are read"
        )
    limit = room()
    bits = _BitReader(text)
    dictionary: list[list[int]] = [[], [], []]  # codes 0-2 are the markers
    width, enlarge_in = 3, 4
    first = bits.read(2)
    if first == END:
        return ""
    if first not in (NEW_BYTE, NEW_UNIT):
        raise errors.PuzzleError("the link's compressed data does not start as LZ-string does")
    word = [bits.read(8 if first == NEW_BYTE else 16)]
    dictionary.append(word)
    result = list(word)
    if len(result) > limit:
        raise too_long(limit)
    while True:
        code = bits.read(width)
        if code in (NEW_BYTE, NEW_UNIT):
            dictionary.append([bits.read(8 if code == NEW_BYTE else 16)])
            code = len(dictionary) - 1
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, width = 1 << width, width + 1
        elif code == END:
            spend(len(result))
            return _text(result)
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = word + word[:1]
        else:
            raise errors.PuzzleError("the link's compressed data is damaged (a code out of range)")
        result.extend(entry)
        if len(result) > limit:
            spend(len(result))
            raise too_long(limit)
        dictionary.append(word + entry[:1])
        word = entry
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, width = 1 << width, width + 1


class _BitWriter:
    """Base64 text written a bit at a time, most significant first within each character."""

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.value = 0
        self.count = 0

    def write(self, value: int, count: int) -> None:
        """Write the low `count` bits of `value`, least significant first."""
        for _ in range(count):
            self.value = self.value << 1 | value & 1
            value >>= 1
            self.count += 1
            if self.count == BITS_PER_CHAR:
                self.chars.append(BASE64[self.value])
                self.value = self.count = 0

    def text(self) -> str:
        """All that was written, padded with "=": LZ-string always ends with one more
        character, the last bits filled with zeros ("A" when none are left over)."""
        self.write(0, BITS_PER_CHAR - self.count)
        written = "".join(self.chars)
        return written + "=" * (-len(written) % 4)


def compress_to_base64(text: str) -> str:
    """`text` compressed as LZ-string's compressToBase64 does."""
    # Words are kept as strings of code units (chr of each), which Python joins and hashes
    # quickly; a word's units are its characters' ordinals.
    out = _BitWriter()
    codes: dict[str, int] = {}
    fresh: set[str] = set()  # units with a code that the reader has not been sent yet
    width, enlarge_in = 2, 2

    def grow() -> None:
        nonlocal width, enlarge_in
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, width = 1 << width, width + 1

    def emit(word: str) -> None:
        if word in fresh:
            unit = ord(word)
            if unit < 256:
                out.write(NEW_BYTE, width)
                out.write(unit, 8)
            else:
                out.write(NEW_UNIT, width)
                out.write(unit, 16)
            grow()
            fresh.discard(word)
        else:
            out.write(codes[word], width)
        grow()

    word = ""
    for unit in map(chr, _units(text)):
        if unit not in codes:
            codes[unit] = len(codes) + 3
            fresh.add(unit)
        longer = word + unit
        if longer in codes:
            word = longer
            continue
        emit(word)
        codes[longer] = len(codes) + 3
        word = unit
    if word:
        emit(word)
    out.write(END, width)
    return out.text()
