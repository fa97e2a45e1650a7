"""A wrong and a right card file for every diagnostic code, for the docs and the tests.

Each :class:`CodeExample` is one card file that gives its code and no other
(``wrong``), and the same file put right, which gives no diagnostic at all
(``right``). A code that no card file's text can give (a file that cannot be
read, a proof that failed) has no files and says why in ``exempt``. The site
shows them on the page of each code (``codes/KOT123/``); a test checks them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .diagnostics import CODES


@dataclass(frozen=True, slots=True)
class CodeExample:
    """The wrong and right card files of one code, or why it has none."""

    code: str
    wrong: str = ""
    right: str = ""
    exempt: str = ""
    """Why no card text gives this code (then ``wrong`` and ``right`` are empty)."""
    remark: str = ""
    """What a reader cannot see in ``wrong`` (an invisible character)."""


_K = 'card "Sample"\n  cost 4, keep\n'
_D = 'card "Sample"\n  cost 4, discard\n'
_M = 'monster "Sample"\n  hearts 9\n'

_PROOF = ("Found by the proofs (Z3), which `kot-rules verify` runs and `kot-rules check` "
          "runs after its checks (unless told to skip them): a card sentence that can break "
          "an invariant of the rules. It is not a mistake of spelling or grammar, and the "
          "examples here are checked without the proofs; tests/verify pins each code to "
          "its invariant.")


def _example(code: str, wrong: str, right: str, remark: str = "") -> CodeExample:
    return CodeExample(code, wrong, right, remark=remark)


def _exempt(code: str, reason: str) -> CodeExample:
    return CodeExample(code, exempt=reason)


_EXAMPLES: tuple[CodeExample, ...] = (
    _exempt("KOT100", "A problem with the path given to `kot-rules check`, not with a card "
            "file's text: the file or folder does not exist, cannot be read, or a folder "
            "holds no `.kot` file."),
    _exempt("KOT101", "A problem with the bytes of a file, before it is text: bytes that are "
            "not UTF-8 (a file saved as Latin-2 or Windows-1250, say) cannot be shown as a "
            "card text. Save the file as UTF-8."),
    _example("KOT102", 'card "Sample"\n  cost x, keep\n', _K),
    _example("KOT103", 'card "Sample"\n  cost 4 keep\n', _K),
    _example("KOT104", 'card "Sample"\n  cost 4, kept\n', _K),
    _example("KOT105", 'card "Sample\n  cost 4, keep\n', _K),
    _example("KOT106", "card Sample\n  cost 4, keep\n", _K),
    _example("KOT107", 'card "Sample"\ncost 4, keep\n', _K),
    _example("KOT108", 'card "Sample"\n  cots 4, keep\n', _K),
    _example("KOT109", 'card "Sample"\n  cost 4,\n', _K),
    _example("KOT110", 'card "Sample"\n  cost 4,\u00a0keep\n', _K,
             "The space after the comma is a no-break space (U+00A0), as a word processor "
             "or a web page may paste it: it looks like a space but is not one."),
    _example("KOT111", 'card "Sample" keep\n  cost 4, keep\n', _K),
    _exempt("KOT112", "A problem with the size of a file: a card file is a few lines, and a "
            "file of more than a megabyte is refused before it is read. No short text shows "
            "it."),
    _example("KOT113", _D + "  Gain 2 stars\n", _D + "  Gain 2 stars.\n"),
    _example("KOT114", _D + "  Gain 2 points.\n", _D + "  Gain 2 stars.\n"),
    _example("KOT115", _D + "  Take two damage.\n", _D + "  Take 2 damage.\n"),
    _example("KOT116", _K + "  When you roll, gain 1 star.\n",
             _K + "  When you attack, gain 1 star.\n"),
    _exempt("KOT199", "Reported after a file's first problems, when there are too many to be "
            "worth reading: it always follows other codes, so no file gives it alone. Put "
            "the first problems right and check again."),
    _example("KOT201", _K + 'card "sample"\n  cost 5, keep\n',
             _K + 'card "Other Sample"\n  cost 5, keep\n'),
    _example("KOT202", 'card "Sample"\n  cost 100, keep\n', _K),
    _example("KOT203", 'card "Sample"\n  cost 4, keep, copies 0\n',
             'card "Sample"\n  cost 4, keep, copies 2\n'),
    _example("KOT204", _K + '  alias de "Probe"\n', _K + '  alias pl "Próbka"\n'),
    _example("KOT205", _K + '  alias pl "Próbka"\n  alias pl "próbka"\n',
             _K + '  alias pl "Próbka"\n  alias cz "Vzorek"\n'),
    _example("KOT206", 'card " "\n  cost 4, keep\n', _K),
    _example("KOT207", 'card "?!"\n  cost 4, keep\n', _K),
    _example("KOT208", 'card "Próbka"\n  cost 4, keep\n', _K + '  alias pl "Próbka"\n'),
    _example("KOT209", 'card "Sample"\n  alias pl "Próbka"\n', _K + '  alias pl "Próbka"\n'),
    _example("KOT210", _K + "  cost 5, keep\n", _K),
    _example("KOT211", _K + '  alias pl "Próbka"\ncard "Other Sample"\n  cost 5, keep\n'
             '  alias cz "próbka"\n',
             _K + '  alias pl "Próbka"\ncard "Other Sample"\n  cost 5, keep\n'
             '  alias cz "Vzorek"\n'),
    _example("KOT212", "# The cards come later.\n", "# The cards come later.\n" + _K),
    _example("KOT213", _D + "  Gain 0 stars.\n", _D + "  Gain 1 star.\n"),
    _example("KOT214", _D + "  Gain 1 stars.\n", _D + "  Gain 1 star.\n"),
    _example("KOT215", _K + "  Heal 1.\n", _K + "  When you buy this card, heal 1.\n"),
    _example("KOT216", _D, _D + "  Gain 2 stars.\n"),
    _example("KOT217", _D + "  Gain 1 star.\n  When you attack, gain 1 star.\n",
             _K + "  When you buy this card, gain 1 star.\n  When you attack, gain 1 star.\n"),
    _example("KOT218", _K + "  Cards cost you 0 energy less.\n",
             _K + "  Cards cost you 1 energy less.\n"),
    _example("KOT219", _K + "  When you score a set of 4s, gain 2 stars.\n",
             _K + "  When you score a set of 3s, gain 2 stars.\n"),
    _example("KOT220", _K + "  When you attack, if they show every face, gain 9 stars.\n",
             _K + "  When you resolve your dice, if they show every face, gain 9 stars.\n"),
    _example("KOT221", _K + "  You may change one of your dice to a 4.\n",
             _K + "  You may change one of your dice to a 3.\n"),
    _example("KOT222", _K + "  When you attack, you may reroll one of its dice.\n",
             _K + "  When another monster has finished rolling, you may reroll one of its "
             "dice.\n"),
    _exempt("KOT223", "Every word of the card language may be said by the cards of every "
            "game registered today (King of Tokyo is the only one), so no card text gives "
            "this code yet. It will, once a game whose cards may not say some word is added: "
            "tests/language/test_language_games.py moves a word to another game to show it."),
    _example("KOT230", _K + "  When you deal damage to a monster, put a poison token on it.\n",
             _K + "  The game has 12 poison tokens.\n"
             "  When you deal damage to a monster, put a poison token on it.\n"),
    _example("KOT231", _K + "  The game has 0 smoke tokens.\n"
             "  When you buy this card, put 3 smoke tokens on this card.\n",
             _K + "  The game has 3 smoke tokens.\n"
             "  When you buy this card, put 3 smoke tokens on this card.\n"),
    _example("KOT232", _K + "  The game has 12 poison tokens.\n"
             "  When you attack, put a poison token on it.\n",
             _K + "  The game has 12 poison tokens.\n"
             "  When you deal damage to a monster, put a poison token on it.\n"),
    # King of Tokyo has no Buzz tiles (a Duel card names one: `buzz "heal"`).
    _example("KOT233", _D + '  buzz "heal"\n  Gain 1 star.\n', _D + "  Gain 1 star.\n"),
    # A monster file's codes.
    _example("KOT240", 'monster "Sample"\n  heart 9\n', _M),
    _example("KOT241", 'monster "Sample"\n  With 2 power faces, gain 2 energy.\n',
             _M + "  With 2 power faces, gain 2 energy.\n"),
    _example("KOT242", 'monster "Sample"\n  hearts 0\n', _M),
    _example("KOT243", _M + "  With 2 power faces, gain 2 stars.\n",
             _M + "  With 2 power faces, gain 2 energy.\n"),
    *(_exempt(code, _PROOF) for code in CODES if code.startswith("KOT30")),
    # The Duel invariants' codes, found by the proofs too.
    *(_exempt(code, _PROOF) for code in CODES if code.startswith("KOT31")),
    # The New York invariants' codes, found by the proofs too.
    *(_exempt(code, _PROOF) for code in CODES if code.startswith("KOT32")),
    _exempt("KOT390", "Found by the proofs (`kot-rules verify`, and `kot-rules check` after "
            "its checks) when a card says a word of the card language that they do not "
            "model yet: a gap in the proofs, not in the card."),
    _exempt("KOT391", "Found by the proofs when the solver runs out of time on a card; it "
            "depends on the machine and the time limit, not on a text."),
)

EXAMPLES: dict[str, CodeExample] = {e.code: e for e in _EXAMPLES}
"""Every code of :data:`~.diagnostics.CODES`, in code order, with its examples."""
EXAMPLES = {code: EXAMPLES[code] for code in sorted(EXAMPLES)}
