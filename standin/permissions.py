"""The permission bits the stand-in cares about (values from Discord's documentation)."""

from __future__ import annotations

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

# What @everyone can do in a freshly made guild (a practical subset of Discord's default).
EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)

# The bot's managed role: what a typical invite link for a referee bot would grant.
BOT_DEFAULT = EVERYONE_DEFAULT | MANAGE_MESSAGES | MANAGE_THREADS | MANAGE_CHANNELS

# A "moderator" in the sense Keryx uses: may manage the server.
MODERATOR_DEFAULT = EVERYONE_DEFAULT | MANAGE_GUILD

ALL = (1 << 53) - 1


def has_all(granted: int, required: int) -> bool:
    """Discord semantics: administrators pass every check."""
    if granted & ADMINISTRATOR:
        return True
    return granted & required == required
