"""The fitted weights of :mod:`puzzlegen.catscradle.backvalue`'s model.

Written by ``benchmarks/train_backup.py`` (docs/whole-game-research.md, ideas 40 on).
"""

# Fitted on 2026-11-24 by:
#   python benchmarks/train_backup.py --games 20 --first 60000
#   --out /work/scratch/strong25b/w_test.py (a first trial)
# 1440 children of 106 positions, rank 20.0, ridge 0.0001

#: Names this fit in the strong player's version string.
FIT = "2026-11-24"
#: Three weights a feature of ``backvalue.FEATURES``: constant, times k/36, times (k/36)^2.
WEIGHTS: tuple[float, ...] = (
    -0.06600, 4.95578, 0.62897, 0.68567, 3.27433, -0.05611,
    -1.37953, 0.16377, 0.64005, -0.31544, 1.62898, -0.11926,
    -0.97474, 1.75084, 1.08991, 0.19218, 0.07171, -3.04026,
    0.27022, -1.34099, -1.31302, -0.79497, 0.05472, -0.68529,
    0.04473, -0.26074, -0.53778, -1.81719, -0.32858, 0.01614,
    0.27048, -0.03617, -1.64450, 0.45262, -1.42240, -1.33940,
    1.27083, -0.09873, -2.02661, 0.53072, 0.65691, -0.22532,
    -0.50882, -0.56336, -1.51595, -0.06823, -0.05148, 0.04943,
    0.09349, 0.10707, 0.41183,
)
