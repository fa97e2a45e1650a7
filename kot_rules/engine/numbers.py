"""King of Tokyo's numbers, bound once at import from spec/games/king-of-tokyo.yaml.

The spec data is the only place a number of the rules is written; the engine's hot
paths read these plain module-level ints (no lookup per step), and the Z3 kernel
imports the same names.
"""

from __future__ import annotations

from kot_rules.rulebook import RuleNumbers, game_numbers

KING_OF_TOKYO: RuleNumbers = game_numbers("king-of-tokyo")

MIN_MONSTERS: int = KING_OF_TOKYO["min-players"]
MAX_MONSTERS: int = KING_OF_TOKYO["max-players"]
BAY_MIN_MONSTERS: int = KING_OF_TOKYO["bay-min-players"]
"""Tokyo Bay is played with 5 or 6 monsters, and closes below 5 [000/001 §WARIANT ZAAWANSOWANY]."""
DICE: int = KING_OF_TOKYO["dice"]
ROLLS: int = KING_OF_TOKYO["rolls"]
WIN_STARS: int = KING_OF_TOKYO["win-stars"]
START_HEARTS: int = KING_OF_TOKYO["start-hearts"]
MAX_HEARTS: int = KING_OF_TOKYO["max-hearts"]
ENTER_STARS: int = KING_OF_TOKYO["enter-tokyo-stars"]
"""Stars for entering Tokyo [000/001 §TOKIO "Za każdym razem, gdy gracz wchodzi do Tokio"]."""
START_IN_TOKYO_STARS: int = KING_OF_TOKYO["start-in-tokyo-stars"]
"""Stars for starting a turn in Tokyo [000/001 §TOKIO "Na początku każdej swojej tury"]."""
SWEEP_COST: int = KING_OF_TOKYO["sweep-cost"]
"""Energy to replace the face-up cards [000/001 §3. ZAKUP KART]."""
SHOP_SIZE: int = KING_OF_TOKYO["shop-size"]
ENERGY_PER_FACE: int = KING_OF_TOKYO["energy-per-face"]
HEARTS_PER_FACE: int = KING_OF_TOKYO["hearts-per-face"]
DAMAGE_PER_CLAW: int = KING_OF_TOKYO["damage-per-claw"]
SET_SIZE: int = KING_OF_TOKYO["set-size"]
"""Three of a number score its value [000/001 §PUNKTY ZWYCIĘSTWA] ..."""
STARS_PER_EXTRA_DIE: int = KING_OF_TOKYO["stars-per-extra-die"]
"""... and each further die of it this many more."""
