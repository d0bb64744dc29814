"""Rendered grids to cell images, and the network trained on them, repeatably.

Every random choice comes from generators seeded from one number, the fonts are taken
in a sorted order, and the network is trained full-batch-order fixed: same fonts and
seed, same weights.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..cells import digit_images
from ..digits import BLANK, CLASSES, Network, softmax
from .render import render_grid


def cell_samples(fonts: list[Path], grids: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Images and labels of every cell that a reading would classify, from rendered grids."""
    images, labels = [], []
    for number in range(grids):
        rng = np.random.default_rng([seed, number])
        picture, truth = render_grid(fonts[number % len(fonts)], rng)
        for image, label in zip(digit_images(picture), truth.reshape(-1), strict=True):
            if image is not None and label >= 0:
                images.append(image)
                labels.append(label)
    return np.array(images, np.float32), np.array(labels, np.int64)


def train(images: np.ndarray, labels: np.ndarray, hidden: int, epochs: int, seed: int) -> Network:
    """A network fitted to the images by Adam on the cross-entropy, in fixed minibatches."""
    rng = np.random.default_rng(seed)
    x = images.reshape(len(images), -1)
    mean = x.mean(axis=0)
    x = x - mean
    params = [
        rng.normal(0, np.sqrt(2 / x.shape[1]), (x.shape[1], hidden)).astype(np.float32),
        np.zeros(hidden, np.float32),
        rng.normal(0, np.sqrt(1 / hidden), (hidden, CLASSES)).astype(np.float32),
        np.zeros(CLASSES, np.float32),
    ]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    onehot = np.eye(CLASSES, dtype=np.float32)[labels]
    step, batch, decay = 0, 128, 1e-4
    for epoch in range(epochs):
        rate = 2e-3 * (0.5 ** (epoch / max(1, epochs / 3)))
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            pick = order[start : start + batch]
            grads = _gradients(params, x[pick], onehot[pick], decay)
            step += 1
            for i, grad in enumerate(grads):
                moments[i] = 0.9 * moments[i] + 0.1 * grad
                squares[i] = 0.999 * squares[i] + 0.001 * grad * grad
                m = moments[i] / (1 - 0.9**step)
                v = squares[i] / (1 - 0.999**step)
                params[i] -= (rate * m / (np.sqrt(v) + 1e-8)).astype(np.float32)
    return Network(mean.astype(np.float32), *params)


def _gradients(
    params: list[np.ndarray], x: np.ndarray, onehot: np.ndarray, decay: float
) -> list[np.ndarray]:
    """The loss's gradient for each parameter on one minibatch."""
    w1, b1, w2, b2 = params
    pre = x @ w1 + b1
    hidden = np.maximum(pre, 0)
    out = (softmax(hidden @ w2 + b2) - onehot) / len(x)
    back = (out @ w2.T) * (pre > 0)
    return [x.T @ back + decay * w1, back.sum(axis=0), hidden.T @ out + decay * w2, out.sum(axis=0)]


def accuracy(network: Network, images: np.ndarray, labels: np.ndarray) -> float:
    """The share of images whose likeliest class is their label."""
    return float((network.probabilities(images).argmax(axis=1) == labels).mean())


__all__ = ["BLANK", "accuracy", "cell_samples", "train"]
