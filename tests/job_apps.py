"""Apps for the tests of job-backed pages: each with a job store of its own."""

from __future__ import annotations

from typing import Any

from flask import Flask

from webapp import create_app


def job_app(tmp_path, **config: Any) -> Flask:
    """An app whose jobs are kept in a SQLite store under `tmp_path` and run inside the
    request that submits them (JOB_IMMEDIATE), within 20 s, unless `config` says otherwise."""
    settings = {
        "TESTING": True,
        "JOB_STORE": f"sqlite:///{tmp_path}/jobs.sqlite3",
        "JOB_IMMEDIATE": True,
        "JOB_SECONDS": 20,
        **config,
    }
    return create_app(settings)
