"""Game-neutral renderers: SVG and PDF backends of :mod:`puzzlegen.diagram`, books, pages.

These modules draw whatever a game describes in the shared diagram
vocabulary and write whatever words the game supplies; none of them knows a
particular game.  A game's rules and solver never import this package; only
its views do.
"""
