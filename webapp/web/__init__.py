"""The web face of the engine: one package per first word of the URL, and what they share.

Each feature package (site/, solve/, explain/, play/, batch/, new/, daily/, print/, jobs/)
holds its HTML routes (routes.py), its JSON routes (api.py), its view models (view.py)
and its own services; its register(app) adds its blueprints, importing the route modules
only then, so that one feature may use another's view model or service without loading
its routes. The modules here are the ones several features share: the solves and paths
held to budgets (cache.py), the solver seat, HTTP caching, the grid table and pencil-mark
boards, reading a share link (linked.py) and its marks, the alphabet a page shows, and
the JSON routes' input.

Data flows one way: request -> form or parse -> solve (cache.py) -> one view model ->
template. Wording shared with the command line is in webapp/wording.py.
"""
