"""The digit recogniser: a small network read from committed weights, no pickle.

It reads a cell's normalised image (cells.py) and says how likely each class is: the
nine digits, BLANK (a speck or a line's remnant, no digit) and TURNED (a digit lying on
its side or upside down: the photo was taken turned). The weights come from
`python -m webapp.photo.training`, trained on digits it renders itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

BLANK = 0
TURNED = 10
CLASSES = 11
WEIGHTS = Path(__file__).with_name("digits.npz")


@dataclass(frozen=True)
class Network:
    """One hidden layer of rectified units, then a softmax over the classes."""

    mean: np.ndarray
    hidden_weights: np.ndarray
    hidden_bias: np.ndarray
    out_weights: np.ndarray
    out_bias: np.ndarray

    def probabilities(self, images: np.ndarray) -> np.ndarray:
        """Each image's probability of each class, a row per image."""
        x = images.reshape(len(images), -1).astype(np.float32) - self.mean
        hidden = np.maximum(x @ self.hidden_weights + self.hidden_bias, 0)
        return softmax(hidden @ self.out_weights + self.out_bias)

    def save(self, path: Path) -> None:
        """Write the weights as an .npz of plain arrays, which load() reads back."""
        np.savez_compressed(
            path,
            mean=self.mean,
            hidden_weights=self.hidden_weights,
            hidden_bias=self.hidden_bias,
            out_weights=self.out_weights,
            out_bias=self.out_bias,
        )


def softmax(scores: np.ndarray) -> np.ndarray:
    """Scores to probabilities along the last axis."""
    exp = np.exp(scores - scores.max(axis=-1, keepdims=True))
    probabilities: np.ndarray = exp / exp.sum(axis=-1, keepdims=True)
    return probabilities


def load(path: Path) -> Network:
    """A network from its .npz weights (plain arrays: no pickle is read)."""
    with np.load(path, allow_pickle=False) as weights:
        return Network(**{name: weights[name].astype(np.float32) for name in weights.files})


@cache
def network() -> Network:
    """The committed network, read once per process."""
    return load(WEIGHTS)
