"""A King of Tokyo counterexample as a scenario file: the model's state before the step, the
step played (buying the card, rolling the dice, ending the turn), and what the symbolic
semantics says comes after (:func:`scenario`; :mod:`kot_rules.verify.counterexample` writes
and replays it).
"""

from __future__ import annotations

from typing import Any

from kot_rules.engine.numbers import START_IN_TOKYO_STARS
from kot_rules.games.king_of_tokyo.invariants import BY_ID
from kot_rules.games.king_of_tokyo.rules import BOX_MONSTERS
from kot_rules.games.king_of_tokyo.semantics import Transition
from kot_rules.games.king_of_tokyo.state import NOBODY
from kot_rules.language.cardset import CardSet
from kot_rules.verify.prover import Use

FILLER = ["1", "1", "2", "2", "3", "3"]
"""Six dice that score nothing: no set, no energy, no heart, no claw."""
DICE_KINDS = {"dice-1": "1", "dice-2": "2", "dice-3": "3", "dice-energy": "energy",
              "dice-heart": "heart", "dice-claw": "claw"}
START_IN_TOKYO = START_IN_TOKYO_STARS


def _dice(model: dict[str, Any]) -> list[str] | None:
    """Six faces with the counts the model chose (filler numbers for the rest), or None."""
    faces: list[str] = []
    for choice in model["choices"]:
        face = DICE_KINDS.get(choice["kind"])
        if face is not None:
            faces += [face] * choice["value"]
    if len(faces) > 6:
        return None
    filler = [f for f in FILLER if f not in faces]
    while len(faces) < 6 and filler:
        faces.append(filler.pop(0))
    return faces if len(faces) == 6 else None


def scenario(t: Transition, invariant: str, model: dict[str, Any], uses: tuple[Use, ...],
             cards: CardSet) -> dict[str, Any] | None:
    """The scenario that replays the counterexample, or None if no script can (yet)."""
    pre, post = model["pre"], model["post"]
    n = pre["players"]
    if not model["replayable"] or not 2 <= n <= 6:
        return None
    names = list(BOX_MONSTERS[:n])
    card = cards.definition(uses[0].card) if uses else None
    if t.on_buy and card is not None:
        script: list[Any] = [{"roll": FILLER}, "stop", {"buy": card.name}]
        how = f"{names[0]} buys {card.name} after filler dice"
    elif t.name.startswith("dice:"):
        faces = _dice(model)
        if faces is None:
            return None
        script = [{"roll": faces}, "stop"]
        how = f"{names[0]} rolls {', '.join(faces)} and stops"
    elif t.ends_turn:
        script = [{"roll": FILLER}, "stop", "end-turn"]
        how = f"{names[0]} rolls filler dice and ends its turn"
    else:
        return None
    monsters = []
    for k in range(n):
        m = {key.split(".", 1)[1]: v for key, v in pre.items()
             if key.startswith(f"monsters[{k}].")}
        entry: dict[str, Any] = {"name": names[k]}
        if not m["alive"]:
            entry["eliminated"] = True
        else:
            entry.update(hearts=m["hearts"], max_hearts=m["max_hearts"], stars=m["stars"],
                         energy=m["energy"])
        if pre["city"] == k:
            entry["place"] = "city"
        elif pre["bay"] == k:
            entry["place"] = "bay"
        monsters.append(entry)
    me = monsters[0]
    if me.get("place") and me["stars"] >= START_IN_TOKYO:
        me["stars"] -= START_IN_TOKYO  # given back at the start of the turn
    if t.on_buy and card is not None:
        me["energy"] += card.cost
    expect_monsters = {}
    for k in range(n):
        m = {key.split(".", 1)[1]: v for key, v in post.items()
             if key.startswith(f"monsters[{k}].")}
        if m["alive"]:
            expect_monsters[names[k]] = {key: m[key] for key in
                                         ("hearts", "max_hearts", "stars", "energy")}
        else:
            expect_monsters[names[k]] = {"eliminated": True}
    expect: dict[str, Any] = {"monsters": expect_monsters}
    if t.ends_turn:
        w = post["winner"]
        expect = {"outcome": (None if not post["over"] else "draw" if w == NOBODY
                              else {"winner": names[w]})}
    else:
        expect["city"] = None if post["city"] == NOBODY else names[post["city"]]
        expect["bay"] = None if post["bay"] == NOBODY else names[post["bay"]]
    inv = BY_ID[invariant]
    data: dict[str, Any] = {
        "format": 1,
        "name": f"Counterexample to {invariant}: {t.name}",
        "rule": list(inv.rules),
        "source": f"kot-rules verify: {inv.statement}",
        "description": (f"Z3 found a state in which the step '{t.name}' breaks {invariant}. "
                        f"{how}; 'expect' is what the symbolic semantics says follows. If "
                        "this scenario passes, the engine breaks the invariant too; if it "
                        "fails, the engine and the symbolic semantics disagree."),
        "tags": ["counterexample", invariant],
        "options": {"tokyo_bay": bool(pre["bay_variant"]), "win_stars": pre["win_stars"]},
        "setup": {"monsters": monsters, "active": names[0]},
        "script": script,
        "expect": expect,
    }
    if t.on_buy and card is not None:
        data["setup"]["shop"] = [card.name]
    return data
