"""A game's clock setting and each player's clock, in whole milliseconds.

Glossary:
- allowance: the time each player starts with (`minutes`);
- increment: seconds added to a player's clock for each move they make (0 for none), as
  chess's Fischer clocks;
- penalty: seconds taken off for a wrong digit, shown beside the clock;
- used: the time a player's clock has run, penalties included; `left` is the allowance
  plus the increments earned, less what was used. A clock at 0 has "flagged": that player
  loses, at the instant it reached 0 (whether anyone looked then or not).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..sudoku.errors import PuzzleError

SECOND = 1000
MINUTE = 60 * SECOND
# What the game form offers; any whole number in these ranges is a setting.
MINUTES = (1, 60)
INCREMENT_SECONDS = (0, 20)
PENALTY_SECONDS = 30


@dataclass(frozen=True)
class ClockSetting:
    """Minutes each, seconds added per move, seconds off for a wrong digit."""

    minutes: int = 10
    increment_seconds: int = 0
    penalty_seconds: int = PENALTY_SECONDS

    def __post_init__(self) -> None:
        """Refuse a setting outside the form's ranges: PuzzleError naming the field."""
        low, high = MINUTES
        if not low <= self.minutes <= high:
            raise PuzzleError(f"minutes each must be from {low} to {high}, not {self.minutes}")
        low, high = INCREMENT_SECONDS
        if not low <= self.increment_seconds <= high:
            raise PuzzleError(
                f"seconds added per move must be from {low} to {high}, not {self.increment_seconds}"
            )
        if not 0 <= self.penalty_seconds <= 600:
            raise PuzzleError(f"a penalty is 0 to 600 seconds, not {self.penalty_seconds}")
        if self.increment_seconds and self.increment_seconds >= self.penalty_seconds:
            # Else a wrong digit would gain time, and a game could go on for ever.
            raise PuzzleError("seconds added per move must be fewer than a wrong digit's penalty")

    @property
    def allowance(self) -> int:
        """Each player's time at the start, in milliseconds."""
        return self.minutes * MINUTE

    @property
    def increment(self) -> int:
        """Milliseconds added per move."""
        return self.increment_seconds * SECOND

    @property
    def penalty(self) -> int:
        """Milliseconds off for a wrong digit."""
        return self.penalty_seconds * SECOND

    def longest(self, cells: int) -> int:
        """The most milliseconds one player's clock can run in a game on `cells` cells: the
        allowance and an increment for each right digit (a wrong one costs more than its
        increment), so every game is over within twice this of its start."""
        return self.allowance + cells * self.increment

    @property
    def label(self) -> str:
        """The setting as players say it: "10 min", "5 min + 3 s"."""
        extra = f" + {self.increment_seconds} s" if self.increment_seconds else ""
        return f"{self.minutes} min{extra}"


@dataclass(frozen=True)
class Clock:
    """One player's clock at an instant: milliseconds used and left, wrong digits so far,
    and whether it is running."""

    used: int
    left: int
    penalties: int
    running: bool

    @property
    def shown(self) -> str:
        """The time left as a clock shows it, rounded down to the second: "9:59", "1:02:03"."""
        return clock_text(self.left)


def clock_text(milliseconds: int) -> str:
    """Milliseconds as minutes and seconds ("4:05"; hours when there are any), rounded down."""
    seconds = max(0, milliseconds) // SECOND
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
