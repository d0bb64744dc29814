"""`sudoku read PHOTO`: the Sudoku in a photo; --bench DIR: figures over a folder of photos."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..photo import PhotoError, ReadingRecord, doubt_message, read_photo, stand
from .arguments import EXIT_OK, Subcommands, UsageError
from .photo_set import SPLITS, read_set, split_photos
from .timing import markdown_table

EXIT_NO_GRID = 1

EPILOG = """\
Prints the grid read (9 lines, "." for an empty cell), the cells read with little
confidence ("check r4c7: read as 1, could be 7") and how the grid stands as a puzzle
(one solution, clashing digits, more than one). --json prints the record POST
/api/read-photo answers. A picture with no readable grid prints why on stderr and exits 1.

--bench DIR reads every photo of a folder laid out as ../shared/photos (its README) and
prints, for the test split and for the train split, each upright and turned (each photo
turned one, two or three quarter turns, in turn): boards read exactly, cells right (of all
cells), cells marked uncertain, cells wrong and how many of those were marked uncertain
(both in the photos where a grid was found), cells the puzzle settled, the share right of
the cells read with confidence above 0.9 (the confidence's calibration), photos where no
grid was found, and ms per photo.
"""


def add(commands: Subcommands) -> None:
    """Declare `sudoku read`."""
    parser = commands.add_parser(
        "read",
        help="read a Sudoku from a photo",
        description="Read the Sudoku printed in a photo (JPEG, PNG, WebP or HEIC).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("photo", nargs="?", metavar="PHOTO", help="the picture to read")
    parser.add_argument("--json", action="store_true", help="print the reading as JSON")
    parser.add_argument("--bench", metavar="DIR", help="figures over a folder of photos")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Read one photo, or benchmark a folder of them."""
    if args.bench:
        return bench(Path(args.bench))
    if not args.photo:
        raise UsageError("give a PHOTO to read, or --bench DIR")
    try:
        data = Path(args.photo).read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {args.photo}: {error.strerror}") from None
    started = time.perf_counter()
    try:
        reading = read_photo(data)
    except PhotoError as error:
        print(f"sudoku read: {args.photo}: {error.message}", file=sys.stderr)
        return EXIT_NO_GRID
    standing = stand(reading.grid, rules=reading.rules)
    if args.json:
        ms = 1000 * (time.perf_counter() - started)
        print(json.dumps(ReadingRecord(reading, standing, ms).to_json()))
        return EXIT_OK
    for row in reading.grid.rows():
        print("".join(str(v) if v else "." for v in row))
    for cell in reading.uncertain:
        print(doubt_message(cell))
    print(standing.sentence)
    return EXIT_OK


def bench(folder: Path) -> int:
    """Print the figures of reading the folder's test split and all its photos."""
    try:
        sets = {split: split_photos(folder, split) for split in SPLITS}
    except OSError as error:
        raise UsageError(f"{folder} is not a folder of photos: {error}") from None
    table: list[str] = []
    for split in SPLITS:
        for turn in (False, True):
            figures = read_set(sets[split], turn)
            name = f"{split}{' turned' if turn else ''} ({figures.photos})"
            row = markdown_table(figures.row(name))
            table.extend(row if not table else row[-1:])
    print("\n".join(table))
    return EXIT_OK
