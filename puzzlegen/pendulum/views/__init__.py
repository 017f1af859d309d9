"""Pendulum drawn and told: board diagrams (:mod:`.board`) and prose (:mod:`.prose`)."""
