"""The bench: reading puzzle files, the figures, the table and its notes, and `sudoku bench`."""

import json
import re
from pathlib import Path

import pytest

from webapp.cli import main
from webapp.cli import timing as bench
from webapp.cli.timing import SolverFigures as Figures
from webapp.sudoku import (
    GAVE_UP,
    MULTIPLE,
    NO_SOLUTION,
    SOLVED,
    Budget,
    SolveResult,
    parse,
    read_code,
    solve,
)
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.result import SAT

from fresh_process import run_fresh
from puzzles import CLASHING, DATA, FOUR, SEED_EASY, SEED_EASY_SOLUTION, SIX, data_lines

SEEDS = DATA / "seed_examples.txt"
TDOKU = DATA / "tdoku_test_puzzles.txt"

# The "easy" seed puzzle and its solution; 6x6 and 4x4 puzzles; two 5s clashing in row 1.
EASY = SEED_EASY
EASY_SOLUTION = SEED_EASY_SOLUTION
EMPTY = "." * 81
BAD_SYMBOL = "line 1, column 1: 'x' is not a symbol of a 9x9 grid"

COLUMNS = "file|solver|puzzles|decided|gave up|puzzles/s|mean ms|median ms|p99 ms|max ms|mean nodes"


def puzzle_count(path: Path) -> int:
    """How many puzzle lines a data file holds."""
    return len(data_lines(path.name))


# reading


@pytest.mark.parametrize(
    ("lines", "limit", "puzzles", "skipped"),
    [
        pytest.param([EASY], None, [EASY], [], id="a bare puzzle"),
        pytest.param([f"  {EASY}  \n"], None, [EASY], [], id="spaces and newline"),
        pytest.param([f"{EASY} 1 {EASY_SOLUTION} a note"], None, [EASY], [], id="answer file"),
        pytest.param([f"{EASY}:1:{EASY_SOLUTION}"], None, [EASY], [], id="tdoku answer file"),
        pytest.param([f"{SIX}:1:x", FOUR], None, [SIX, FOUR], [], id="sizes mixed"),
        pytest.param(["", "   ", "# note", "  # indented", EASY], None, [EASY], [], id="comments"),
        pytest.param(
            ["x" + EASY[1:], CLASHING], None, [CLASHING], [(1, BAD_SYMBOL)], id="a bad symbol"
        ),
        pytest.param(
            ["", EASY[:-1], EASY], None, [EASY], [(2, "expected 81 cells, found 80")], id="short"
        ),
        pytest.param([EASY, SIX, FOUR], 2, [EASY, SIX], [], id="limit"),
        pytest.param(
            ["# c", "junk", EASY, "junk", SIX],
            1,
            [EASY],
            [(2, "line 1, column 2: 'u' is not")],
            id="skipped lines do not count to the limit",
        ),
        pytest.param([], None, [], [], id="empty"),
        pytest.param([f"{EASY}-x"], None, [f"{EASY}-x"], [], id="a variant's share code"),
    ],
)
def test_read_puzzles(lines, limit, puzzles, skipped):
    """`skipped` holds (line number, start of the message) pairs."""
    read, found = bench.read_puzzles(lines, limit)
    assert read == [read_code(puzzle) for puzzle in puzzles]
    assert [line for line, _ in found] == [line for line, _ in skipped]
    for (_, message), (_, start) in zip(found, skipped, strict=True):
        assert message.startswith(start)


# figures


def canned(statuses_and_nodes: list[tuple[str, int]]):
    """A solver that answers each call with the next (status, nodes) of a list."""
    answers = iter(statuses_and_nodes)

    def solver(grid):
        status, nodes = next(answers)
        return SolveResult(status, Puzzle(grid), nodes=nodes)

    return solver


@pytest.mark.parametrize(
    ("answers", "decided", "gave_up", "mean_nodes"),
    [
        pytest.param([(SOLVED, 4)], 1, 0, 4.0, id="one solved"),
        pytest.param(
            [(SOLVED, 1), (MULTIPLE, 2), (NO_SOLUTION, 3), (GAVE_UP, 10)], 3, 1, 4.0, id="each"
        ),
        pytest.param([(GAVE_UP, 7), (GAVE_UP, 8)], 0, 2, 7.5, id="all gave up"),
    ],
)
def test_measure_counts_statuses_and_nodes(answers, decided, gave_up, mean_nodes):
    grid = parse(EASY)
    figures = bench.measure(canned(answers), [grid] * len(answers))
    assert (figures.puzzles, figures.decided, figures.gave_up) == (len(answers), decided, gave_up)
    assert figures.mean_nodes == mean_nodes
    assert 0 <= figures.median_ms <= figures.p99_ms <= figures.max_ms
    assert figures.mean_ms <= figures.max_ms
    assert figures.per_second > 0


def test_measure_counts_what_went_to_the_sat_solver_and_what_it_decided():
    grid = parse(EASY)
    results = iter(
        [
            SolveResult(SOLVED, Puzzle(grid), engine=SAT),
            SolveResult(GAVE_UP, Puzzle(grid), engine=SAT),
            SolveResult(SOLVED, Puzzle(grid)),
            SolveResult(GAVE_UP, Puzzle(grid)),
        ]
    )
    figures = bench.measure(lambda _: next(results), [grid] * 4)
    assert (figures.decided, figures.handed_over, figures.sat_decided) == (2, 2, 1)


@pytest.mark.parametrize(
    ("handed_over", "sat_decided", "note"),
    [
        (0, 0, None),
        (
            18,
            13,
            "f.txt: the search handed 18 of 18 to the SAT solver (CaDiCaL), which decided 13.",
        ),
    ],
)
def test_sat_note_only_when_the_sat_solver_had_puzzles(handed_over, sat_decided, note):
    figures = Figures(18, 13, 5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, handed_over, sat_decided)
    assert bench.sat_note("f.txt", figures) == note


def test_bench_notes_the_sat_solver_on_a_big_puzzle_beyond_the_search(capsys, tmp_path):
    puzzle = data_lines("sat_25x25_answers.txt")[0][0]
    out = run(capsys, "bench", "--budget-seconds", "5", write(tmp_path, puzzle))[1]
    (row,) = table_rows(out)[2:]
    assert row[3] == "1"  # decided
    assert notes(out)[-1] == (
        "puzzles.txt: the search handed 1 of 1 to the SAT solver (CaDiCaL), which decided 1."
    )


def test_measure_of_no_puzzles_is_all_zeros():
    assert bench.measure(solve, []) == Figures(0, 0, 0, float("inf"), 0.0, 0.0, 0.0, 0.0, 0.0)


def test_measure_counts_what_the_real_solver_gives_up_on():
    grids = [parse(EASY), parse(CLASHING), parse(SIX)]
    figures = bench.measure(lambda grid: solve(Puzzle(grid), budget=Budget(nodes=1)), grids)
    statuses = [solve(Puzzle(grid), budget=Budget(nodes=1)).status for grid in grids]
    assert figures.gave_up == statuses.count(GAVE_UP) > 0
    assert figures.decided == 3 - figures.gave_up


def test_build_tables_builds_each_size_once_so_no_timed_solve_builds_any():
    built = run_fresh(f"""
        import json
        from webapp.cli import timing
        from webapp.sudoku import Puzzle, parse, solve
        from webapp.sudoku.bitboard import bitboard_for
        grids = [parse({FOUR!r}), parse({SIX!r}), parse({FOUR!r})]
        ms = timing.build_tables(grids)
        before_solving = bitboard_for.cache_info().misses
        for grid in grids:
            solve(Puzzle(grid))
        print(json.dumps([ms, before_solving, bitboard_for.cache_info().misses]))
    """)
    ms, before_solving, after_solving = built
    assert ms > 0  # it did build, and said how long that took
    assert before_solving == after_solving == 2


# the table


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.0, "0.00"),
        (0.004, "0.00"),
        (1.234, "1.23"),
        (9.99, "9.99"),
        (12.34, "12.3"),
        (99.9, "99.9"),
        (100.4, "100"),
        (1234.6, "1,235"),
        (2_500_000.0, "2,500,000"),
        (float("inf"), "inf"),
    ],
)
def test_figure(value, text):
    assert bench.figure(value) == text


def test_table_header_and_row():
    figures = Figures(10, 9, 1, 1234.6, 0.81, 0.5, 7.25, 12.34, 101.0)
    assert bench.table_header() == [
        f"| {COLUMNS.replace('|', ' | ')} |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    assert bench.table_row("f.txt", "engine", figures) == (
        "| f.txt | engine | 10 | 9 | 1 | 1,235 | 0.81 | 0.50 | 7.25 | 12.3 | 101 |"
    )


def figures_with(mean_ms: float, gave_up: int = 0) -> Figures:
    """Figures of 10 puzzles with this mean time and this many given up."""
    return Figures(10, 10 - gave_up, gave_up, 1.0, mean_ms, mean_ms, mean_ms, mean_ms, 1.0)


@pytest.mark.parametrize(
    ("engine", "plain", "note"),
    [
        (figures_with(2.0), figures_with(50.0), "f: baseline takes 25.0x the engine's mean time."),
        (
            figures_with(0.5),
            figures_with(2000.0, gave_up=3),
            "f: baseline takes 4,000.0x the engine's mean time (at least: it gave up on 3 after 2 s"
            " each).",
        ),
        (
            figures_with(0.0),
            figures_with(1.0),
            "f: baseline takes no measurable engine time to compare with.",
        ),
    ],
)
def test_ratio_note(engine, plain, note):
    assert bench.ratio_note("f", engine, plain, 2.0) == note


@pytest.mark.parametrize(
    ("puzzles", "sizes"), [([EASY], "9x9"), ([EASY, SIX, EASY, FOUR], "9x9 and 6x6 and 4x4")]
)
def test_tables_note_names_each_size_once(puzzles, sizes):
    note = bench.tables_note("f.txt", [parse(p) for p in puzzles], 70.26)
    assert note == (
        f"f.txt: the engine's {sizes} tables took 70.3 ms to build, before timing"
        " (once per size and run)."
    )


# sudoku bench


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run `sudoku argv...` in this process: exit status, stdout, stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str) -> str:
    """A puzzle file under tmp_path holding `text`; its path as a string."""
    path = tmp_path / "puzzles.txt"
    path.write_text(text)
    return str(path)


def table_rows(out: str) -> list[list[str]]:
    """The cells of each Markdown table row in `out`, header and rule included."""
    return [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in out.splitlines()
        if line.startswith("|")
    ]


def notes(out: str) -> list[str]:
    """The lines under the table, after the blank line that ends it."""
    return out.split("\n\n", 1)[1].splitlines()


def test_bench_prints_a_markdown_table_and_a_note_per_file(capsys):
    code, out, err = run(capsys, "bench", str(SEEDS), str(TDOKU))
    header, rule, *rows = table_rows(out)
    assert (code, err) == (0, "")
    assert header == COLUMNS.split("|")
    assert all(set(cell) <= set("-:") and cell for cell in rule)
    assert [row[:3] for row in rows] == [
        ["seed_examples.txt", "engine", str(puzzle_count(SEEDS))],
        ["tdoku_test_puzzles.txt", "engine", str(puzzle_count(TDOKU))],
    ]
    for row in rows:
        assert len(row) == len(header)
        puzzles, decided, gave_up = (int(cell) for cell in row[2:5])
        assert decided + gave_up == puzzles
        mean, median, p99, largest = (float(cell.replace(",", "")) for cell in row[6:10])
        assert 0 <= median <= p99 <= largest
        assert mean <= largest
    first, second = notes(out)
    assert re.fullmatch(
        r"seed_examples.txt: the engine's 9x9 and 6x6 tables took [\d.,]+ ms to build, .*",
        first,
    )
    assert second.startswith("tdoku_test_puzzles.txt: the engine's 9x9 tables took ")


def test_bench_counts_what_solve_gives_up_on(capsys, tmp_path):
    """With a budget too small for most puzzles, bench and solve agree on who gave up."""
    puzzles_only = "".join(fields[0].split(":")[0] + "\n" for fields in data_lines(TDOKU.name))
    path = write(tmp_path, puzzles_only)
    out = run(capsys, "bench", path, "--budget-nodes", "1")[1]
    (row,) = table_rows(out)[2:]
    puzzles, decided, gave_up = (int(cell) for cell in row[2:5])
    solved = run(capsys, "solve", "--json", "--budget-nodes", "1", path)[1]
    statuses = [json.loads(line)["status"] for line in solved.splitlines()]
    assert gave_up == statuses.count("gave_up") > 0
    assert decided == puzzles - gave_up
    assert puzzles == puzzle_count(TDOKU)


@pytest.mark.parametrize(
    ("options", "gave_up"),
    [
        # A nanosecond is over before the first node; a minute is plenty to find two
        # solutions of the empty grid, but one node is not.
        pytest.param(["--budget-seconds", "1e-9"], "3", id="seconds: a nanosecond"),
        pytest.param(["--budget-ms", "1e-6"], "3", id="ms: a nanosecond"),
        pytest.param(["--budget-seconds", "60"], "0", id="seconds: a minute"),
        pytest.param(
            ["--budget-seconds", "60", "--budget-nodes", "1"], "3", id="nodes still count"
        ),
    ],
)
def test_bench_time_budget_reaches_the_solver(capsys, tmp_path, options, gave_up):
    path = write(tmp_path, f"{EMPTY}\n" * 3)
    code, out, _ = run(capsys, "bench", path, *options)
    (row,) = table_rows(out)[2:]
    assert (code, row[4]) == (0, gave_up)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "f", "--budget-seconds", "0"], "'0' is not a number above zero"),
        (["bench", "f", "--budget-seconds", "inf"], "'inf' is not a number above zero"),
        (["bench", "f", "--budget-ms", "5", "--budget-seconds", "5"], "not allowed with"),
        (["solve", "--budget-seconds", "5"], "unrecognized arguments"),
    ],
)
def test_budget_seconds_usage_errors(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert message in err


def test_bench_help_gives_the_engine_default_budget(capsys):
    code, out, _ = run(capsys, "bench", "--help")
    text = " ".join(out.split())
    budget = Budget()
    seconds = budget.ceiling_seconds
    assert code == 0
    assert f"--budget-seconds S time ceiling per puzzle in seconds (default {seconds:g})" in text
    milliseconds = seconds * 1000
    assert f"in milliseconds: a solve it stops says so (default {milliseconds:g})" in text
    assert f"--budget-nodes N search nodes per puzzle (default {budget.nodes:,})" in text
    conflicts = budget.sat_conflicts
    assert f"SAT solver conflicts per 16x16 or 25x25 puzzle (default {conflicts:,})" in text


def test_bench_limit_and_baseline(capsys):
    argv = ["bench", str(SEEDS), "--limit", "3", "--baseline", "--baseline-seconds", "30"]
    code, out, _ = run(capsys, *argv)
    _, _, engine, plain = table_rows(out)
    assert code == 0
    assert engine[:5] == ["seed_examples.txt", "engine", "3", "3", "0"]
    assert plain[:5] == ["seed_examples.txt", "baseline (30 s)", "3", "3", "0"]
    tables, ratio = notes(out)
    assert tables.startswith("seed_examples.txt: the engine's 9x9 tables took ")
    assert ratio.startswith("seed_examples.txt: baseline takes ")
    assert ratio.endswith("x the engine's mean time.")


def test_bench_skips_unreadable_lines_with_a_warning(capsys, tmp_path):
    path = write(tmp_path, f"{EASY} 1 {EASY_SOLUTION}\nnot a puzzle\n\n{CLASHING}\n")
    code, out, err = run(capsys, "bench", path)
    (row,) = table_rows(out)[2:]
    assert code == 0
    assert row[2:5] == ["2", "2", "0"]
    assert (
        err == f"sudoku bench: {path}:2: line 1, column 3: 't' is not a Sudoku symbol"
        " (symbols are 1-9 and A-P; . or 0 is a blank); skipped\n"
    )


def test_bench_of_a_file_without_puzzles_prints_an_empty_row_and_no_note(capsys, tmp_path):
    code, out, _ = run(capsys, "bench", write(tmp_path, "# nothing here\n"))
    (row,) = table_rows(out)[2:]
    assert code == 0
    assert row[2:6] == ["0", "0", "0", "inf"]
    assert "\n\n" not in out
