"""ppw pictures: so far the map of a view on real geography (board.py)."""
