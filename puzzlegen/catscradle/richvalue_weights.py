"""Placeholder replaced by benchmarks/train_backup.py --model rich."""
LINEAR: tuple[float, ...] = (0.0,) * 78
HIDDEN: tuple[tuple[float, ...], ...] = ()
OUT: tuple[float, ...] = ()
FIT = "none"
