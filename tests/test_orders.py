"""A generator's order as a code (webapp/jobs/orders.py): read from a link's parts or a job's
code, written back the same way, and refused with a message naming the part at fault."""

from __future__ import annotations

import pytest

from webapp.jobs.orders import order_code, order_of, order_parts, read_order
from webapp.sudoku.generator import Order, OrderError


@pytest.mark.parametrize(
    ("parts", "order"),
    [
        (("9", "extreme", "rotational", "12345"), Order(9, "extreme", "rotational", 12345)),
        (("4", "EASY", "None", "0"), Order(4, "easy", "none", 0)),
        (
            ("25", "hard", "rotational-90", "9223372036854775807"),
            Order(25, "hard", "rotational-90", 2**63 - 1),
        ),
        (("06", "medium", "mirror", "007"), Order(6, "medium", "mirror", 7)),
    ],
)
def test_parts_read_as_an_order(parts, order):
    assert read_order(*parts) == order


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (("10", "easy", "rotational", "1"), "size must be one of 4, 6, 9, 12, 16, 25, not 10"),
        (("x", "easy", "rotational", "1"), "size must be a whole number such as 9, not 'x'"),
        (("٩", "easy", "rotational", "1"), "size must be a whole number such as 9"),
        (("999", "easy", "rotational", "1"), "size must be a whole number such as 9"),
        (("9", "insane", "rotational", "1"), "level must be one of easy, medium, hard"),
        (("9", "easy", "spiral", "1"), "symmetry must be one of none, rotational"),
        (("9", "easy", "rotational", "-1"), "seed must be a whole number from 0 to"),
        (("9", "easy", "rotational", "9223372036854775808"), "seed must be a whole number"),
        (("9", "easy", "rotational", "1" * 5000), "seed must be a whole number"),
        (("9", "easy", "rotational", "١"), "seed must be a whole number"),
        (("9", "easy", "rotational", ""), "seed must be a whole number"),
    ],
)
def test_parts_that_are_not_an_order_are_refused_by_name(parts, message):
    with pytest.raises(OrderError, match=message.replace("(", r"\(")):
        read_order(*parts)


def test_a_code_is_the_links_path_and_reads_back():
    order = Order(16, "expert", "diagonal", 42)
    assert order_code(order) == "16/expert/diagonal/42"
    assert order_of(order_code(order)) == order
    assert order_parts(order) == {"size": 16, "level": "expert", "symmetry": "diagonal", "seed": 42}


@pytest.mark.parametrize("code", ["9/easy/rotational", "9/easy/rotational/1/2", ""])
def test_a_code_of_the_wrong_shape_is_refused(code):
    with pytest.raises(OrderError, match=r"an order is \[variant/\]size/level/symmetry/seed"):
        order_of(code)
