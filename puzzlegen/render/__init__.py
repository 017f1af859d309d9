"""Renderers: prose (jinja2), diagrams (SVG via svgwrite, PDF via reportlab), books and pages.

Nothing under :mod:`puzzlegen.catscradle` imports this package.
"""
