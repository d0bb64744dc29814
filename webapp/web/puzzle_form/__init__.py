"""The puzzle form every feature uses: its fields (forms.py), a Jigsaw's region map and the
variant menu (region_fields.py), a Killer's cage map (cage_fields.py), the maps as the form
draws them (region_board.py), its view model (view.py) and its page (page.py).

It is no feature of its own (no URL starts with it): the home page, a share link that holds
no puzzle and a read photo all show it.
"""
