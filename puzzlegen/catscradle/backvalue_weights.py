"""The fitted weights of :mod:`puzzlegen.catscradle.backvalue`'s model.

Written by ``benchmarks/train_backup.py`` (docs/whole-game-research.md, ideas 40 on).
"""

# Fitted on 2026-11-24 by:
#   python benchmarks/train_backup.py --games 1200 --first 61000 --fills 4 --samples 24
#   --cache /work/scratch/strong25b/cache_c.pkl --out /work/scratch/strong25b/w_c.py
# 124768 children of 7479 positions, rank 20.0, ridge 0.0001; held out (every fifth deal): log
# loss 0.4356 against a constant's 0.5984; target lost a choice by the model 0.0077, by the
# next sequence's spaces 0.0090; CPU 845 s
# (seeds 61000-62199, single process under nice -n 10, wall 841 s at load 1.4-2.3)

#: Names this fit in the strong player's version string.
FIT = "2026-11-24-b3e0ff"
#: Three weights a feature of ``backvalue.FEATURES``: constant, times k/36, times (k/36)^2.
WEIGHTS: tuple[float, ...] = (
    -0.81328, 5.43052, 0.43013, 0.30426, 3.01026, 0.51237,
    0.25343, 0.30242, 0.38736, -0.51516, -0.55155, 0.81529,
    0.34231, 1.75312, 1.27835, 0.94658, 1.15439, -4.41022,
    -0.48692, -1.00848, -0.58888, -1.70367, -0.67584, -1.16060,
    -0.67535, -0.98282, -1.21529, -2.03433, -0.96335, -0.80263,
    0.45090, 0.11898, -2.26980, 0.55470, -1.48978, -0.87015,
    0.78142, 0.73210, -1.68471, 0.06045, -0.15026, 0.36278,
    -0.24076, -0.64553, -0.69398, -0.30411, -0.23774, 0.37255,
    0.32512, 0.13516, 0.32457,
)
