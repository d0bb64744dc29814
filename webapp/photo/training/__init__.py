"""The digit recogniser's training: printed digits rendered here, never photos.

`python -m webapp.photo.training` (or `sudoku train-digits`) renders grids of printed
digits in the fonts of Debian's font packages with a photo's faults, cuts them into
cells exactly as a reading does, trains the small network and writes
webapp/photo/digits.npz. Same fonts, same seed: same weights.
"""
