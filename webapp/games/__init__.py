"""Games between two people on one puzzle: a Duel with chess clocks on one board, or a Race
on a board each.

A game is values (game.py): its setting (the puzzle, its solution, the mode, the clock) and
a log of moves (moves.py). Everything about it at an instant, whose turn, each clock's time
left (clocks.py), the digits placed and by whom, the penalties and the result, is a pure
function of the setting, the log and a time passed in (rules.py): the server that judges a move, the
page that shows the game and a test all read the same answer, and no test sleeps. Times are
whole milliseconds, as the server saw them; a browser's clock never counts.

Where games are kept (the job store, a move's turn claimed once) is in store.py; nothing
else here does I/O or knows about the web.
"""

from .clocks import ClockSetting
from .game import Ending, Game, GameState, Mode, Refusal, Result
from .moves import Move, MoveKind
from .rules import judge, state_of

__all__ = [
    "ClockSetting",
    "Ending",
    "Game",
    "GameState",
    "Mode",
    "Move",
    "MoveKind",
    "Refusal",
    "Result",
    "judge",
    "state_of",
]
