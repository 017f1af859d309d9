"""The fitted weights of :mod:`puzzlegen.catscradle.richvalue`'s model.

Written by ``benchmarks/train_backup.py --model rich`` (docs/whole-game-research.md, ideas 46 on).
"""

# Fitted on 2026-11-24 by:
#   python benchmarks/train_backup.py --games 1200 --first 61000 --fills 4 --samples 24
#   --model rich --rows-from /work/scratch/strong25b/cache_c.pkl --cache
#   /work/scratch/strong26a/cache_r46.pkl --out /work/scratch/strong26a/w46.py
# 124768 children of 7479 positions, rank 20.0, ridge 0.0001; held out (every fifth deal): log
# loss 0.4134 against a constant's 0.5891; target lost a choice by the model 0.0069, by the
# next sequence's spaces 0.0098; CPU 1187 s
# (idea 46; seeds 61000-62199's positions and children from strong25b's cache of idea 43's
# fit, the sweep resumed once after a speed-up of the features, CPU 451 s before it, about
# 1,640 s in all; single process under nice -n 10, load 1.2-3.4)

#: Names this fit in the strong player's version string.
FIT = "2026-11-24-475107"
#: Three weights a feature of ``richvalue.RICH_FEATURES``: constant, times k/36, times (k/36)^2.
LINEAR: tuple[float, ...] = (
    -1.10816, 1.58010, 0.34479, 0.41096, 0.77301, 0.10204,
    -0.75184, 0.01720, -0.05685, -0.11775, -0.23857, 0.14637,
    0.07964, 1.17201, 0.31423, -1.08659, -1.00391, 2.07255,
    2.23762, 3.25464, -0.08625, -1.98143, -0.38034, 0.81813,
    0.96781, 0.56264, -1.44056, -0.02733, -0.34229, -0.23262,
    -0.47330, -0.34035, -0.49382, -0.10284, -0.31785, -0.34900,
    -0.59774, -0.34228, 0.12419, 0.26384, 0.34299, -1.29864,
    -0.33953, -1.37746, -1.14874, -0.28631, -0.56767, 0.14201,
    -0.82372, -0.15880, 0.75006, -0.52514, -0.19393, 0.14010,
    0.15923, 0.16569, -0.19695, 0.13245, 0.06724, 0.15518,
    0.16990, -0.18639, -0.07478, -0.01639, 0.31215, 0.00927,
    0.30552, -0.14316, -0.09265, -0.57275, -0.46727, -0.40667,
    -0.20309, 0.73062, 0.04906, -0.32757, 0.61211, 0.12226,
)
#: The hidden tanh units' weights over the features, k/36 and (k/36)^2.
HIDDEN: tuple[tuple[float, ...], ...] = (
)
#: Each hidden unit's weight in the logit.
OUT: tuple[float, ...] = ()
