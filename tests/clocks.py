"""A clock that stands still until a test moves it on, for code that takes a `clock`."""

from __future__ import annotations


class FakeClock:
    """Called, it tells the time it was set to; `advance` moves it on. No test sleeps."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds`."""
        self.now += seconds


class RacingClock:
    """A stand-in for the `time` module whose every perf_counter reading is a minute after
    the last: any wall-time ceiling passes at once, as on a machine loaded far past its cores."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 60.0
        return self.now
