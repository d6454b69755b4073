"""Pericles pictures: so far the theater map drawn on real geography (board.py)."""
