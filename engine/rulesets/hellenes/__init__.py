"""Hellenes: Campaigns of the Peloponnesian War. Only the component data exists so far
(`components.py`, `data/`); the rules come in a later issue."""
