"""Wings: a pivot cell and its pincers, whose values force a removal wherever they end."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "wings",
    "Wings",
    "A few cells of two or three candidates around a pivot: however the pivot is filled,"
    " one pincer holds the same value, so the cells seeing every pincer lose it.",
    (
        Lesson(
            "xy-wing",
            "A pivot XY and pincers XZ and YZ: a cell seeing both pincers cannot be Z.",
            what="Three cells with two candidates each: a pivot with X and Y, one pincer with"
            " X and Z that sees the pivot, another with Y and Z that sees the pivot. Any cell"
            " that sees both pincers loses Z.",
            why="The pivot is X or Y. If it is X, the first pincer cannot be X and is Z. If"
            " it is Y, the second pincer is Z. Either way a pincer holds Z, so a cell seeing"
            " both pincers cannot.",
            spot="Look at cells with exactly two candidates. Pick one as the pivot and look"
            " among the cells it sees for two pairs that each share one value with it and"
            " share their other value with each other.",
            variations="With Z also in the pivot it is an XYZ-wing; with a longer chain of"
            " pairs it is an XY-chain.",
            elsewhere="Also called a Y-wing.",
            builds_on=("naked-pair",),
        ),
        Lesson(
            "xyz-wing",
            "A pivot XYZ with pincers XZ and YZ: a cell seeing all three cannot be Z.",
            what="A pivot with three candidates X, Y and Z, a pincer with X and Z and another"
            " with Y and Z, both seeing the pivot. A cell that sees the pivot and both pincers"
            " loses Z.",
            why="If the pivot is X, the first pincer is Z; if Y, the second; if Z, the pivot"
            " itself. So Z is in one of the three cells, and a cell seeing all three cannot"
            " be Z.",
            spot="As for an XY-wing, with a pivot of three candidates. The cells that lose Z"
            " are few: usually those in the pivot's box and on a pincer's line.",
            variations="One more cell and value make a WXYZ-wing.",
            elsewhere="An XY-wing whose pivot keeps the third value.",
            builds_on=("xy-wing",),
        ),
        Lesson(
            "w-wing",
            "Two cells with the same pair, joined by a strong link on one of its values: the"
            " other value leaves the cells seeing both.",
            what="Two cells, not seeing each other, both with exactly X and Y. A unit has X"
            " in exactly two places, one seeing each of the two cells. A cell seeing both"
            " cells loses Y.",
            why="If the first cell is not Y, it is X; the link's end it sees is then not X,"
            " so the link's other end is X, and the second cell, seeing it, is not X and so"
            " is Y. So one of the two cells is Y, and a cell seeing both cannot be.",
            spot="Find two identical pairs far apart. For each of their two values, look for"
            " a row, column or box with only two places for it, each place seeing one of the"
            " pair cells.",
            variations="The link can be in any unit, including a box.",
            elsewhere="Read as a chain, it is a short alternating chain: pair, strong link, pair.",
            builds_on=("xy-wing", "skyscraper"),
        ),
        Lesson(
            "wxyz-wing",
            "Four cells holding four values, only one of which can be seen across them: it"
            " leaves the cells seeing every place it has.",
            what="Four cells in a few units hold, between them, only four values. For every"
            " value but one (Z), the cells that have it all see each other. Any cell that sees"
            " every one of the four cells that has Z loses Z.",
            why="If none of the four cells held Z, they would hold three values between four"
            " cells, so one value twice; but the cells with each of those values see each"
            " other and cannot repeat it. So one of the cells holding Z is Z.",
            spot="Look for a cell with three or four candidates near a few pairs that share"
            " its values; check value by value whether the cells holding it see each other.",
            variations="With three cells and three values it is an XYZ-wing; the same counting"
            " with more cells is a kind of almost locked set.",
            elsewhere="The last of the wings named by their values: XY, XYZ, WXYZ.",
            builds_on=("xyz-wing",),
        ),
    ),
)
