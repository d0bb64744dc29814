"""The training command: its options, the figures it prints, the weights it writes."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ..digits import WEIGHTS
from .fonts import font_files
from .train import accuracy, cell_samples, train

GRIDS = 2000
EPOCHS = 20
HIDDEN = 256
SEED = 29


def build_parser() -> argparse.ArgumentParser:
    """The command's options, each with the default the committed weights were made with."""
    parser = argparse.ArgumentParser(
        prog="python -m webapp.photo.training",
        description="Render printed digits and train the photo reader's digit network.",
    )
    parser.add_argument("--grids", type=int, default=GRIDS, help="rendered grids to learn from")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--hidden", type=int, default=HIDDEN, help="hidden units")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="where to write the .npz")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Train and write the weights; print what was learned from and how well it reads."""
    args = build_parser().parse_args(argv)
    fonts = font_files()
    if not fonts:
        print("no fonts found: install fonts-dejavu-core, fonts-liberation, ...")
        return 1
    started = time.perf_counter()
    images, labels = cell_samples(fonts, args.grids, args.seed)
    held_images, held_labels = cell_samples(fonts, max(50, args.grids // 10), args.seed + 1)
    print(f"{len(fonts)} fonts, {len(images)} cells ({time.perf_counter() - started:.0f} s)")
    network = train(images, labels, args.hidden, args.epochs, args.seed)
    print(
        f"trained in {time.perf_counter() - started:.0f} s: "
        f"{100 * accuracy(network, images, labels):.2f}% right on its cells, "
        f"{100 * accuracy(network, held_images, held_labels):.2f}% on {len(held_images)} unseen"
    )
    network.save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB)")
    return 0
