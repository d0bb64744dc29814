"""A lesson and a family of them: the values every family's module fills in."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lesson:
    """One technique's lesson: a one-line summary, then (once written) what it is, why it
    is true, how to spot it, its variations and other names; paragraphs split by blank
    lines. `builds_on` names the techniques to know first, by slug."""

    slug: str
    summary: str
    what: str = ""
    why: str = ""
    spot: str = ""
    variations: str = ""
    elsewhere: str = ""
    builds_on: tuple[str, ...] = ()

    @property
    def written(self) -> bool:
        """True once the lesson has its prose, not just its summary."""
        return bool(self.what and self.why and self.spot)


@dataclass(frozen=True)
class Family:
    """Techniques that reason the same way, easiest first, and what they share."""

    key: str
    name: str
    about: str
    lessons: tuple[Lesson, ...]
