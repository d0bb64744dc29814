"""Matches between solver programs (bots): the server makes each round's puzzle from the
generator and a seed, sends it to every seat at one instant, and judges the answers; the
first right answer wins the round.

setting.py holds what the host chose and the rounds' puzzles (made before the match
starts, so making them never delays a round); scoring.py works out every round, verdict and
time from what the store holds and a time passed in; protocol.py is the bots' protocol, its
messages as JSON values and the reading of a bot's, every fault named; store.py keeps matches
in the job store, each answer and each round's winner claimed once. Nothing here knows about
the web.
"""

from .protocol import PROTOCOL_VERSION, ProtocolError, ProtocolProblem
from .scoring import Match, MatchPhase, MatchState, RoundVerdict
from .setting import AnswerKind, MatchSetting, RoundPuzzle, SettingError, round_puzzle
from .store import Matches, StoredMatch

__all__ = [
    "PROTOCOL_VERSION",
    "AnswerKind",
    "Match",
    "MatchPhase",
    "MatchSetting",
    "MatchState",
    "Matches",
    "ProtocolError",
    "ProtocolProblem",
    "RoundPuzzle",
    "RoundVerdict",
    "SettingError",
    "StoredMatch",
    "round_puzzle",
]
