"""Run on main's code: golden event traces and saved-state fixtures."""
import hashlib, json, sys
import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
sys.path.insert(0, "/work/wt/hellkernel")
from tests.hellenes import golden

def norm_events(events):
    out = []
    for e in events:
        data = dict(e.data)
        if "battle" in data:
            data["battle"] = {"winner": data["battle"].get("winner")}
        out.append([e.kind, list(e.seats) if e.seats else None, data])
    return out

def prompt_ids(g):
    return [[p.seat, p.form, p.lo, p.hi, [o.id for o in p.options]] for p in g.prompts()]

def h(x):
    return hashlib.sha256(json.dumps(x, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:12]

games = []
for entry in json.loads(golden.FILE.read_text())["games"]:
    g = engine.new_game("hellenes", scenario=entry["scenario"], seed=entry["seed"])
    steps = []
    for seat, answer in entry["log"]:
        ids = h(prompt_ids(g))
        evs = norm_events(g.act(seat, answer))
        steps.append([ids, evs])
    st = g.rules.dump(g.state)
    for k in ("log", "private", "battle"):
        st.pop(k, None)
    games.append({"scenario": entry["scenario"], "seed": entry["seed"], "log": entry["log"],
                  "outcome": g.outcome.to_dict() if g.outcome else None, "rng": g.rng.counter,
                  "facts_sha256": h(st), "steps": steps})
out = {"ruleset": "hellenes", "made_with_version": engine.ruleset("hellenes").version,
       "games": games}
open("/work/wt/hellkernel/tests/hellenes/golden_events.json", "w").write(json.dumps(out, separators=(",", ":")) + "\n")
print("events golden", [(x["scenario"], len(x["steps"])) for x in games])

# fixtures: games saved by this code
fx = "/work/wt/hellkernel/tests/hellenes/fixtures"
for sc in engine.ruleset("hellenes").scenarios:
    g = engine.new_game("hellenes", scenario=sc, seed=f"fixture:{sc}")
    player = Rng(f"player:fixture:{sc}")
    for _ in range(300):
        if g.outcome is not None or len(g.log) >= 120 and g.state.get("battle"):
            break
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    open(f"{fx}/{sc}-saved.json", "w").write(g.to_json() + "\n")
    print(sc, "saved", len(g.log))
# mid-battle saves: the first moments a battle is under way in the 431 game, with a prompt
for sc, seed in (("431", "battle:3"), ("413", "battle:2")):
    g = engine.new_game("hellenes", scenario=sc, seed=seed)
    player = Rng(f"player:{seed}")
    seen = 0
    while g.outcome is None:
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
        b = g.state.get("battle")
        if b and len(b.get("lines", [])) >= 2 and any(f["name"] == "battle" for f in g.state["flow"]):
            seen += 1
            if seen == 1:
                break
    open(f"{fx}/{sc}-mid-battle.json", "w").write(g.to_json() + "\n")
    print(sc, "mid battle saved at", len(g.log), g.prompts()[0].kind, len(g.state["battle"]["lines"]))
