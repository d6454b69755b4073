"""The Epic of the Peloponnesian War (Clash of Arms, 2006): ruleset id `epic`.

Only the component data exists so far (components.py, data/); the rules come later.
"""

from .components import Components, components_json, load_components

__all__ = ["Components", "components_json", "load_components"]
