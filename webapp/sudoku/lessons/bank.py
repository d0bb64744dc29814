"""The practice bank: positions where a technique is the easiest step, found on the engine's paths.

A path (logic/path.py) takes, at each position, the first instance of the
easiest technique that applies; so the position before each of its steps is
one where that step's technique is what a person should look for next, with
nothing easier there. `entries_of` walks a source's path and keeps the first
such position per technique (one where some cell still has two candidates, so that
a player has something to choose); `build_bank` does so over many sources, keeping
up to a number per technique, in the order given. A source may also be walked with
side paths (side_paths.py): positions beside its path, reached by taking a hard step's
removals in another true order, for the techniques a path seldom meets as the easiest
step; or walked on a shortcut path alone (shortcut_paths.py): easiest first up to one such
technique, the answer's digit placed where nothing up to it applies. Everything is counted
in work and positions, never seconds, so the same sources give the same bank.

Variant boards (an X-Sudoku, a Windoku, a Jigsaw, a Killer) are banked beside the classic
ones, counted apart, for two things. A technique only a variant has (the law of leftovers,
a Killer's cage techniques) keeps up to the same number of positions, for its lessons and
practice. Any other technique keeps only a few examples there, and only positions where its
step uses one of the variant's own units (a hidden single in a window, a fin in a Jigsaw
region), where it reads differently from the classic board.

A bank entry travels as the hint API's input does: the puzzle's share code,
the player's progress (values, 0 for empty), and the marks code of the
candidates on the puzzle's givens; and the step the engine takes there, as
its technique, difficulty, removals and placements. Every entry is checked
as it is made: rebuilt from that text, the position's next step is the
stored one.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache

from ..geometry import standard_geometry
from ..grid import Grid
from ..logic import Position, Step, decode_marks, encode_marks, narrowed, next_step, path_from
from ..logic.techniques import TECHNIQUES, techniques_for
from ..logic.techniques import VERSION as TECHNIQUES_VERSION
from ..parse import read_code
from ..puzzle import Puzzle
from ..shape import Shape
from .shortcut_paths import shortcut_steps
from .side_paths import side_steps

Candidate = tuple[int, int]

# The bank's own format; raised when an entry's fields change.
FORMAT = 1

# The variant puzzles asked, (variant, size): levels. A Killer's expert and above are left
# out: the generator is slow to make them and the rule of 45 arrives well before.
BANKED_VARIANTS = {
    ("x", 9): ("medium", "hard"),
    ("windoku", 9): ("medium", "hard"),
    ("jigsaw", 9): ("medium", "hard", "expert"),
    ("jigsaw", 6): ("medium", "hard"),
    ("killer", 9): ("easy", "medium", "hard"),
    ("killer", 6): ("easy", "medium", "hard"),
}

# The name each of BANKED_VARIANTS' variants goes by on its boards (puzzle.Rules.name), in
# the order their sources are walked: a variant board's entries of one technique keep this
# order, whichever run walked them, so that one variant's positions can be walked again
# onto the rest (`sudoku learn-bank --variant`) and sort where a whole rebuild puts them.
BOARD_NAMES = {"x": "X-Sudoku", "windoku": "Windoku", "jigsaw": "Jigsaw", "killer": "Killer Sudoku"}

# The families a beginner meets first: the only ones banked on 4x4 and 6x6 grids, where
# the patterns past them hardly ever arise.
FIRST_FAMILIES = frozenset(
    {
        "full-house",
        "hidden-single",
        "naked-single",
        "pointing",
        "claiming",
        "locked-pair",
        "naked-pair",
        "hidden-pair",
        "locked-triple",
        "naked-triple",
        "hidden-triple",
        "naked-quad",
        "hidden-quad",
    }
)


# The kinds of unit every classic board has; a step naming any other kind (a diagonal, a
# window, a Jigsaw region) uses a variant's own unit.
CLASSIC_KINDS = frozenset({"row", "column", "box"})

# What a classic board's entries give as their variant (puzzle.Rules.name).
CLASSIC = "Classic"

# Examples kept per variant board of a technique the classic board has too.
VARIANT_EXAMPLES = 2


class BankError(ValueError):
    """A bank's text that cannot be read, or an entry that does not hold."""


@dataclass(frozen=True)
class Source:
    """A position to walk a path from, known to have one solution, and where it came from
    (e.g. "qqwing_easy.txt:12", "generated:6x6:easy:3"); `side`: the side paths walked
    beside its path at most (side_paths.py), 0 for none; `shortcut`: a technique, to walk
    the shortcut path up to it (shortcut_paths.py) in place of the path, "" for the path."""

    name: str
    position: Position
    side: int = 0
    shortcut: str = ""


@dataclass(frozen=True)
class BankEntry:
    """A position where `technique` is the easiest step, as the hint API takes a position,
    and the step the engine takes there."""

    technique: str
    difficulty: float
    source: str
    puzzle: str  # the givens' share code
    progress: str  # every cell's value, 0 when empty
    marks: str  # the marks code of the candidates, on the givens
    eliminations: tuple[Candidate, ...]
    placements: tuple[Candidate, ...]

    def parsed(self) -> Puzzle:
        """The puzzle its share code gives (read once per process: a Killer's cages take
        longer to read than the rest of a practice page takes to draw)."""
        return _puzzle_of(self.puzzle)

    @property
    def size(self) -> int:
        """The grid's size (9 for a 9x9)."""
        return self.parsed().size

    @property
    def variant(self) -> str:
        """The board's variant in a few words: "Classic", "X-Sudoku", "Killer Sudoku"..."""
        return self.parsed().rules.name

    def position(self) -> Position:
        """The position the entry describes (known to have one solution)."""
        puzzle = self.parsed()
        notes = decode_marks(puzzle, self.marks)
        values = tuple(int(symbol, 36) for symbol in self.progress)
        return narrowed(notes, Grid(puzzle.shape, values)).assuming_unique()

    def to_json(self) -> list[object]:
        """The entry as one compact JSON list (the bank's line for it)."""
        return [
            self.technique,
            self.difficulty,
            self.source,
            self.puzzle,
            self.progress,
            self.marks,
            [list(candidate) for candidate in self.eliminations],
            [list(candidate) for candidate in self.placements],
        ]

    @classmethod
    def from_json(cls, item: object) -> BankEntry:
        """The entry a bank's line holds; BankError when it is not one."""
        if not isinstance(item, list) or len(item) != 8:
            raise BankError(f"a bank entry is a list of 8 fields, not {item!r:.80}")
        technique, difficulty, source, puzzle, progress, marks, removed, placed = item
        texts = (technique, source, puzzle, progress, marks)
        if not all(isinstance(text, str) for text in texts):
            raise BankError(f"a bank entry's texts are strings: {item!r:.80}")
        if not isinstance(difficulty, int | float):
            raise BankError(f"a bank entry's difficulty is a number: {item!r:.80}")
        return cls(
            str(technique),
            float(difficulty),
            str(source),
            str(puzzle),
            str(progress),
            str(marks),
            _candidates(removed),
            _candidates(placed),
        )


@lru_cache(maxsize=4096)
def _puzzle_of(code: str) -> Puzzle:
    """The puzzle of a share code, read once (the bank holds fewer than 4,096)."""
    return read_code(code)


def _candidates(items: object) -> tuple[Candidate, ...]:
    """[[cell, value], ...] as candidates; BankError otherwise."""
    if not isinstance(items, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(n, int) for n in pair)
        for pair in items
    ):
        raise BankError(f"a bank entry's candidates are [cell, value] pairs, not {items!r:.80}")
    return tuple((pair[0], pair[1]) for pair in items)


@dataclass(frozen=True)
class Bank:
    """Every entry, by grid size and technique, in the order they were found."""

    entries: tuple[BankEntry, ...]

    def of(self, size: int, technique: str, variant: str = CLASSIC) -> tuple[BankEntry, ...]:
        """The entries of `technique` on `variant` boards (classic ones unless said) of
        `size`."""
        return self._by_kind.get((size, variant, technique), ())

    def techniques(self, size: int, variant: str = CLASSIC) -> frozenset[str]:
        """The techniques with at least one entry on `variant` boards of `size`."""
        return frozenset(
            technique
            for (kind, board, technique) in self._by_kind
            if (kind, board) == (size, variant)
        )

    def variants(self, technique: str) -> tuple[tuple[int, str], ...]:
        """The (size, variant) of every variant board `technique` has entries on, in the
        bank's order."""
        return tuple(
            (size, variant)
            for size, variant, slug in self._by_kind
            if slug == technique and variant != CLASSIC
        )

    @cached_property
    def _by_kind(self) -> dict[tuple[int, str, str], tuple[BankEntry, ...]]:
        """The entries grouped by (size, variant, technique), worked out once."""
        grouped: dict[tuple[int, str, str], list[BankEntry]] = {}
        for entry in self.entries:
            grouped.setdefault((entry.size, entry.variant, entry.technique), []).append(entry)
        return {kind: tuple(found) for kind, found in grouped.items()}

    def to_text(self) -> str:
        """The bank as JSON text, one entry a line, the same bytes for the same bank."""
        head = json.dumps({"format": FORMAT, "techniques_version": TECHNIQUES_VERSION})
        lines = [json.dumps(entry.to_json(), separators=(",", ":")) for entry in self.entries]
        return f'{{"about":{head},"entries":[\n' + ",\n".join(lines) + "\n]}\n"

    @classmethod
    def from_text(cls, text: str) -> Bank:
        """The bank `text` holds (as to_text writes it); BankError when it is not one."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise BankError(f"the bank is not JSON: {error}") from None
        if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
            raise BankError('the bank is a JSON object with a list of "entries"')
        return cls(tuple(BankEntry.from_json(item) for item in data["entries"]))


def techniques_version(text: str) -> object:
    """The version of the techniques a bank's text says built it (None when it says none)."""
    about = json.loads(text).get("about")
    return about.get("techniques_version") if isinstance(about, dict) else None


def entry_at(source: str, position: Position, step: Step) -> BankEntry:
    """The entry of `position`, where `step` is the easiest step, from `source`."""
    puzzle = position.puzzle
    givens = Position.from_puzzle(puzzle)
    # the marks code is written on the givens: a later value's cell keeps all its candidates
    on_givens = Position(
        puzzle,
        givens.values,
        tuple(
            allowed if value else mask
            for allowed, value, mask in zip(
                givens.candidates, position.values, position.candidates, strict=True
            )
        ),
    )
    return BankEntry(
        step.technique,
        step.difficulty,
        source,
        puzzle.code,
        "".join(_symbol(value) for value in position.values),
        encode_marks(on_givens),
        tuple(sorted(step.eliminations)),
        tuple(sorted(step.placements)),
    )


def _symbol(value: int) -> str:
    """A value as one character, 0 for empty (the progress's symbols: 1-9, then A...)."""
    return "0123456789ABCDEFGHIJKLMNOP"[value]


def entries_of(
    source: Source,
    work: float,
    wanted: frozenset[str],
    fits: Callable[[Step], bool] = lambda step: True,
    practised: frozenset[str] | None = None,
) -> Iterator[BankEntry]:
    """The first position per technique in `wanted` on the path from `source`'s position
    whose step `fits`, walked within `work` units; then, up to `source.side` side paths
    beside it, the first position per technique of `wanted` (of `practised`, when given:
    the techniques wanted for practice, not as a variant's examples) that a side path meets,
    with a step other than the path's (named "<source>:side-<branch>"); BankError when one
    does not hold as it is stored. A source with a `shortcut` is walked on its shortcut
    path alone (named "<source>:shortcut"), without side paths."""
    walked: list[tuple[Position, Step]] = []
    seen: dict[str, Step] = {}
    name = f"{source.name}:shortcut" if source.shortcut else source.name
    for position, step in _walked(source, work):
        walked.append((position, step))
        if (
            step.technique in wanted
            and step.technique not in seen
            and _has_choice(position)
            and fits(step)
        ):
            seen[step.technique] = step
            entry = entry_at(name, position, step)
            _confirm(entry, step, work)
            yield entry
    if source.side <= 0 or source.shortcut:
        return
    met: set[str] = set()

    def keep(position: Position, step: Step) -> bool:
        return (
            step.technique not in met
            and _has_choice(position)
            and fits(step)
            and not _shares(step, seen.get(step.technique))
        )

    sought = wanted if practised is None else wanted & practised
    for branch, position, step in side_steps(walked, sought, keep, source.side, work):
        met.add(step.technique)
        entry = entry_at(f"{source.name}:side-{branch}", position, step)
        _confirm(entry, step, work)
        yield entry


def _walked(source: Source, work: float) -> Iterator[tuple[Position, Step]]:
    """Each position of `source`'s path (its shortcut path, when it has a `shortcut`) and
    the step taken there, the path within `work` units."""
    if source.shortcut:
        yield from shortcut_steps(source.position, source.shortcut, work)
        return
    position = source.position
    for step in path_from(position, work).steps:
        yield position, step
        position = step.apply(position)


def _shares(step: Step, other: Step | None) -> bool:
    """True when `step` removes or places something `other` (the path's step of its
    technique, if any) does: a side path that took part of that step's removals meets the
    same pattern again, the rest of them to remove, which is no new position to practise."""
    if other is None:
        return False
    return bool(
        set(step.eliminations) & set(other.eliminations)
        or set(step.placements) & set(other.placements)
    )


def _has_choice(position: Position) -> bool:
    """True when some open cell still has two candidates: a position whose every open cell
    has one (all true) leaves a player nothing to choose, right or wrong."""
    return any(mask & (mask - 1) for mask in position.candidates)


def _confirm(entry: BankEntry, step: Step, work: float) -> None:
    """BankError unless the entry, rebuilt from its text, has `step` as its next step."""
    found = next_step(entry.position(), work)
    if found != step:
        raise BankError(f"{entry.source}: the {entry.technique} entry does not rebuild its step")


def build_bank(
    sources: Iterable[Source],
    per_technique: int,
    work: float = math.inf,
    only: frozenset[str] | None = None,
    onto: Bank | None = None,
) -> Bank:
    """Up to `per_technique` entries per grid size, variant and technique from the paths
    of `sources`, in their order (VARIANT_EXAMPLES on a variant board of a technique the
    classic board has too, where its step uses the variant's own units), each path walked
    within `work` units (`only`: just these techniques); at most one entry per technique
    from each source. `onto`: a bank built the same way from earlier sources, whose entries
    count as found first, so that the bank of the earlier sources and then these is the same
    as if all had been walked."""
    found: list[BankEntry] = list(onto.entries) if onto is not None else []
    counts: dict[tuple[int, str, str], int] = {}
    positions = {_position_key(entry) for entry in found}
    for entry in found:
        kind = (entry.size, entry.variant, entry.technique)
        counts[kind] = counts.get(kind, 0) + 1
    for source in sources:
        size = source.position.size
        variant = source.position.puzzle.rules.name
        own = variant_only(source)
        wanted = frozenset(
            slug
            for slug, _, _ in techniques_for(source.position.geometry)
            if (size == 9 or slug in FIRST_FAMILIES or slug in own)
            and (only is None or slug in only)
            and counts.get((size, variant, slug), 0)
            < (per_technique if variant == CLASSIC or slug in own else VARIANT_EXAMPLES)
        )
        if not wanted:
            continue
        fits = _any_step if variant == CLASSIC else _reading_differently(own)
        practised = wanted if variant == CLASSIC else wanted & own
        for entry in entries_of(source, work, wanted, fits, practised):
            kind = (size, variant, entry.technique)
            wants = (
                per_technique if variant == CLASSIC or entry.technique in own else VARIANT_EXAMPLES
            )
            # a source walked (again) with side paths or on its shortcut path may meet a
            # position already banked (its path's, walked before), and a technique twice
            again = bool(source.side or source.shortcut) and _position_key(entry) in positions
            if counts.get(kind, 0) >= wants or again:
                continue
            counts[kind] = counts.get(kind, 0) + 1
            positions.add(_position_key(entry))
            found.append(entry)
    order = {slug: rank for rank, (slug, _, _) in enumerate(_all_techniques())}
    found.sort(
        key=lambda entry: (
            entry.size,
            entry.variant != CLASSIC,
            order.get(entry.technique, len(order)),
            _board_rank(entry.variant),
        )
    )
    return Bank(tuple(found))


def _position_key(entry: BankEntry) -> tuple[str, str, str]:
    """What makes a position: the puzzle, the values and the candidates."""
    return entry.puzzle, entry.progress, entry.marks


def _board_rank(variant: str) -> int:
    """Where a board of `variant` comes among BOARD_NAMES' (any other after them, together,
    in the order found: the marked boards, walked last)."""
    boards = tuple(BOARD_NAMES.values())
    return boards.index(variant) if variant in boards else len(boards)


def variant_only(source: Source) -> frozenset[str]:
    """The techniques `source`'s board has that a classic board of its size has not."""
    classic = _classic_techniques(source.position.puzzle.shape)
    return frozenset(
        slug for slug, _, _ in techniques_for(source.position.geometry) if slug not in classic
    )


@cache
def _classic_techniques(shape: Shape) -> frozenset[str]:
    """The techniques a classic board of `shape` has."""
    return frozenset(slug for slug, _, _ in techniques_for(standard_geometry(shape)))


def _any_step(step: Step) -> bool:
    """Every step of a classic board fits."""
    return True


def _reading_differently(own: frozenset[str]) -> Callable[[Step], bool]:
    """What fits on a variant board whose own techniques are `own`: a step of one of them,
    or one naming a unit a classic board has not (a diagonal, a window, a Jigsaw region)."""

    def fits(step: Step) -> bool:
        return step.technique in own or any(kind not in CLASSIC_KINDS for kind, _ in step.units)

    return fits


def _all_techniques() -> Iterator[tuple[str, float, object]]:
    """Every technique once, easiest first (its first, easiest listing)."""
    seen: set[str] = set()
    for slug, difficulty, finder in TECHNIQUES:
        if slug not in seen:
            seen.add(slug)
            yield slug, difficulty, finder


def source_of(name: str, puzzle: Puzzle, position: Position | None = None) -> Source:
    """A source from `puzzle` (from `position` on it, when given), asserted unique: the
    caller has proved it has one solution."""
    start = position if position is not None else Position.from_puzzle(puzzle)
    return Source(name, start.assuming_unique())
