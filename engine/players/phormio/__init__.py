"""Phormio, the playbook's automated opponent for Pericles (section 15): the Prime
Strategy read from the view (strategy.py), the political rules (political.py), the
theater rules (theater*.py, built alongside) and the level `phormio` (player.py)."""
