"""A five-minute number check-up, before and after play, scored as the research scores it.

Ramani & Siegler (2008) measured what an hour on a linear numbered board does with
four tasks: number-line estimation (0-100), magnitude comparison, counting on and
numeral identification. ``items`` draws comparable item sets, ``scoring`` scores
them, ``tone`` lets the number line be heard, ``session`` runs one check-up.
"""
