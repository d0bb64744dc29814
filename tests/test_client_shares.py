"""Each client's share of the solver, one for the whole server: buckets and solves under way
seen alike by every process forked from the one that made them, as gunicorn's workers are."""

from __future__ import annotations

import multiprocessing
import os

from webapp.web.client_shares import Shares

from clocks import FakeClock

FORK = multiprocessing.get_context("fork")


def in_a_child(work) -> int:
    """Run `work` in a forked process, as gunicorn forks a worker; its exit code."""
    child = FORK.Process(target=work)
    child.start()
    child.join(30)
    return child.exitcode


def test_a_bucket_fills_again_up_to_its_burst_and_no_more():
    clock = FakeClock()
    shares = Shares(burst=5.0, rate=0.5, clock=clock, exempt=("127.0.0.1",))
    shares.charge("a", 7.0)
    assert shares.level("a") == -2.0 and not shares.admits("a")
    clock.advance(4.1)
    assert shares.admits("a")
    clock.advance(100)
    assert shares.level("a") == 5.0
    shares.charge("127.0.0.1", 100)
    assert shares.admits("127.0.0.1")


def test_seconds_spent_in_one_worker_are_drawn_from_the_bucket_every_worker_sees():
    # Each worker kept its own buckets: an address had a share of each, and two addresses
    # kept both cores busy while a person's 9x9 waited (victim p99 1.1 to 1.7 s)
    shares = Shares(burst=5.0, rate=0.5, clock=FakeClock())
    assert in_a_child(lambda: shares.charge("203.0.113.5", 7.0)) == 0
    assert not shares.admits("203.0.113.5")


def test_a_client_solving_in_another_worker_may_not_begin_a_second_solve():
    shares = Shares(burst=5.0, rate=0.5, clock=FakeClock())
    began, release = FORK.Event(), FORK.Event()

    def solve() -> None:
        shares.begin("203.0.113.5")
        began.set()
        release.wait(30)
        shares.charge("203.0.113.5", 0.1)

    child = FORK.Process(target=solve)
    child.start()
    try:
        assert began.wait(30)
        refused = not shares.begin("203.0.113.5")
        another = shares.begin("198.51.100.9")
    finally:
        release.set()
        child.join(30)
    assert (refused, another) == (True, True)


def test_the_solve_is_free_again_once_the_other_worker_has_charged_it():
    shares = Shares(burst=5.0, rate=0.5, clock=FakeClock())

    def solve() -> None:
        shares.begin("203.0.113.5")
        shares.charge("203.0.113.5", 0.1)

    assert in_a_child(solve) == 0
    assert shares.begin("203.0.113.5")


def test_a_worker_killed_mid_solve_leaves_its_client_free_to_solve():
    shares = Shares(burst=5.0, rate=0.5, clock=FakeClock())

    def killed() -> None:
        shares.begin("203.0.113.5")
        os._exit(9)

    assert in_a_child(killed) == 9
    assert shares.begin("203.0.113.5")


def test_exempt_clients_solve_side_by_side_in_every_worker():
    shares = Shares(burst=5.0, rate=0.5, clock=FakeClock(), exempt=("127.0.0.1",))
    began, release = FORK.Event(), FORK.Event()

    def solve() -> None:
        shares.begin("127.0.0.1")
        began.set()
        release.wait(30)

    child = FORK.Process(target=solve)
    child.start()
    try:
        assert began.wait(30)
        assert shares.begin("127.0.0.1")
    finally:
        release.set()
        child.join(30)


def test_a_full_table_forgets_the_client_with_the_fullest_bucket():
    shares = Shares(burst=5.0, rate=0.5, clock=FakeClock(), slots=2)
    shares.charge("a", 1.0)
    shares.charge("b", 3.0)
    shares.charge("c", 4.0)  # no free slot: takes a's, the fuller
    assert (shares.level("a"), shares.level("b"), shares.level("c")) == (5.0, 2.0, 1.0)


def test_a_full_table_keeps_a_client_solving():
    shares = Shares(burst=5.0, rate=0.5, clock=FakeClock(), slots=2)
    shares.begin("a")  # under way here, with a full bucket
    shares.charge("b", 3.0)
    shares.charge("c", 4.0)  # takes b's slot, though a's bucket is fuller
    a_free_elsewhere = in_a_child(lambda: os._exit(0 if shares.begin("a") else 1)) == 0
    assert (shares.level("b"), a_free_elsewhere) == (5.0, False)
