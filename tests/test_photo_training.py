"""The digit network's training (webapp/photo/training/): the same fonts and seed give the
same cells and the same weights, and what it writes loads back without pickle. Run tiny
here; `python -m webapp.photo.training` makes the committed weights the same way."""

from __future__ import annotations

import os

import numpy as np
import pytest

from webapp.photo.digits import BLANK, CLASSES, TURNED, load
from webapp.photo.training.fonts import FONT_FOLDERS, font_files
from webapp.photo.training.train import accuracy, cell_samples, train


@pytest.fixture(scope="module")
def fonts():
    """The fonts of the Debian packages .ci/run installs; in CI their absence is a failure."""
    found = font_files()
    if not found:
        message = f"no fonts in {', '.join(FONT_FOLDERS)}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def test_the_same_seed_renders_the_same_cells_and_trains_the_same_weights(fonts, tmp_path):
    images, labels = cell_samples(fonts, 16, seed=7)
    again_images, again_labels = cell_samples(fonts, 16, seed=7)
    assert np.array_equal(images, again_images) and np.array_equal(labels, again_labels)
    other_images, _ = cell_samples(fonts, 16, seed=8)
    assert not np.array_equal(images[:50], other_images[:50])
    assert images.shape[1:] == (28, 28)
    assert set(labels) <= set(range(CLASSES)) and set(range(1, 10)) <= set(labels)
    network = train(images, labels, hidden=16, epochs=2, seed=7)
    again = train(images, labels, hidden=16, epochs=2, seed=7)
    network.save(tmp_path / "digits.npz")
    loaded = load(tmp_path / "digits.npz")
    for name in ("mean", "hidden_weights", "hidden_bias", "out_weights", "out_bias"):
        assert np.array_equal(getattr(network, name), getattr(again, name))
        assert np.array_equal(getattr(network, name), getattr(loaded, name))
    # Even two epochs on a few hundred cells learn something: far better than a guess.
    assert accuracy(network, images, labels) > 0.5


def test_turned_grids_teach_the_turned_class_and_specks_the_blank_one(fonts):
    _, labels = cell_samples(fonts, 40, seed=3)
    assert TURNED in labels and BLANK in labels
