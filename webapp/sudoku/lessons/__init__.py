"""Lessons' ground truth: positions where a technique is the easiest step, and checking answers.

bank.py finds, on the engine's own easiest-first paths, the positions where each
technique is the step a person would take next (nothing easier applies), and
writes them as a bank; checker.py says whether a player's answer in such a
position is a right application of the technique. Pure, like the rest of the
engine: reading and writing the bank's file is the command's and the pages' work.
"""

from .bank import Bank, BankEntry, BankError, Source, build_bank, entries_of
from .checker import Attempt, Judgement, JudgementKind, check_answer

__all__ = [
    "Attempt",
    "Bank",
    "BankEntry",
    "BankError",
    "Source",
    "Judgement",
    "JudgementKind",
    "build_bank",
    "check_answer",
    "entries_of",
]
