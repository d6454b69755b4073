"""The Epic of the Peloponnesian War (Clash of Arms, 2006): ruleset id `epic`.

Modules, in layers (each imports only from its own layer or those below, never in a
circle, always at its top: `tests/epic/test_layers.py`):

- state: `components` (the data, data/README.md), `state` (the state's shape), `special`
  (what each scenario changes);
- board: `board` (questions asked of map and state), `alliances` (the League's seats,
  24.0-25.0), `leaders` (7.8), `longwalls`, `ionian`, `sicily_box` (the Sicily box's
  record), `combat` (17.x rounds, pure);
- mechanics: `notes` (log notes and dice), `cards` (the deck, hands and season effects),
  `politics` (4.3, 5.4, 13.4, victory by BTV), `peace`, `losses` (7.9.1, 16.7.2), `fleets`
  (16.4, 16.7 voyages), `movement` (16.3 reach), `supply` (9.2-9.4 lines and bill),
  `persia`, `sicily`, `allied_peace`;
- procedures: `flow` (the year and the season), `placement` (7.3), `supplyphase` (9.x),
  `sieges` (10.x, 11.x), `raiding` (15.x), `moves` (16.x, interception 16.4.5), `battles`
  (17.x, 18.x), `wings` (App. D), `helots` (29.4.4), `building` (7.5-7.7), `assessment`,
  `revolts`, `events` (the cards' effects), `event_phase` (12.x), `league_turns` (24.4-24.5);
- rules: `rules` (the engine contract), `setup` (2.0), `view`, `variants`, `determinize`,
  `invariants`, `positions`, `saves`.
Rulings: RULINGS.md; what is built: STATUS.md.
"""

from .components import Components, components_json, load_components
from .rules import RULESET, Epic

__all__ = ["RULESET", "Components", "Epic", "components_json", "load_components"]
