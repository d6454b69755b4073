"""The argument checks live in shared/checks.py, below bot/ (bot/cli.py needs them too);
this name stays for renders/cli.py, which another part of the tree owns, until it imports
shared.checks."""

from shared.checks import *  # noqa: F403
