"""The Epic of the Peloponnesian War (Clash of Arms, 2006): ruleset id `epic`.

Modules: `components` (the data, data/README.md), `state` (the state's shape), `setup`
(22.2), `board` (questions asked of map and state), `movement` (16.3 reach), `fleets`
(16.4, 16.7 voyages), `supply` (9.2-9.4 lines and bill), `combat` (17.x rounds, pure),
`politics` (4.3, 5.4, 13.4), `leaders` (7.8), procedures: `flow` (the simplified year,
22.4.1), `placement` (7.3), `supplyphase` (9.x), `sieges` (10.x, 11.x), `raiding` (15.x),
`moves` (16.x, interception 16.4.5), `battles` (17.x, 18.x), `helots` (the Helot Uprising
of 29.4.4), `building` (7.5-7.7, not yet in a scenario's turn); `special` (what each
scenario changes); `view`, `variants`, `invariants`, `rules` (the engine contract).
Rulings: RULINGS.md; what is built: STATUS.md.
"""

from .components import Components, components_json, load_components
from .rules import RULESET, Epic

__all__ = ["RULESET", "Components", "Epic", "components_json", "load_components"]
