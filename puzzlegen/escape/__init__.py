"""Escape, a game of cat and mouse for Qualt's Sigma cards, as reconstructed in ESCAPE.md.

White (the mouse, ten cards) keeps its main group, the white squares joined
to the Nothing card, from being surrounded; Black (the cat, nine cards)
closes every blank space around it.  Both hands are face up, so the game is
one fixed position of perfect information.  :mod:`.cards` holds the card
set, :mod:`.position` the rules and notation, :mod:`.solver` the exact
solver and :mod:`.players` the computer opponents.
"""

from puzzlegen.escape.position import Move, Position

__all__ = ["Move", "Position"]
