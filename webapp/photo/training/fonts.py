"""The fonts digits are rendered in: those of the Debian packages the README names."""

from __future__ import annotations

from pathlib import Path

# fonts-dejavu-core, fonts-liberation, fonts-freefont-ttf, fonts-urw-base35.
FONT_FOLDERS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/truetype/liberation",
    "/usr/share/fonts/truetype/freefont",
    "/usr/share/fonts/opentype/urw-base35",
)
# Symbols, dingbats and a script face draw no newspaper's digits.
LEFT_OUT = ("Symbol", "D050000L", "Z003", "MathTeX")


def font_files(folders: tuple[str, ...] = FONT_FOLDERS) -> list[Path]:
    """Every usable font file in the folders, sorted so that training is repeatable."""
    found = []
    for folder in folders:
        for path in Path(folder).glob("*"):
            usable = path.suffix.lower() in (".ttf", ".otf")
            if usable and not any(word in path.name for word in LEFT_OUT):
                found.append(path)
    return sorted(found, key=lambda p: p.name)
