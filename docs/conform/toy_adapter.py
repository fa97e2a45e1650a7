"""A kot-conform adapter for ToyTokyo (toy_engine.py): JSON lines in, JSON lines out.

    kot-rules conform --engine "python docs/conform/toy_adapter.py"
"""

import copy
import json
import sys

from toy_engine import Game, Illegal, Monster

FIELDS = ["active", "turn", "phase", "waiting_for", "city", "outcome", "dice",
          "monsters.hearts", "monsters.max_hearts", "monsters.stars", "monsters.energy",
          "monsters.place", "monsters.eliminated"]
HELLO = {"op": "hello", "protocol": 1, "engine": {"name": "toy-tokyo", "version": "1"},
         "games": [{"game": "king-of-tokyo", "setups": ["position"], "cards": [],
                    "options": {"tokyo_bay": [False]}, "fields": FIELDS,
                    "actions": ["roll", "reroll", "stop", "yield", "stay", "end-turn"]}]}


class Unsupported(Exception):
    pass


def load(state):  # the state JSON of docs/formats/state.md -> a toy Game
    if state["bay"] is not None or any(m["cards"] for m in state["monsters"]):
        raise Unsupported("Tokyo Bay and cards are not in the toy")
    monsters = [Monster(m["name"], m["hearts"], m["max_hearts"], m["stars"], m["energy"])
                for m in state["monsters"]]
    return Game(monsters, state["active"], state["turn"], state["city"], state["phase"],
                list(state["dice"]), state["to_roll"], state["rolls_done"])


def view(g):  # a toy Game -> the fields HELLO declares
    waiting = {"roll": "chance", "over": None, "yield": g.tokyo}.get(g.phase, g.active)
    outcome = None if g.phase != "over" else {"winner": g.winner, "reason": "end of turn"}
    return {"active": g.active, "turn": g.turn, "phase": g.phase, "waiting_for": waiting,
            "city": g.tokyo, "outcome": outcome, "dice": g.dice, "monsters": [
                {"hearts": m.hearts, "max_hearts": m.max_hearts, "stars": m.stars,
                 "energy": m.energy, "eliminated": m.hearts == 0,
                 "place": "city" if seat == g.tokyo else "outside"}
                for seat, m in enumerate(g.monsters)]}


def act(g, a):  # an action JSON -> a call of the toy engine
    calls = {"roll": lambda: g.roll(a["faces"]), "reroll": lambda: g.reroll(a["keep"]),
             "stop": g.stop, "yield": lambda: g.answer_yield(True),
             "stay": lambda: g.answer_yield(False), "end-turn": g.end_turn}
    if a["type"] not in calls:
        raise Unsupported(f"no {a['type']} in the toy")
    calls[a["type"]]()


game = None
print(json.dumps(HELLO), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    answer = {"id": request["id"], "ok": True}
    try:
        if request["op"] == "load":
            game = load(request["state"])
        elif request["op"] == "apply":
            trial = copy.deepcopy(game)  # a refused action leaves the game as it was
            act(trial, request["action"])
            game = trial
        elif request["op"] == "legal":
            try:
                act(copy.deepcopy(game), request["action"])
                answer["legal"] = True
            except Illegal:
                answer["legal"] = False
        elif request["op"] == "state":
            answer["state"] = view(game)
        elif request["op"] != "quit":
            raise Unsupported(f"no {request['op']} in the toy")
    except Illegal as exc:
        answer = {"id": request["id"], "ok": False,
                  "error": {"kind": "refused", "message": str(exc)}}
    except Unsupported as exc:
        answer = {"id": request["id"], "ok": False,
                  "error": {"kind": "unsupported", "message": str(exc)}}
    print(json.dumps(answer), flush=True)
    if request["op"] == "quit":
        break
