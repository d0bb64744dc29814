"""The web face of the engine: HTML pages, the JSON API, the form, the views and the cache.

Data flows one way: request -> form or parse -> solve (cache.py) -> one view
model (views.py) -> template. Wording shared with the command line is in
webapp/wording.py.
"""
