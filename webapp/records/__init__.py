"""Results as records: the values `sudoku ... --json` prints and the JSON API answers.

A record is what a result looks like to someone outside the engine: grids as share codes
or in the puzzle's alphabet, cells 1-based, statuses as words. Each kind (a solve, a path
and its rating, a hint) is one frozen value here with a `to_json()`, and the command line
and the API both call that one method, so the two cannot drift apart; readers (the text
output, the pages) read the value's fields, never the JSON back. The package is named for
what the docs and the command line call these ("prints one record per puzzle"), and sits
above the engine and the explanations, which it reads, and below the CLI and the web.
"""
