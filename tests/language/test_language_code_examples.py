"""The wrong and right card files of every diagnostic code (shown on the site's code
pages): each wrong file gives exactly its code, each right file gives nothing."""

from __future__ import annotations

import pytest

from kot_rules.language import CODES
from kot_rules.language.cardset import check_text
from kot_rules.language.code_examples import EXAMPLES, CodeExample

CHECKED = [e for e in EXAMPLES.values() if not e.exempt]

# The codes no card text gives, each with its reason; a new code must be added here or
# given examples.
EXEMPT = {
    "KOT100": "a path that cannot be read",
    "KOT101": "bytes that are not UTF-8",
    "KOT112": "a file over the size limit",
    "KOT199": "always follows other codes",
    "KOT223": "only one game is registered",
    **{code: "found by the prover, not the checker" for code in CODES
       if code.startswith("KOT3")},
}


class TestCodeExamples:
    def test_every_code_has_examples_or_an_exemption(self) -> None:
        assert list(EXAMPLES) == sorted(CODES)
        assert {e.code for e in EXAMPLES.values() if e.exempt} == set(EXEMPT)

    def test_an_exemption_has_a_reason_and_no_files(self) -> None:
        for example in EXAMPLES.values():
            if example.exempt:
                assert not example.wrong and not example.right, example.code
            else:
                assert example.wrong and example.right, example.code

    @pytest.mark.parametrize("example", CHECKED, ids=[e.code for e in CHECKED])
    def test_the_wrong_file_gives_exactly_its_code(self, example: CodeExample) -> None:
        found = check_text(example.wrong)
        assert found, f"{example.code}: the wrong file gives nothing"
        assert {d.code for d in found} == {example.code}, [d.render() for d in found]

    @pytest.mark.parametrize("example", CHECKED, ids=[e.code for e in CHECKED])
    def test_the_right_file_gives_nothing(self, example: CodeExample) -> None:
        found = check_text(example.right)
        assert found == [], [d.render() for d in found]
