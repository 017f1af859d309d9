"""Escape drawn and told: board diagrams, SVG, and the answers in words."""
