# The kernel's version; each ruleset also carries its own `version` for replay decisions.
ENGINE_VERSION = "0.1.0"
