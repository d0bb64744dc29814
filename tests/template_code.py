"""Compiled templates shared by every app a test makes.

Each app has a Jinja environment of its own, which compiles every template it renders the
first time: tens of milliseconds a page, paid again by each of the thousands of tests that
make an app. The compiled code, kept here once per test process by the template's name and
source, is what each new app reads instead (a changed template has another checksum and is
compiled again).
"""

from __future__ import annotations

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class SharedTemplateCode(BytecodeCache):
    """Compiled templates kept in memory for every app of this process."""

    def __init__(self) -> None:
        self.codes: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Give `bucket` the code compiled before, if any."""
        code = self.codes.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the code `bucket` was just compiled to."""
        self.codes[bucket.key] = bucket.bytecode_to_string()


TEMPLATE_CODE = SharedTemplateCode()
