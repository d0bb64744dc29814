"""The wheel's package list, found rather than written out; pyproject.toml holds the rest."""

from setuptools import find_packages, setup

# Every package under webapp/, and the two folders of data that pyproject's package-dir maps
# into it (templates/ and static/ hold no Python, so find_packages cannot see them).
setup(
    packages=[*find_packages(include=["webapp", "webapp.*"]), "webapp.templates", "webapp.static"]
)
