"""The sum lines' own deductions (sum_lines.py: an arrow's circle is the sum of its arrow): a
candidate of a cell on a sum line goes when, with the smallest and the largest the line's
other cells can still make, the sum cannot come out with it (nothing, or an outside clue's
number: a little killer's).

Each step names one cell of one line (TARGET) and the line's other cells (BASE); its
`digits` are the least and the most the target can be (as the others' values and
candidates bound it), and what it removes lies outside them: true whatever the others
hold, since each holds one of its candidates.
"""

from __future__ import annotations

from collections.abc import Iterator

from .position import Position, bits_of
from .step import BASE, TARGET, Step

# One look at the line's cells' smallest and largest candidates: a little harder than a
# related pair, which looks at one cell.
LINE_SUM = 2.4


def _floor_div(top: int, bottom: int) -> int:
    """`top` / `bottom` rounded down (bottom > 0)."""
    return top // bottom


def line_sums(position: Position) -> Iterator[Step]:
    """Each cell of a sum line with a candidate its line's bounds rule out."""
    n = position.geometry.shape.size
    for each in position.geometry.line_sums:
        spans = []
        for cell, weight in each.terms:
            value = position.values[cell]
            held = (value,) if value else bits_of(position.candidates[cell])
            if not held:
                break
            least, most = weight * min(held), weight * max(held)
            spans.append((cell, weight, min(least, most), max(least, most)))
        else:
            low = sum(span[2] for span in spans)
            high = sum(span[3] for span in spans)
            for cell, weight, own_low, own_high in spans:
                if position.values[cell]:
                    continue
                # weight * v must lie in [total - (high - own_high), total - (low - own_low)].
                bottom, top = each.total + own_high - high, each.total + own_low - low
                if weight > 0:
                    least, most = -_floor_div(-bottom, weight), _floor_div(top, weight)
                else:
                    least, most = -_floor_div(top, -weight), _floor_div(-bottom, -weight)
                least, most = max(least, 1), min(most, n)
                gone = tuple(
                    (cell, value)
                    for value in bits_of(position.candidates[cell])
                    if not least <= value <= most
                )
                if gone:
                    others = tuple((other, BASE) for other, _ in each.terms if other != cell)
                    yield Step(
                        "line-sum",
                        LINE_SUM,
                        (least, most),
                        (*others, (cell, TARGET)),
                        (),
                        eliminations=gone,
                    )
