"""The web face of the engine: one package per first word of the URL, and what they share.

Each feature package (site/, solve/, explain/, play/, batch/, new/, daily/, print/, jobs/,
read_photo/, game/) holds its HTML routes (routes.py), its JSON routes (api.py) and its view
models (view.py); its register(app) adds its blueprints. A feature imports the engine, the
modules here and the puzzle form (puzzle_form/), never another feature
(tests/test_layers.py).

The modules here are the ones several features share: the solves and paths held to
budgets (cache.py), a share link's facts (page_facts.py) and its count of solutions, the
solver seat, HTTP caching, the links the app writes (links.py), starting jobs and what a
job says (job_starting.py, job_view.py), generation, a batch's answer and table, a solve's
verdict, a rating in words, generated puzzles side by side, the grid table and pencil-mark
boards, reading a share link (linked.py) and its marks, the alphabet a page shows, and the
JSON routes' input.

Data flows one way: request -> form or parse -> solve (cache.py) -> one view model ->
template. Wording shared with the command line is in webapp/wording.py.
"""
