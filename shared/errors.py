"""The error a transport shows to the person who caused it."""

from __future__ import annotations


class UserError(Exception):
    """A problem the user caused, worded for them."""
