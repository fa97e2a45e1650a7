"""Heart faces as a choice: heal yourself, remove a token, or heal another monster.

In the base game every heart face heals its monster (nothing in Tokyo). Card text
can give a heart face other uses: a token rule may let it remove a token
(``A monster may spend a heart face to remove one of its poison tokens.``), a
modifier may let it heal other monsters for energy (``You may spend heart faces to
heal other monsters, who pay you 2 energy per heart healed.``). When the monster
has such a use, it is asked, face by face, what each face does (decision
D-HEART-FACES). A monster in Tokyo cannot use heart faces on itself, neither to
heal nor to remove tokens [001 §TOKIO], but may heal others and be healed
[001 §DODATEK, appendix clarification 9].
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kot_rules.engine import abilities, tokens
from kot_rules.engine.actions import PASS, Action, Choose
from kot_rules.engine.events import K_ENERGY, K_HEALED, Event
from kot_rules.engine.requests import ask
from kot_rules.engine.resources import heart_top, set_monster
from kot_rules.engine.state import State
from kot_rules.language.ast import ModifierKind

_M_HEAL_OTHERS = ModifierKind.HEAL_OTHERS
_M_EXTRA_HEALING_ANY = ModifierKind.EXTRA_HEALING_ANY
HEAL_SELF = "heal"


@dataclass
class Spending:
    """What the heart faces of one resolution do."""

    own: int = 0
    removed: dict[str, int] = field(default_factory=dict)
    others: dict[int, int] = field(default_factory=dict)


def _others(s: State, a: int) -> list[int]:
    """The damaged monsters ``a`` may heal with its heart faces, clockwise after it."""
    if not abilities.has_modifier(s, a, _M_HEAL_OTHERS):
        return []
    n = len(s.monsters)
    seats = [(a + k) % n for k in range(1, n)]
    ms = s.monsters
    return [i for i in seats if ms[i].alive and ms[i].hearts < heart_top(s, ms[i])]


def spend(s: State, a: int, faces: int) -> Spending | None:
    """Ask ``a`` what each of its ``faces`` heart faces does; None when they can only heal it."""
    in_tokyo = s.city == a or s.bay == a
    removable = [] if in_tokyo else [k for k in s.game.cards.heart_removes
                                     if tokens.on_monster(s, a, k)]
    others = _others(s, a)
    if not removable and not others:
        return None
    names = s.names
    out = Spending()
    for face in range(1, faces + 1):
        options: list[Action] = [] if in_tokyo else [Choose(HEAL_SELF)]
        options += [Choose(f"remove {k}") for k in removable
                    if tokens.on_monster(s, a, k) > out.removed.get(k, 0)]
        for i in others:
            m = s.monsters[i]
            if heart_top(s, m) - m.hearts > out.others.get(i, 0):
                options.append(Choose(f"heal {names[i]}"))
        if in_tokyo:
            options.append(PASS)  # in Tokyo an unused face does nothing
        why = f"{names[a]}: what does heart face {face} of {faces} do?"
        answer = ask(s, a, options, why)
        key = answer.key if isinstance(answer, Choose) else ""
        if key == HEAL_SELF:
            out.own += 1
        elif key.startswith("remove "):
            kind = key.removeprefix("remove ")
            out.removed[kind] = out.removed.get(kind, 0) + 1
        elif key.startswith("heal "):
            seat = names.index(key.removeprefix("heal "))
            out.others[seat] = out.others.get(seat, 0) + 1
    return out


def apply_rest(s: State, ev: list[Event], a: int, spent: Spending) -> None:
    """The token removals and the healing of others (the own healing is resolve()'s)."""
    for kind, n in spent.removed.items():
        tokens.remove_from_monster(s, ev, a, kind, n)
    if not spent.others:
        return
    price = abilities.total(s, a, _M_HEAL_OTHERS)
    # Healing another monster is healing too: a card that adds to every heal you make adds
    # once per monster healed, and the healed monster pays for it [001 §DODATEK, appendix
    # clarification 10].
    extra = abilities.total(s, a, _M_EXTRA_HEALING_ANY)
    for seat, n in spent.others.items():
        m = s.monsters[seat]
        healed = max(0, min(n + extra, heart_top(s, m) - m.hearts))
        if not healed:
            continue
        set_monster(s, seat, m._replace(hearts=m.hearts + healed))
        ev.append(Event(K_HEALED, seat, healed, a, "", "heart faces"))
        # The healed monster cannot refuse and pays; with less, all it has (kot-cards.md R8).
        paid = min(price * healed, m.energy)
        if paid:
            set_monster(s, seat, s.monsters[seat]._replace(energy=m.energy - paid))
            ev.append(Event(K_ENERGY, seat, -paid, a, "", "pays for healing"))
            healer = s.monsters[a]
            # Energy moved, not gained: no card adds to it (decision D-ENERGY-MOVED).
            set_monster(s, a, healer._replace(energy=healer.energy + paid))
            ev.append(Event(K_ENERGY, a, paid, seat, "", "paid for healing"))
