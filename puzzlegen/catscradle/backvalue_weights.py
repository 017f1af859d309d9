"""The fitted weights of :mod:`puzzlegen.catscradle.backvalue`'s model.

Written by ``benchmarks/train_backup.py`` (docs/whole-game-research.md, ideas 40 on).
"""

# Fitted on 2026-11-24 by:
#   python benchmarks/train_backup.py --games 600 --first 60000 (seeds 60000-60599, load
#   1.3-2.6)
# 47064 children of 3773 positions, rank 20.0, ridge 0.0001; held out (every fifth deal): log
# loss 0.4670 against a constant's 0.6140; target lost a choice by the model 0.0119, by the
# next sequence's spaces 0.0133; CPU 260 s

#: Names this fit in the strong player's version string.
FIT = "2026-11-24-b68da5"
#: Three weights a feature of ``backvalue.FEATURES``: constant, times k/36, times (k/36)^2.
WEIGHTS: tuple[float, ...] = (
    -0.56911, 5.41619, 0.06934, 0.18565, 3.38925, 0.62049,
    0.11708, 0.19623, 0.74028, -0.31187, -0.37432, 0.42465,
    0.58820, 2.76409, 0.93062, 0.71985, 1.73439, -4.96590,
    -0.91160, -0.60619, -0.37921, -2.07403, -0.69108, -1.19528,
    -0.27192, -1.44471, -1.41890, -2.35172, -0.64005, -1.25193,
    0.36262, 0.19552, -2.30995, 0.37833, -1.33634, -0.82497,
    0.81374, 0.81667, -1.70094, -0.11459, -0.13480, 0.19111,
    -0.34068, -0.60803, -0.59351, 0.19201, -0.04447, 0.03936,
    0.28747, 0.71064, -0.09387,
)
