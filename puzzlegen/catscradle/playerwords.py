"""The whole game's players in a sentence: for ``game --help`` (read when the command
line is, so nothing heavy is imported here) and for the study's report."""

PLAYERS_IN_WORDS = (
    "beginner: the hasty player's moves, and where they stop short of the sequence's end, "
    "the shortest series that still empties a cell; expert: the line with the most "
    "spaces every time; strong: weighs each sequence's end positions by sampled orders of "
    "the unseen cards; perfect: knows the stock's order (the solver)."
)
