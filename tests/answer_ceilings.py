"""Wall-time ceilings for the apps the tests make: a minute each, as a test is about an answer.

The app's own ceilings (a solve's 10 s, a rating's 2 s, a batch request's 3 s) keep a busy
server responsive, and say so when they stop a piece of work: on a busy test machine they made
a Killer's page say "Not rated" and a batch's rows "stopped", where the test asked what the
answer is. A test about a ceiling sets its own.
"""

from __future__ import annotations

ANSWER_CEILINGS = dict.fromkeys(
    (
        "SOLVE_CEILING_SECONDS",
        "EXPLAIN_CEILING_SECONDS",
        "RATING_CEILING_SECONDS",
        "BATCH_REQUEST_SECONDS",
    ),
    60.0,
)
