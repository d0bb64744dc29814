"""`python -m webapp.photo.training`: render, train and write the digit weights."""

from __future__ import annotations

import sys

from .run import main

sys.exit(main())
