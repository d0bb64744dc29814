"""The one error a photo reading raises: what is wrong with the picture, for a person."""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class PhotoProblem(StrEnum):
    """Why a picture gave no grid; the API and the CLI show the value."""

    NOT_AN_IMAGE = "not_an_image"
    FORMAT = "format"
    TOO_BIG = "too_big"
    TOO_COSTLY = "too_costly"
    TOO_SMALL = "too_small"
    TOO_DARK = "too_dark"
    NOT_A_SUDOKU = "not_a_sudoku"
    CUT_OFF = "cut_off"


class PhotoError(ValueError):
    """A picture that cannot be read as a Sudoku; `message` says why, ready to show."""

    def __init__(self, problem: PhotoProblem, message: str) -> None:
        super().__init__(message)
        self.problem = problem
        self.message = message
