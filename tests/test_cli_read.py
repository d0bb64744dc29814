"""`sudoku read`: a photo's grid printed, as text or as the API's JSON, a picture with no grid
refused with its reason, and --bench's figures over a folder laid out as the photo set."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from webapp.cli import main
from webapp.cli.read import EXIT_NO_GRID

from photo_files import photo

NAME = "image1019.jpg"

# Count the process's threads after numpy's first matrix product, in a fresh interpreter
# that imports the command as `sudoku` does: OpenBLAS starts its threads as numpy loads.
THREADS_AFTER_IMPORT = """
import os
import webapp.cli
import numpy
square = numpy.ones((300, 300))
square @ square
print(len(os.listdir("/proc/self/task")))
"""


def test_a_photo_is_printed_as_nine_rows_and_how_it_stands(sudoku):
    shot = photo(NAME)
    code, out = sudoku("read", str(shot.path))
    assert code == 0
    lines = out.splitlines()
    rows = [
        "".join(str(v) if v else "." for v in shot.printed[r * 9 : r * 9 + 9]) for r in range(9)
    ]
    assert lines[:9] == rows
    assert lines[-1] == "The grid as read has one solution."


def test_json_is_the_record_the_api_answers(sudoku, client):
    shot = photo(NAME)
    code, out = sudoku("read", "--json", str(shot.path))
    assert code == 0
    record = json.loads(out)
    assert record["grid"] == "".join(map(str, shot.printed))
    api = client.post("/api/read-photo", data=shot.path.read_bytes(), content_type="image/jpeg")
    assert [k for k in api.json if k != "status"] == list(record)
    assert {k: v for k, v in api.json.items() if k not in ("status", "ms")} == {
        k: v for k, v in record.items() if k != "ms"
    }


def test_a_file_that_is_no_picture_is_refused_with_its_reason(tmp_path, capsys):
    text = tmp_path / "puzzle.txt"
    text.write_text("53..7....6..195...\n")
    code = main(["read", str(text)])
    out, err = capsys.readouterr()
    assert (code, out) == (EXIT_NO_GRID, "")
    assert (
        err == f"sudoku read: {text}: The file is not a picture that can be read "
        "(JPEG, PNG, WebP or HEIC).\n"
    )


def photo_folder(tmp_path, names: dict[str, str]):
    """A folder laid out as the photo set, of the photos named for each split (linked)."""
    (tmp_path / "images").mkdir()
    for split, name in names.items():
        shot = photo(name)
        for suffix in (".jpg", ".dat"):
            (tmp_path / "images" / name).with_suffix(suffix).symlink_to(
                shot.path.with_suffix(suffix)
            )
        (tmp_path / f"v2_{split}.txt").write_text(f"images/{name}\n")
    return tmp_path


def test_bench_prints_the_figures_of_each_set(sudoku, tmp_path):
    folder = photo_folder(tmp_path, {"test": NAME, "train": "image1088.jpg"})
    code, out = sudoku("read", "--bench", str(folder))
    assert code == 0
    header, rule, test, test_turned, train, train_turned = out.splitlines()
    assert header.startswith("| photos | boards exact | cells right |")
    assert test.startswith("| test (1) | 1/1 | 100.00% |")
    assert test_turned.startswith("| test turned (1) | 1/1 | 100.00% |")
    assert train.startswith("| train (1) |")
    assert train_turned.startswith("| train turned (1) |")


def test_bench_says_the_share_right_of_the_cells_read_surely(sudoku, tmp_path):
    folder = photo_folder(tmp_path, {"test": NAME, "train": "image1088.jpg"})
    _, out = sudoku("read", "--bench", str(folder))
    header, _, test, *_ = out.splitlines()
    named = dict(zip(header.split("|"), test.split("|"), strict=True))
    assert named[" sure (> 0.9) right "] == " 100.000% "


def test_the_command_keeps_the_matrix_library_to_one_thread_with_no_variable_set():
    unset = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    done = subprocess.run(
        [sys.executable, "-c", THREADS_AFTER_IMPORT],
        env=unset,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip() == "1"
