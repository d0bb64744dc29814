"""`sudoku learn-bank`: find the practice positions of every technique and write the bank.

The sources, in this order (which decides which positions a full technique keeps): the
generator's puzzles from fixed seeds (--seeds per level on a 9x9, --small-seeds on a 4x4 and
a 6x6, which no shared set has), then the puzzles of each --rated file, then the generator's
variant puzzles (--variant-seeds per variant, size and level: X-Sudoku, Windoku, Jigsaw and
Killer, for their own techniques and the examples where a technique reads differently on
them), then the generator's 6x6 expert puzzles (--small-expert-seeds), which bring the pairs
a 6x6 seldom needs before, then the generator's 9x9 hard puzzles given the Kropki dots or
the X and V marks their answers hold (--marked-seeds), for the marks' own step, then the
generator's 9x9 extreme puzzles with no symmetry (--open-seeds), whose givens can leave a
whole unit open for a hidden quad, then the generator's Killer puzzles alone
(--killer-seeds; with --killer-skip, --killer-level and --killer-size, later seeds at one
level and size), for a Killer's own techniques. With --side, each source's path is walked
with side paths beside it (lessons/side_paths.py): positions reached by taking a hard step's
removals in another true order, where a technique still short may be the easiest step (a
hidden quad, a Killer's split combinations). With --shortcut, each is walked on its
shortcut path alone (lessons/shortcut_paths.py): easiest first up to the technique named,
the answer's digit placed where nothing up to it applies, for one a path seldom meets (an
ALS-XZ). Only puzzles whose licence lets the package ship them are sources: the bank holds
no position of HoDoKu's regression library (GPL-3), which the tests alone read (docs/api.md
names each source and its licence). Each is checked to have exactly one solution, then its
path is walked (lessons/bank.py). Counts bound the work, never seconds: the same command
writes the same bytes. The generator's seconds are only a ceiling; if one runs out the
command fails saying so, as its bank would then differ.
When the generator changes one variant's puzzles, --variant walks that variant's again onto
the bank, keeping every other position: a variant's counts are its own.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from ..sudoku import SOLVED, Budget, Puzzle, PuzzleError, parse, solve
from ..sudoku.generator import Generated, GenerationStatus, generate, levels_of
from ..sudoku.lessons import Bank, BankError, Source, build_bank
from ..sudoku.lessons.bank import BANKED_VARIANTS, BOARD_NAMES, techniques_version
from ..sudoku.lessons.marked import MARK_SETS, marked
from ..sudoku.logic import Position
from ..sudoku.logic.techniques import TECHNIQUES
from ..sudoku.logic.techniques import VERSION as TECHNIQUES_VERSION
from .arguments import EXIT_OK, Subcommands, UsageError, positive_int

# The generator's sizes and levels the bank asks, and the wall-time ceiling of one puzzle.
GENERATED = {4: ("easy",), 6: ("easy", "medium", "hard"), 9: ("hard", "expert")}
GENERATOR_CEILING_SECONDS = 120.0
# The uniqueness check of a --rated puzzle: the solver's usual nodes, with no wall-time
# ceiling, so that a puzzle is kept or left out whatever the machine's load.
UNIQUE_BUDGET = Budget(ceiling_seconds=math.inf)
# The level of the generator's puzzles given marks: an easier one's singles solve it whole.
MARKED_LEVEL = "hard"
# The generator's puzzles for the patterns that need a unit or a digit left wide open (a
# hidden quad, a jellyfish): its hardest level, with no symmetry, so that its givens can
# leave a whole unit open where a symmetric pattern would not.
OPEN_LEVEL, OPEN_SYMMETRY = "extreme", "none"

EPILOG = """\
Rebuild the shipped bank from nothing, with the shared puzzle sets at PUZZLES (docs/api.md
says how long it takes):
  sudoku learn-bank --all PUZZLES --out webapp/sudoku/lessons/bank.json
Walk a Killer's puzzles again (the generator changed them), keeping every other position:
  sudoku learn-bank --all PUZZLES --variant killer --onto webapp/sudoku/lessons/bank.json \
    --out webapp/sudoku/lessons/bank.json
"""


@dataclass(frozen=True)
class Stage:
    """One run of the command's sources, as its options give them (their defaults here): a
    run that the shipped bank was built by names its --rated files under PUZZLES."""

    rated: tuple[str, ...] = ()
    limit: int = 400
    skip: int = 0
    seeds: int = 4
    small_seeds: int = 30
    variant_seeds: int = 0
    small_expert_seeds: int = 0
    marked_seeds: int = 0
    open_seeds: int = 0
    killer_seeds: int = 0
    killer_skip: int = 0
    killer_level: str = ""
    killer_size: int = 0
    side: int = 0
    shortcut: str = ""

    def capped(self, cap: int) -> Stage:
        """The stage with each of its counts at most `cap` (a slice, for the tests)."""
        return replace(
            self,
            limit=min(self.limit, self.skip + cap),
            seeds=min(self.seeds, cap),
            small_seeds=min(self.small_seeds, cap),
            variant_seeds=min(self.variant_seeds, cap),
            small_expert_seeds=min(self.small_expert_seeds, cap),
            marked_seeds=min(self.marked_seeds, cap),
            open_seeds=min(self.open_seeds, cap),
            killer_seeds=min(self.killer_seeds, cap),  # none past `cap`, whatever the skip
            side=min(self.side, cap),
        )


# The runs the shipped bank was built by, in order (docs/api.md names each source, its
# licence and what it brought). Walking them all in one go gives the same bank as running
# them one after the other, each --onto the bank before: `--onto` keeps the sources' order.
SHIPPED = (
    Stage(
        rated=(
            "rated/sudokuexchange_se_sample.txt",
            "rated/qqwing_expert.txt",
            "rated/forum_hardest_110626_se.txt",
            "9x9/norvig_hardest.txt",
            "9x9/gecode_examples_9x9.txt",
            "9x9/norvig_top95.txt",
        ),
        limit=3000,
        seeds=50,
        small_seeds=30,
        variant_seeds=30,
        small_expert_seeds=600,
    ),
    Stage(rated=("9x9/magictour_top1465.txt",), limit=1465, seeds=0, small_seeds=0),
    Stage(rated=("9x9/tdoku_forum_hardest_1905_11plus.txt",), limit=400, seeds=0, small_seeds=0),
    Stage(seeds=0, small_seeds=0, marked_seeds=20),
    Stage(rated=("9x9/tdoku_17_clue.txt",), limit=49158, seeds=0, small_seeds=0),
    Stage(seeds=0, small_seeds=0, open_seeds=46300),
    Stage(seeds=0, small_seeds=0, killer_seeds=400, side=24),
    Stage(seeds=0, small_seeds=0, killer_seeds=2000, killer_skip=400, killer_level="hard", side=24),
    Stage(
        seeds=0,
        small_seeds=0,
        killer_seeds=6449,
        killer_skip=2000,
        killer_level="hard",
        killer_size=9,
        side=24,
    ),
    Stage(
        rated=("9x9/tdoku_forum_hardest_1905_11plus.txt",),
        skip=400,
        limit=8400,
        seeds=0,
        small_seeds=0,
    ),
    Stage(
        rated=("9x9/tdoku_forum_hardest_1905_11plus.txt",),
        limit=4765,
        seeds=0,
        small_seeds=0,
        shortcut="als-xz",
    ),
)

# The techniques --shortcut may name: each once, easiest first.
SHORTCUT_TECHNIQUES = tuple(dict.fromkeys(slug for slug, _, _ in TECHNIQUES))

# The levels --killer-level may name: those the Killers are banked at.
KILLER_LEVELS = tuple(
    dict.fromkeys(
        level
        for (variant, _), levels in BANKED_VARIANTS.items()
        if variant == "killer"
        for level in levels
    )
)

# The sizes --killer-size may name: those the Killers are banked at.
KILLER_SIZES = tuple(size for variant, size in BANKED_VARIANTS if variant == "killer")

# The options that name sources or how they are walked, which --all takes from SHIPPED.
SOURCE_OPTIONS = (
    "rated",
    "limit",
    "skip",
    "seeds",
    "small_seeds",
    "variant_seeds",
    "small_expert_seeds",
    "marked_seeds",
    "open_seeds",
    "killer_seeds",
    "killer_skip",
    "killer_level",
    "killer_size",
    "side",
    "shortcut",
    "per",
    "work",
    "onto",
)
# Positions kept per technique, and work units per path, unless said.
PER = 20
WORK = 30_000


def add(commands: Subcommands) -> None:
    """Declare `sudoku learn-bank`."""
    parser = commands.add_parser(
        "learn-bank",
        help="find practice positions for every technique and write the bank",
        description=__doc__.splitlines()[0] if __doc__ else None,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rated", metavar="FILE", nargs="*", help="files of puzzles, one a line")
    parser.add_argument("--per", type=positive_int, help="positions kept per technique (20)")
    parser.add_argument(
        "--limit",
        type=positive_int,
        help="puzzles read per --rated file at most (400)",
    )
    parser.add_argument(
        "--skip",
        type=int,
        help="puzzles left out at the start of each --rated file, walked by an earlier run"
        " (0): with --limit, its lines skip+1 to limit",
    )
    parser.add_argument(
        "--seeds",
        type=int,
        help="generator seeds per size and level (4; 0 for none)",
    )
    parser.add_argument(
        "--small-seeds",
        type=int,
        help="generator seeds per level on a 4x4 and a 6x6 (30; 0 for none)",
    )
    parser.add_argument(
        "--variant-seeds",
        type=int,
        help="generator seeds per variant, size and level (0, none)",
    )
    parser.add_argument(
        "--killer-seeds",
        type=int,
        help="generator seeds per size and level of Killer puzzles alone, walked after the"
        " open ones (0, none): from seed 0 (or --killer-skip), so with --side, which banks no"
        " position twice",
    )
    parser.add_argument(
        "--killer-skip",
        type=int,
        help="with --killer-seeds N, the seeds left out at the start, walked by an earlier"
        " run (0): seeds killer-skip to N-1",
    )
    parser.add_argument(
        "--killer-level",
        choices=KILLER_LEVELS,
        help="with --killer-seeds, the Killers of this level alone (every banked level)",
    )
    parser.add_argument(
        "--killer-size",
        type=int,
        choices=KILLER_SIZES,
        help="with --killer-seeds, the Killers of this size alone (every banked size)",
    )
    parser.add_argument(
        "--side",
        type=int,
        help="side paths walked beside each source's path at most, for the techniques"
        " still short (0, none)",
    )
    parser.add_argument(
        "--shortcut",
        metavar="TECHNIQUE",
        choices=SHORTCUT_TECHNIQUES,
        help="walk each source on its shortcut path up to this technique (a slug of"
        " /api/explain's steps) in place of its path: where nothing listed up to it applies,"
        " the answer's digit goes in the open cell with the fewest candidates (none)",
    )
    parser.add_argument(
        "--small-expert-seeds",
        type=int,
        help="generator seeds of 6x6 expert puzzles, walked last (0, none)",
    )
    parser.add_argument(
        "--marked-seeds",
        type=int,
        help="generator seeds of 9x9 hard puzzles given the Kropki dots or the X and V marks"
        " their answers hold, walked last (0, none)",
    )
    parser.add_argument(
        "--open-seeds",
        type=int,
        help="generator seeds of 9x9 extreme puzzles with no symmetry, walked after the"
        " marked ones (0, none)",
    )
    parser.add_argument("--work", type=positive_int, help="work units per path (30000)")
    parser.add_argument(
        "--onto",
        metavar="BANK",
        help="a bank built by this command from earlier sources (the same options before"
        " these sources): its positions count as found first, so the bank written is the"
        " one of all the sources, without walking the earlier ones again",
    )
    parser.add_argument(
        "--all",
        metavar="PUZZLES",
        help="rebuild the shipped bank from nothing: every run it was built by (SHIPPED), in"
        " order, with the shared puzzle sets at PUZZLES; no other source option is taken",
    )
    parser.add_argument(
        "--variant",
        choices=tuple(BOARD_NAMES),
        help="with --all and --onto BANK: walk only the shipped runs' puzzles of this variant"
        " and put their positions in place of BANK's on its boards, keeping the rest (for when"
        " the generator changed that variant's puzzles)",
    )
    parser.add_argument(
        "--cap",
        type=positive_int,
        help="with --all, each of its counts (seeds, puzzles per file) at most this: a slice",
    )
    parser.add_argument("--out", default="-", help="where to write the bank (- for stdout)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Build the bank from the sources named and write it."""
    _generated_puzzle.cache_clear()  # each run makes its puzzles afresh
    given = [option for option in SOURCE_OPTIONS if getattr(args, option) is not None]
    if args.variant is not None and (args.all is None or args.onto is None):
        raise UsageError("--variant walks one variant of --all's runs again --onto a bank")
    if args.all is not None:
        # another option would make a bank other than the shipped one
        allowed = ["onto"] if args.variant is not None else []
        if given != allowed:
            raise UsageError(
                "--all rebuilds the shipped bank as it was built: it takes no"
                f" --{given[0].replace('_', '-')}"
            )
        stages = tuple(stage.capped(args.cap) if args.cap else stage for stage in SHIPPED)
        if args.variant is None:
            sources = [source for stage in stages for source in _sources_of(stage, Path(args.all))]
            bank = build_bank(sources, PER, WORK)
        else:
            # that variant's positions are walked again, and the rest kept as BANK has them
            board = BOARD_NAMES[args.variant]
            kept = tuple(entry for entry in _bank(args.onto).entries if entry.variant != board)
            sources = [
                source
                for stage in stages
                for source in _variants(stage.variant_seeds, args.variant)
                + (_sided(_killers_of(stage), stage.side) if args.variant == "killer" else [])
            ]
            bank = build_bank(sources, PER, WORK, onto=Bank(kept))
    else:
        if args.cap is not None:
            raise UsageError("--cap cuts the counts of --all; without it, give the counts wanted")
        usual = Stage()
        stage = Stage(
            tuple(args.rated or ()),
            _or_usual(args.limit, usual.limit),
            _or_usual(args.skip, usual.skip),
            _or_usual(args.seeds, usual.seeds),
            _or_usual(args.small_seeds, usual.small_seeds),
            _or_usual(args.variant_seeds, usual.variant_seeds),
            _or_usual(args.small_expert_seeds, usual.small_expert_seeds),
            _or_usual(args.marked_seeds, usual.marked_seeds),
            _or_usual(args.open_seeds, usual.open_seeds),
            _or_usual(args.killer_seeds, usual.killer_seeds),
            _or_usual(args.killer_skip, usual.killer_skip),
            args.killer_level or usual.killer_level,
            _or_usual(args.killer_size, usual.killer_size),
            _or_usual(args.side, usual.side),
            args.shortcut or usual.shortcut,
        )
        onto = _bank(args.onto) if args.onto else None  # refused before the long walk
        sources = _sources_of(stage, Path())
        bank = build_bank(sources, args.per or PER, args.work or WORK, onto=onto)
    text = bank.to_text()
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"{len(bank.entries)} positions from {len(sources)} sources", file=sys.stderr)
    return EXIT_OK


def _or_usual(value: int | None, usual: int) -> int:
    """An option's value, or its usual one when it was left out."""
    return usual if value is None else value


def _sources_of(stage: Stage, puzzles: Path) -> list[Source]:
    """The sources of one run, in the order they are walked: the generator's classic
    puzzles, each --rated file's (named under `puzzles`), the variants', the 6x6 experts',
    the marked ones', the open ones', the Killers'; each with the run's side paths."""
    # The files are read first, so that one that cannot be read is refused before the
    # generator's puzzles are made (seconds of them); the order walked stays the same.
    rated = [
        source
        for name in stage.rated
        for source in _rated(str(puzzles / name), stage.limit, stage.skip)
    ]
    sources = _generated(stage.seeds, stage.small_seeds) + rated
    sources += _variants(stage.variant_seeds)
    sources += [_made("classic", 6, "expert", seed) for seed in range(stage.small_expert_seeds)]
    sources += [_marked(seed) for seed in range(stage.marked_seeds)]
    sources += [
        _made("classic", 9, OPEN_LEVEL, seed, OPEN_SYMMETRY) for seed in range(stage.open_seeds)
    ]
    sources += _killers_of(stage)
    if stage.shortcut:
        sources = [replace(source, shortcut=stage.shortcut) for source in sources]
    return _sided(sources, stage.side)


def _killers_of(stage: Stage) -> list[Source]:
    """The generator's Killer puzzles of the stage's --killer-seeds (`killer_orders`)."""
    return [_made(*order) for order in killer_orders(stage)]


def killer_orders(stage: Stage) -> list[tuple[str, int, str, int]]:
    """(variant, size, level, seed) of each of the stage's Killers alone, in the order walked:
    BANKED_VARIANTS' sizes and levels (the stage's killer_level and killer_size alone, when
    it names them), seeds killer_skip to killer_seeds - 1 (--killer-seeds: a Killer's own
    techniques)."""
    levels = (stage.killer_level,) if stage.killer_level else None
    orders = _variant_orders(stage.killer_seeds, "killer", stage.killer_skip, levels)
    return [order for order in orders if stage.killer_size in (0, order[1])]


def _sided(sources: list[Source], side: int) -> list[Source]:
    """The sources, each to be walked with up to `side` side paths beside its path."""
    return [replace(source, side=side) for source in sources] if side else sources


def _unique(puzzle: Puzzle) -> bool:
    """True when `puzzle` has exactly one solution, shown within UNIQUE_BUDGET's nodes."""
    return solve(puzzle, budget=UNIQUE_BUDGET).status == SOLVED


def _generated(seeds: int, small_seeds: int) -> list[Source]:
    """The generator's puzzles of GENERATED's sizes and levels, from seeds 0 up to `seeds`
    on a 9x9 and `small_seeds` on the smaller sizes."""
    found = []
    for size, levels in GENERATED.items():
        for level in levels:
            if level not in levels_of(size):
                continue
            for seed in range(seeds if size == 9 else small_seeds):
                found.append(_made("classic", size, level, seed))
    return found


def _variants(seeds: int, only: str | None = None) -> list[Source]:
    """The generator's variant puzzles of BANKED_VARIANTS' sizes and levels (of the `only`
    variant, when given), seeds 0 to `seeds`."""
    return [_made(*order) for order in _variant_orders(seeds, only)]


def _variant_orders(
    seeds: int,
    only: str | None = None,
    skip: int = 0,
    levels: tuple[str, ...] | None = None,
) -> list[tuple[str, int, str, int]]:
    """(variant, size, level, seed) of each variant puzzle of BANKED_VARIANTS' sizes and
    levels (of the `only` variant, when given; at `levels` alone, when given), seeds `skip`
    to `seeds` - 1."""
    return [
        (variant, size, level, seed)
        for (variant, size), banked in BANKED_VARIANTS.items()
        if only in (None, variant)
        for level in (banked if levels is None else levels)
        for seed in range(skip, seeds)
    ]


def _made(variant: str, size: int, level: str, seed: int, symmetry: str = "rotational") -> Source:
    """The generator's `variant` puzzle of `size` at `level` from `seed` (its givens following
    `symmetry`), as a source; UsageError when it gives none, as the bank would then differ."""
    made = _generated_puzzle(variant, size, level, seed, symmetry)
    assert made.puzzle is not None  # _generated_puzzle's promise
    start = Position.from_puzzle(made.puzzle, unique=True)
    kind = "" if variant == "classic" else f"{variant}:"
    kind += "" if symmetry == "rotational" else f"symmetry-{symmetry}:"
    return Source(f"generated:{kind}{size}x{size}:{level}:{seed}", start)


def _marked(seed: int) -> Source:
    """The generator's 9x9 hard puzzle from `seed` given every mark of one set of kinds
    (lessons/marked.py: Kropki's dots, then XV's marks, in turn) its answer holds."""
    made = _generated_puzzle("classic", 9, MARKED_LEVEL, seed)
    letters = MARK_SETS[seed % len(MARK_SETS)]
    assert made.puzzle is not None and made.solution is not None  # _generated_puzzle's promise
    puzzle = marked(made.puzzle, made.solution, letters)
    return Source(
        f"generated:marked-{letters}:9x9:{MARKED_LEVEL}:{seed}",
        Position.from_puzzle(puzzle, unique=True),  # the marks keep the puzzle's one answer
    )


@lru_cache(maxsize=1024)  # a run's Killers, walked twice; tens of thousands of others once
def _generated_puzzle(
    variant: str, size: int, level: str, seed: int, symmetry: str = "rotational"
) -> Generated:
    """The generator's `variant` puzzle of `size` at `level` from `seed`, with its puzzle and
    solution; UsageError when it gives none, as the bank would then differ. Made once per
    run (`run` forgets them as it starts) while the last 1,024 are kept: --killer-seeds walks
    again the Killers that --variant-seeds made (a puzzle forgotten is made again, the same)."""
    made = generate(
        size,
        level,
        symmetry,
        seed=seed,
        seconds=GENERATOR_CEILING_SECONDS,
        variant=variant,
    )
    if made.status != GenerationStatus.GENERATED or made.puzzle is None or made.solution is None:
        raise UsageError(
            f"the generator gave no {variant} {size}x{size} {level} puzzle from seed {seed}:"
            f" {made.why}; the bank would differ, so none is written"
        )
    return made


def _rated(name: str, limit: int, skip: int = 0) -> list[Source]:
    """The puzzles of a file's lines (the first field of each) after the first `skip`, up to
    its `limit`th, with one solution."""
    found = []
    for number, line in enumerate(_lines(name)[skip:limit], start=skip + 1):
        try:
            puzzle = Puzzle(parse(line.split()[0]))
        except (IndexError, PuzzleError):
            continue
        if _unique(puzzle):
            found.append(Source(f"{Path(name).name}:{number}", Position.from_puzzle(puzzle, True)))
    return found


def _bank(name: str) -> Bank:
    """The bank in file `name`; UsageError when it cannot be read, is not one, or was built
    by another version of the techniques."""
    try:
        text = Path(name).read_text(encoding="utf-8")
        bank = Bank.from_text(text)
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}") from None
    except BankError as error:
        raise UsageError(f"{name}: {error}") from None
    # another engine may have taken other steps on the earlier sources' paths
    if techniques_version(text) != TECHNIQUES_VERSION:
        raise UsageError(
            f"{name} was built by another version of the techniques"
            f" ({techniques_version(text)}, now {TECHNIQUES_VERSION}): build the whole bank"
        )
    return bank


def _lines(name: str) -> list[str]:
    """The file's lines without blanks and # comments; UsageError when it cannot be read."""
    try:
        text = Path(name).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}") from None
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
