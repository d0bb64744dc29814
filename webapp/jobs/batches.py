"""A batch too long for a request, as a job: its puzzles and budgets kept in the store under
the batch's code, solved by a consumer, its rows kept where every server reads them.

A batch's code is its number of puzzles and a digest of what they say and where
("240-3fa9..."), so the same file sent twice names the same job and the same rows.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from ..sudoku import Budget
from ..sudoku.batch import NO_VARIANT, Entry, Variant, read_entry, under_variant, variant_of
from ..sudoku.batch_solve import BatchBudget, Row, RowStatus, counts, solve_batch
from ..sudoku.whole_numbers import read_whole_number
from .store import Store, Unreachable

# A batch's puzzles and rows are kept as long as a finished job's record.
KEEP_SECONDS = 24 * 3600
# What a batch job's work counts.
PUZZLES = "puzzles"
# A code is "<count>-<24 hex digits>", the count in at most COUNT_DIGITS digits.
COUNT_DIGITS = 6
CODE_LENGTH = COUNT_DIGITS + 1 + 24

log = logging.getLogger(__name__)

# report(phase, work done, what the work counts), as in work.py.
Report = Callable[[str, int, str], None]


def batch_code(entries: tuple[Entry, ...], variant: Variant = NO_VARIANT) -> str:
    """The code of a batch: how many puzzles, and a digest of each one's text and place, and
    of the rules `variant` names when it names any (the same texts under other rules are
    another batch)."""
    texts: list[Any] = [[entry.line, entry.text] for entry in entries]
    # Without cages a variant is written as it was before Killers, so its batches keep their codes.
    rules = list(variant) if variant[2] is not None else list(variant[:2])
    content = json.dumps(texts if variant == NO_VARIANT else [*texts, rules])
    return f"{len(entries)}-{hashlib.sha256(content.encode()).hexdigest()[:24]}"


def puzzle_count(code: str) -> int:
    """How many puzzles the batch of `code` (a batch's code, is_batch_code) holds."""
    return read_whole_number(code.split("-", 1)[0], COUNT_DIGITS) or 0


def is_batch_code(code: str) -> bool:
    """True when `code` has the form of a batch's code (it may name no batch kept)."""
    count, _, digest = code.partition("-")
    return (
        len(code) <= CODE_LENGTH
        and read_whole_number(count, COUNT_DIGITS) is not None
        and len(digest) == 24
        and all(char in "0123456789abcdef" for char in digest)
    )


def keep_input(
    store: Store,
    code: str,
    entries: tuple[Entry, ...],
    budget: BatchBudget,
    variant: Variant = NO_VARIANT,
) -> None:
    """Put the batch's puzzles, the rules `variant` names and its budget where its job reads
    them; Unreachable if the store does not answer."""
    record = {
        "puzzles": [[entry.line, entry.text] for entry in entries],
        "variant": list(variant),
        "solve_nodes": budget.solve.nodes,
        "solve_conflicts": budget.solve.sat_conflicts,
        "solve_seconds": budget.solve.ceiling_seconds,
        "rating_work": budget.rating_work,
    }
    store.put(_input_key(code), json.dumps(record).encode(), KEEP_SECONDS)


def has_input(store: Store, code: str) -> bool:
    """True while the batch's puzzles are kept (a job can run on them)."""
    return store.get(_input_key(code)) is not None


def run_batch(board: Store, results: Store, code: str, seconds: float, report: Report) -> str:
    """Solve and rate the batch of `code` within `seconds` (the job's side), keep its rows
    in `results`; its outcome in a few words."""
    data = board.get(_input_key(code))
    if data is None:
        raise ValueError("its puzzles are no longer kept; send the batch again")
    record: dict[str, Any] = json.loads(data)
    entries = under_variant(
        [read_entry(index, line, text) for index, (line, text) in enumerate(record["puzzles"])],
        variant_of(record.get("variant", NO_VARIANT)),
    )
    budget = BatchBudget(
        Budget(
            nodes=int(record["solve_nodes"]),
            sat_conflicts=int(record.get("solve_conflicts", Budget().sat_conflicts)),
            ceiling_seconds=float(record["solve_seconds"]),
        ),
        int(record["rating_work"]),
        seconds,
    )

    def done(finished: int, total: int) -> None:
        now = min(finished + 1, total)
        report(f"solving and rating puzzle {now} of {total}", finished, PUZZLES)

    done(0, len(entries))
    rows = solve_batch(entries, budget, done)
    keep_rows(results, code, rows)
    found = counts(rows)
    return f"{found['solved']} of {found['total']} puzzles solved"


def keep_rows(store: Store, code: str, rows: tuple[Row, ...]) -> None:
    """Put a batch's rows where every server reads them."""
    store.put(_rows_key(code), json.dumps([asdict(row) for row in rows]).encode(), KEEP_SECONDS)


def kept_rows(store: Store, code: str) -> tuple[Row, ...] | None:
    """The rows of the batch of `code`, or None when none are kept (or cannot be read)."""
    try:
        data = store.get(_rows_key(code))
    except Unreachable as error:
        log.warning("a batch's rows not read: %s", error)
        return None
    if data is None:
        return None
    try:
        return tuple(
            Row(**{**fields, "status": RowStatus(fields["status"])}) for fields in json.loads(data)
        )
    except (ValueError, TypeError) as error:
        log.warning("a batch's rows did not read back: %s", error)
        return None


def _input_key(code: str) -> str:
    return f"batch-input:{code}"


def _rows_key(code: str) -> str:
    return f"batch:{code}"
