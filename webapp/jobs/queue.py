"""The job queue: Huey carries each job to a consumer; its record and output live in the store.

submit() writes a job's record and puts it on Huey's queue, or finds the same work
already there and joins it. A consumer runs it (run_job), writing a heartbeat and
its progress into the record, then its output where every server reads it (the
shared results) and the record as done. Huey drops a message when a consumer takes
it, so a consumer that dies mid-job would lose it: sweep(), which each consumer
runs every second, puts back on the queue any job whose heartbeat has stopped (and
any queued job whose message is gone), up to MAX_ATTEMPTS runs.

The queue's places are shared between addresses (clients). Each may hold `per_client`
jobs, but only while the queue has more than `reserve` places free: the last `reserve`
go only to an address holding no job, so that a few addresses taking all they may cannot
deny everyone else (JOB_PER_CLIENT 2 x 4 addresses had filled a queue of 8). And a
consumer takes each address's first job before anyone's second (Huey's priority: minus
the jobs its address already held), so that a person's job does not wait behind every
job of one address that came first.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from huey import Huey

from ..sudoku import Puzzle, SolveResult, read_code
from ..sudoku.logic import CEILING
from . import batches, shared, work
from .job import BATCH, DONE, EXPLAIN, FAILED, GENERATE, QUEUED, RUNNING, SOLVE, Job, JobKind
from .orders import order_of
from .store import Store, Unreachable

OPEN = "jobs:open"
# A finished job's record is kept this long: its page and its id answer until then.
KEEP_SECONDS = 24 * 3600
# A running job writes its record this often; one silent for STALE_SECONDS (by default;
# the app's JOB_STALE_SECONDS) has stopped.
HEARTBEAT_SECONDS = 0.5
STALE_SECONDS = 5.0
# A queued job whose message is gone (the queue is empty) is put back after this long.
LOST_SECONDS = 5.0
# A job that stopped its consumer this many times is given up as failed.
MAX_ATTEMPTS = 3
# What a solve job's outcome adds when its seconds, not its work, stopped it.
CEILING_OUTCOME = "the job's time ran out before its work did, which says nothing about the puzzle"

log = logging.getLogger(__name__)


# Seconds between two tidyings of the stores by a consumer's sweep (store.py: tidy).
TIDY_SECONDS = 60.0


class QueueFull(Exception):
    """As many jobs as the queue holds are waiting or running."""


class ClientBusy(QueueFull):
    """As many jobs as one client may have are waiting or running for it."""


class ShareTaken(ClientBusy):
    """The client holds a job and the queue's free places are down to those kept for
    clients that hold none."""


class JobQueue:
    """Jobs of one app: submitted by its servers, run by its consumers.

    `clock` (epoch seconds) stamps the records and judges heartbeats in sweep(); a test
    passes one it advances itself.
    """

    def __init__(
        self,
        huey: Huey,
        board: Store,
        results: Store,
        seconds: float,
        depth: int,
        clock: Callable[[], float] = time.time,
        per_client: int | None = None,
        reserve: int = 0,
        stale_seconds: float = STALE_SECONDS,
    ) -> None:
        self.clock = clock
        self.stale_seconds = stale_seconds
        self.per_client = depth if per_client is None else per_client
        self.reserve = reserve
        self._tidy_at = 0.0  # when sweep() next tidies the stores (the clock's seconds)
        self.huey = huey
        self.board = board
        self.results = results
        self.seconds = seconds
        self.depth = depth
        self._task = huey.task(name="run_job")(self.run_job)

    def job(self, id: str) -> Job | None:
        """The record of job `id`, or None; Unreachable when the store does not answer."""
        data = self.board.get(f"job:{id}")
        return Job.from_bytes(data) if data is not None else None

    def submit(self, kind: JobKind, puzzle: Puzzle, client: str | None = None) -> Job:
        """Start `kind` of work on `puzzle` within the queue's seconds, or join the same work
        already queued, running or done. QueueFull or Unreachable when it cannot start;
        ClientBusy when `client` (an address) already has `per_client` jobs open, ShareTaken
        when it has one and no more than `reserve` places are free."""
        return self.submit_code(kind, puzzle.code, client)

    def submit_code(self, kind: JobKind, code: str, client: str | None = None) -> Job:
        """Start `kind` of work on `code` (a share code, or a generator's order) as submit()
        does."""
        job = Job.new(kind, code, self.seconds, now=self.clock())
        existing = self.job(job.id)
        if existing is not None and existing.state != FAILED:
            return existing
        held = 0 if client is None else self._claim_for(client, job.id)
        # A place in the queue first, checked and taken in one step: 40 submissions at once
        # put 18 jobs in a queue of 8 when each server counted, then joined.
        if not self.board.join_within(OPEN, job.id, self._room_for(held)):
            if held and len(self.board.members(OPEN)) < self.depth:
                raise self._share_taken()
            raise QueueFull(f"{self.depth} jobs are already waiting or running")
        if existing is None and not self.board.add(f"job:{job.id}", job.to_bytes(), KEEP_SECONDS):
            return self.job(job.id) or job  # someone else submitted it a moment ago
        if existing is not None:
            self._write(job)
        self._enqueue(job, priority=-held)
        return self.job(job.id) or job  # in immediate mode it has already run

    def check_room(self, client: str | None = None) -> None:
        """QueueFull (or ClientBusy, ShareTaken for `client`) when a new job would be
        refused now: asked before writing what a job needs, so a refused job writes nothing.
        (A job is only taken by submit(), which checks again in one step.)"""
        open_now = len(self.board.members(OPEN))
        if open_now >= self.depth:
            raise QueueFull(f"{self.depth} jobs are already waiting or running")
        held = 0 if client is None else self._open_of(client)
        if held >= self.per_client:
            raise self._busy()
        if open_now >= self._room_for(held):
            raise self._share_taken()

    def _room_for(self, held: int) -> int:
        """The open jobs the queue may hold when it takes a job of a client that holds
        `held` others: all its places for a client holding none, else all but the reserve."""
        return self.depth if held == 0 else self.depth - self.reserve

    def _claim_for(self, client: str, id: str) -> int:
        """Count job `id` among `client`'s open jobs; ClientBusy when it has as many as it
        may. Its jobs that have ended since are let go first. How many others it holds,
        counted after joining: two submissions at once each count the other."""
        self._open_of(client)
        group = f"client:{client}"
        if not self.board.join_within(group, id, self.per_client):
            raise self._busy()
        return len(self.board.members(group) - {id})

    def _open_of(self, client: str) -> int:
        """How many of `client`'s jobs are open; those that have ended since are let go."""
        group = f"client:{client}"
        count = 0
        for other in self.board.members(group):
            record = self.job(other)
            if record is not None and record.open:
                count += 1
            else:
                self.board.leave(group, other)
        return count

    def _busy(self) -> ClientBusy:
        """The refusal of a client that has as many jobs open as it may."""
        return ClientBusy(f"{self.per_client} of your jobs are already waiting or running")

    def _share_taken(self) -> ShareTaken:
        """The refusal of a client holding a job when only the reserve is left."""
        return ShareTaken(f"the last {self.reserve} places are kept for clients without a job")

    def _enqueue(self, job: Job, priority: int = 0) -> None:
        """Put `job` on Huey's queue, taken before those of a lower `priority`; Unreachable
        when the queue's store does not answer."""
        try:
            message = self._task.s(job.id, job.kind, job.code, job.seconds, priority=priority)
            self.huey.enqueue(message)
        except Unreachable:
            raise  # in immediate mode the job runs in here, and its store's failure passes
        except Exception as error:  # the queue's own store (Redis or SQLite) failed
            raise Unreachable(f"the job queue did not take the job: {error}") from error

    def _write(self, job: Job) -> None:
        self.board.put(f"job:{job.id}", job.to_bytes(), KEEP_SECONDS)

    def run_job(self, id: str, kind: str, code: str, seconds: float) -> None:
        """Do job `id` (the consumer's side); its record says how it went."""
        job = self.job(id) or Job.new(JobKind(kind), code, seconds, now=self.clock())
        if job.state == DONE:
            return  # a second message for work already done
        now = self.clock()
        job = job.but(
            state=RUNNING, started=now, heartbeat=now, attempts=job.attempts + 1, phase="starting"
        )
        if job.attempts > MAX_ATTEMPTS:
            reason = f"its consumer stopped {MAX_ATTEMPTS} times before it finished"
            self._finish(job.but(state=FAILED, outcome=reason))
            return
        self._write(job)
        log.info("job %s started (attempt %d)", id, job.attempts)
        progress: dict[str, str | int] = {}
        try:
            with self._heartbeat(job, progress):
                outcome = self._do(job, progress)
        except Exception as error:
            log.exception("job %s failed", id)
            self._finish(job.but(**progress, state=FAILED, outcome=f"it failed: {error}"))
            return
        self._finish(job.but(**progress, state=DONE, outcome=outcome))
        log.info("job %s done: %s", id, outcome)

    def _do(self, job: Job, progress: dict[str, str | int]) -> str:
        """The work of `job`; its outcome in a word (the solve's status, the path's, or the
        generation's), or for a batch in a few ("240 of 241 puzzles solved")."""

        def report(phase: str, done: int, unit: str) -> None:
            progress.update(phase=phase, work=done, work_unit=unit)

        if job.kind == GENERATE:
            generated = work.keep_generating(order_of(job.code), job.seconds, report)
            shared.keep_generated(self.results, generated, job.seconds)
            return generated.status
        if job.kind == BATCH:
            return batches.run_batch(self.board, self.results, job.code, job.seconds, report)
        puzzle = read_code(job.code)
        if job.kind == SOLVE:
            result = work.keep_solving(puzzle, job.seconds, report)
            shared.keep_solve(self.results, result, job.seconds)  # not if the ceiling stopped it
            return _solve_outcome(result)
        if job.kind == EXPLAIN:
            known = shared.kept_solve(self.results, puzzle)
            decided, path = work.keep_explaining(
                puzzle, job.seconds, report, known.result if known else None
            )
            shared.keep_solve(self.results, decided, job.seconds)
            if path is None:
                return _solve_outcome(decided)
            if path.status != CEILING:  # one the job's seconds stopped says nothing lasting
                shared.keep_path(self.results, puzzle, path)
            return path.status
        raise ValueError(f"no such kind of job: {job.kind}")

    @contextmanager
    def _heartbeat(self, job: Job, progress: dict[str, str | int]) -> Iterator[None]:
        """While the block runs, write `job`'s record with a fresh heartbeat and the
        `progress` the block puts in the dict."""
        stop = threading.Event()

        def beat() -> None:
            while not stop.wait(HEARTBEAT_SECONDS):
                try:
                    self._write(job.but(heartbeat=self.clock(), **dict(progress)))
                except Unreachable as error:
                    log.warning("job %s: no heartbeat written: %s", job.id, error)

        beating = threading.Thread(target=beat, name=f"heartbeat {job.id}", daemon=True)
        beating.start()
        try:
            yield
        finally:
            stop.set()
            beating.join()

    def _finish(self, job: Job) -> None:
        """Write `job` finished, and take it out of the open jobs."""
        now = self.clock()
        self._write(job.but(finished=now, heartbeat=now))
        self.board.leave(OPEN, job.id)

    def sweep(self) -> list[str]:
        """Put back on the queue every open job that lost its consumer or its message; the
        ids put back. Several consumers may sweep at once: a claim in the store lets one
        of them put each job back."""
        now = self.clock()
        back = []
        for id in self.board.members(OPEN):
            job = self.job(id)
            if job is None or not job.open:
                self.board.leave(OPEN, id)
                continue
            lost = job.state == QUEUED and now - job.submitted > LOST_SECONDS
            if not (
                job.stale(self.stale_seconds, now) or (lost and self.huey.pending_count() == 0)
            ):
                continue
            if not self.board.add(f"requeue:{id}:{job.attempts}:{job.submitted}", b"1", 600):
                continue
            phase = "waiting for a consumer (the last one stopped)"
            job = job.but(state=QUEUED, submitted=now, phase=phase, heartbeat=None)
            self._write(job)
            self._enqueue(job)
            back.append(id)
            log.warning("job %s put back on the queue", id)
        if now >= self._tidy_at:  # SQLite's expired entries go, and it keeps within its bound
            self._tidy_at = now + TIDY_SECONDS
            for store in [self.board] + ([self.results] if self.results is not self.board else []):
                tidy = getattr(store, "tidy", None)
                if tidy is not None:
                    tidy()
        return back


def _solve_outcome(result: SolveResult) -> str:
    """A solve job's outcome: the solve's status, and when the job's seconds (its ceiling)
    rather than its work stopped it, that it says nothing about the puzzle."""
    if result.stopped_by_ceiling:
        return f"{result.status}: {CEILING_OUTCOME}"
    return result.status
