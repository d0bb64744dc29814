"""The `sudoku` command end to end: solve (plain, --json, --count, --all, --grid), errors, the
script.

`sudoku bench` has its own file, test_bench.py.
"""

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from webapp.cli import main
from webapp.sudoku.parse import parse
from webapp.sudoku.puzzle import Puzzle, is_solution

from puzzles import CLASHING, EASY_SS, data_lines

ROOT = Path(__file__).parent.parent


# Answers checked by two independent solvers (see the data's source README).
SEEDS = [fields[:3] + [" ".join(fields[3:])] for fields in data_lines("seed_examples.txt")]
UNDER_CONSTRAINED = next(puzzle for puzzle, count, *_ in SEEDS if count == "5")
EASY, _, EASY_SOLUTION, _ = SEEDS[0]
SIX_BY_SIX, _, SIX_BY_SIX_SOLUTION, _ = SEEDS[-1]
TDOKU = [fields[0].split(":") for fields in data_lines("tdoku_test_puzzles.txt")]
NO_SOLUTION_PUZZLE = next(fields[0] for fields in TDOKU if fields[1] == "0")
TDOKU_847 = next(fields[0] for fields in TDOKU if fields[1] == "847")

JSON_KEYS = {
    "puzzle",
    "alphabet",
    "status",
    "solution",
    "solutions",
    "nodes",
    "engine",
    "sat_conflicts",
    "ms",
}


def run(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    """Run `sudoku argv...` in this process: exit status, stdout, stderr."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "puzzles.txt") -> str:
    """A file under tmp_path holding `text`; its path as a string."""
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("puzzle", "expected"),
    [
        pytest.param(p, s if c == "1" else f"multiple: exactly {c} solutions", id=n)
        for p, c, s, n in SEEDS
    ]
    + [
        pytest.param(SIX_BY_SIX.replace(".", "0"), SIX_BY_SIX_SOLUTION, id="6x6 with zeros"),
        pytest.param(
            "23.54. .6.... 1..... .....3 ....1. .12.35", SIX_BY_SIX_SOLUTION, id="6x6 rows"
        ),
        pytest.param(NO_SOLUTION_PUZZLE, "no_solution", id="no solution"),
        pytest.param(CLASHING, "no_solution", id="clashing givens"),
        pytest.param(EASY[:-1], "invalid", id="80 cells"),
        pytest.param(EASY.replace(".", "x"), "invalid", id="x for blanks"),
    ],
)
def test_solve_prints_the_solution_or_the_status(capsys, tmp_path, puzzle, expected):
    code, out, err = run(capsys, "solve", write(tmp_path, puzzle + "\n"))
    assert (code, out, err) == (0, expected + "\n", "")


def test_solve_prints_one_line_per_puzzle_and_skips_blanks_and_comments(capsys, tmp_path):
    text = f"# a comment\n\n  {EASY}  \n   \n# another\n{CLASHING}\nnonsense\n{UNDER_CONSTRAINED}\n"
    code, out, _ = run(capsys, "solve", write(tmp_path, text))
    assert code == 0
    assert out.splitlines() == [
        EASY_SOLUTION,
        "no_solution",
        "invalid",
        "multiple: exactly 5 solutions",
    ]


def test_solve_reads_stdin_by_default_and_for_a_dash(capsys, monkeypatch):
    assert (
        run(capsys, "solve", stdin=EASY + "\n", monkeypatch=monkeypatch)[1] == EASY_SOLUTION + "\n"
    )
    assert run(capsys, "solve", "-", stdin=EASY, monkeypatch=monkeypatch)[1] == EASY_SOLUTION + "\n"


def test_json_matches_the_known_answers(capsys, tmp_path):
    """Every tdoku test puzzle, whose exact solution count is known, in one run."""
    text = "".join(puzzle + "\n" for puzzle, *_ in TDOKU)
    code, out, _ = run(capsys, "solve", "--json", write(tmp_path, text))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(TDOKU)
    for line, (puzzle, count, *solution) in zip(lines, TDOKU, strict=True):
        record = json.loads(line)
        assert set(record) == JSON_KEYS | ({"solution_count"} if int(count) > 1 else set())
        assert record["puzzle"] == puzzle
        assert isinstance(record["nodes"], int)
        assert (record["engine"], record["sat_conflicts"]) == ("search", 0)
        assert record["ms"] >= 0
        if count == "0":
            assert (record["status"], record["solution"], record["solutions"]) == (
                "no_solution",
                None,
                [],
            )
        elif count == "1":
            assert record["status"] == "solved"
            assert record["solution"] == solution[0]
            assert record["solutions"] == solution
        else:
            assert (record["status"], record["solution"]) == ("multiple", None)
            assert record["solution_count"] == {"count": int(count), "exact": True, "stopped": None}
            assert len(set(record["solutions"])) == 2
            assert all(is_solution(parse(s), Puzzle(parse(puzzle))) for s in record["solutions"])


def test_json_reports_an_invalid_line_and_goes_on(capsys, tmp_path):
    bad = EASY[:30] + "x" + EASY[31:]
    code, out, _ = run(capsys, "solve", "--json", write(tmp_path, f"{EASY}\n{bad}\n{EASY}\n"))
    first, invalid, last = (json.loads(line) for line in out.splitlines())
    assert code == 0
    assert first["status"] == last["status"] == "solved"
    assert invalid == {
        "puzzle": bad,
        "alphabet": None,
        "status": "invalid",
        "solution": None,
        "solutions": [],
        "nodes": 0,
        "engine": None,
        "sat_conflicts": 0,
        "ms": 0.0,
        "error": "line 1, column 31: 'x' is not a symbol of a 9x9 grid"
        " (symbols are 1-9; . or 0 is a blank)",
    }


def test_a_hexadoku_is_answered_in_0_to_f(capsys, tmp_path):
    puzzle, _, solution = data_lines("engine_16x16_answers.txt")[0]
    to_hex = str.maketrans("123456789ABCDEFG", "0123456789ABCDEF")
    path = write(tmp_path, puzzle.translate(to_hex) + "\n" + puzzle + "\n")
    code, out, _ = run(capsys, "solve", path)
    assert (code, out.split()) == (0, [solution.translate(to_hex), solution])
    code, out, _ = run(capsys, "solve", "--json", "--alphabet", "hex", path)
    hexadoku, standard = (json.loads(line) for line in out.splitlines())
    assert (hexadoku["alphabet"], hexadoku["solution"]) == ("hex", solution.translate(to_hex))
    assert standard["status"] == "invalid" and "'G' is not a symbol" in standard["error"]


def test_json_says_when_the_sat_solver_decided(capsys, tmp_path):
    puzzle, _, solution = data_lines("sat_25x25_answers.txt")[0]
    code, out, _ = run(capsys, "solve", "--json", "--budget-ms", "5000", write(tmp_path, puzzle))
    record = json.loads(out)
    assert (code, record["status"], record["solution"]) == (0, "solved", solution)
    assert record["engine"] == "sat"
    assert record["sat_conflicts"] > 0


def test_json_names_the_clashing_givens(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "--json", write(tmp_path, CLASHING))
    record = json.loads(out)
    assert (code, record["status"]) == (0, "no_solution")
    assert record["conflicts"] == [
        "Row 1 has two 5s (columns 1 and 2)",
        "Box 1 has two 5s (r1c1 and r1c2)",
    ]


def test_count_lists_every_solution_of_the_under_constrained_board(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "--count", "10", write(tmp_path, UNDER_CONSTRAINED))
    solutions = out.splitlines()
    assert code == 0
    assert len(solutions) == 5
    assert len(set(solutions)) == 5
    puzzle = parse(UNDER_CONSTRAINED)
    assert all(is_solution(parse(solution), Puzzle(puzzle)) for solution in solutions)


def test_count_in_json_lists_the_same_solutions(capsys, tmp_path):
    path = write(tmp_path, UNDER_CONSTRAINED)
    plain = run(capsys, "solve", "--count", "10", path)[1].splitlines()
    record = json.loads(run(capsys, "solve", "--count", "10", "--json", path)[1])
    assert (record["status"], record["solutions"]) == ("multiple", plain)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_count_stops_at_k(capsys, tmp_path, count):
    out = run(capsys, "solve", "--count", str(count), write(tmp_path, UNDER_CONSTRAINED))[1]
    assert len(out.splitlines()) == count


def test_count_separates_puzzles_and_names_what_is_not_a_count(capsys, tmp_path):
    text = f"{EASY}\n{CLASHING}\n{UNDER_CONSTRAINED}\nnonsense\n"
    out = run(capsys, "solve", "--count", "2", write(tmp_path, text))[1]
    blocks = [block.splitlines() for block in out.split("\n\n")]
    assert [len(block) for block in blocks] == [1, 1, 2, 1]
    assert blocks[0] == [EASY_SOLUTION]
    assert blocks[1] == ["no_solution"]
    assert blocks[3] == ["invalid"]


@pytest.mark.parametrize(
    ("puzzle", "budget", "line"),
    [
        pytest.param(
            "." * 81, [], "multiple: at least 1,000 solutions (counting stops there)", id="empty"
        ),
        pytest.param(
            TDOKU_847,
            ["--budget-nodes", "300"],
            "multiple: at least {} solutions (counting them ran out of its work budget)",
            id="847 in 300 nodes",
        ),
        pytest.param(TDOKU_847, [], "multiple: exactly 847 solutions", id="847"),
    ],
)
def test_a_count_that_stops_says_at_least(capsys, tmp_path, puzzle, budget, line):
    code, out, _ = run(capsys, "solve", *budget, write(tmp_path, puzzle))
    record = json.loads(run(capsys, "solve", "--json", *budget, write(tmp_path, puzzle))[1])
    assert (code, out) == (0, line.format(record["solution_count"]["count"]) + "\n")
    assert record["solution_count"]["exact"] == ("exactly" in line)


@pytest.mark.parametrize(
    ("puzzle", "count", "last"),
    [
        pytest.param(UNDER_CONSTRAINED, 5, "multiple: exactly 5 solutions", id="5"),
        pytest.param(TDOKU_847, 847, "multiple: exactly 847 solutions", id="847"),
        pytest.param(
            "." * 81, 1000, "multiple: at least 1,000 solutions (counting stops there)", id="empty"
        ),
    ],
)
def test_all_lists_every_solution_up_to_the_cap_then_how_many(
    capsys, tmp_path, puzzle, count, last
):
    code, out, _ = run(capsys, "solve", "--all", write(tmp_path, puzzle))
    *solutions, said = out.splitlines()
    assert (code, said, len(solutions), len(set(solutions))) == (0, last, count, count)
    grid = parse(puzzle)
    assert all(is_solution(parse(solution), Puzzle(grid)) for solution in solutions)
    record = json.loads(run(capsys, "solve", "--all", "--json", write(tmp_path, puzzle))[1])
    assert record["solutions"] == solutions


def test_all_on_one_solution_or_none_prints_what_count_does(capsys, tmp_path):
    text = f"{EASY}\n{CLASHING}\n"
    out = run(capsys, "solve", "--all", write(tmp_path, text))[1]
    assert out.split("\n\n") == [EASY_SOLUTION, "no_solution\n"]


def test_a_tiny_node_budget_gives_up(capsys, tmp_path):
    path = write(tmp_path, NO_SOLUTION_PUZZLE)
    code, out, _ = run(capsys, "solve", "--budget-nodes", "1", "--budget-ms", "60000", path)
    assert (code, out) == (0, "gave_up\n")


def test_grid_reads_the_whole_input_as_one_grid(capsys, tmp_path):
    assert "".join(c for c in EASY_SS if c not in "|-+\n") == EASY
    code, out, _ = run(capsys, "solve", "--grid", write(tmp_path, EASY_SS + "\n"))
    assert (code, out) == (0, EASY_SOLUTION + "\n")


def test_grid_reports_where_in_the_text_the_error_is(capsys, tmp_path):
    lines = EASY_SS.splitlines()
    lines[5] = "x" + lines[5][1:]
    code, out, _ = run(capsys, "solve", "--grid", "--json", write(tmp_path, "\n".join(lines)))
    record = json.loads(out)
    assert (code, record["status"]) == (0, "invalid")
    assert record["error"].startswith("line 6, column 1: 'x' is not a symbol of a 9x9 grid")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param([], "required: COMMAND", id="no command"),
        pytest.param(["frobnicate"], "invalid choice", id="unknown command"),
        pytest.param(["solve", "missing.txt"], "cannot read missing.txt", id="missing file"),
        pytest.param(["solve", "."], "cannot read .", id="a directory"),
        pytest.param(["solve", "--count", "0"], "not a whole number above zero", id="count 0"),
        pytest.param(["solve", "--all", "--count", "3"], "not allowed with", id="all and count"),
        pytest.param(["solve", "--budget-ms", "soon"], "not a number above zero", id="bad ms"),
        pytest.param(["bench"], "required: FILE", id="bench without files"),
        pytest.param(["bench", "missing.txt"], "cannot read missing.txt", id="bench missing"),
        pytest.param(["bench", "x", "--limit", "-3"], "not a whole number above zero", id="limit"),
    ],
)
def test_usage_errors_exit_2_with_a_message(capsys, monkeypatch, tmp_path, argv, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert message in err
    assert "Traceback" not in err


def test_an_undecodable_file_exits_2(capsys, tmp_path):
    path = tmp_path / "binary.dat"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2
    assert "cannot read" in err


def python_dash_m_webapp(cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """Run `python -m webapp ARGS` from this checkout in a separate process."""
    return subprocess.run(
        [sys.executable, "-m", "webapp", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=False,
    )


def test_python_dash_m_webapp_runs_the_same_command(tmp_path):
    done = python_dash_m_webapp(tmp_path, "solve", "--json", stdin=f"{EASY}\n{UNDER_CONSTRAINED}\n")
    assert (done.returncode, done.stderr) == (0, "")
    statuses = [json.loads(line)["status"] for line in done.stdout.splitlines()]
    assert statuses == ["solved", "multiple"]


def test_python_dash_m_webapp_reports_usage_errors_without_a_traceback(tmp_path):
    done = python_dash_m_webapp(tmp_path, "solve", "missing.txt")
    assert done.returncode == 2
    assert "cannot read missing.txt" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_installed_sudoku_script_runs(tmp_path):
    """The console script pip installs beside this Python: solve and bench a small file."""
    script = shutil.which("sudoku", path=str(Path(sys.executable).parent))
    if script is None:
        missing = f"no sudoku script beside {sys.executable}: pip install -e . first"
        if os.environ.get("CI") == "true":
            pytest.fail(missing)
        pytest.skip(missing)
    path = write(tmp_path, f"{EASY}\n{CLASHING}\n")
    # No PYTHONPATH: the script must find the package through the install alone.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    solved, benched = (
        subprocess.run(
            [script, *argv, path],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            timeout=120,
            check=False,
        )
        for argv in (["solve"], ["bench", "--limit", "1"])
    )
    assert (solved.returncode, solved.stdout, solved.stderr) == (
        0,
        f"{EASY_SOLUTION}\nno_solution\n",
        "",
    )
    assert (benched.returncode, benched.stderr) == (0, "")
    assert "\n| puzzles.txt | engine | 1 | 1 | 0 | " in benched.stdout
