"""One page per diagnostic code (``codes/KOT123.md``) and their index.

Each page gives the code's meaning (``language.diagnostics.CODES``), a wrong card file
with what ``kot-rules check`` says of it (the checker runs at build time) and the file
put right (``language.code_examples``); a code no card text gives says why instead.
Every hint that ``kot-rules check`` prints ends with the path of its code's page
(``language.diagnostics.doc_path``).
"""

from __future__ import annotations

from typing import Any

from kot_rules.language.cardset import check_text
from kot_rules.language.code_examples import EXAMPLES, CodeExample
from kot_rules.language.diagnostics import CODES, WARNING_CODES, doc_path

from .pages import cell, fenced, inline, link, note, table

CODES_INDEX = "codes/index.md"
LANGUAGE_INDEX = "language/index.md"
EXAMPLE_FILE = "sample.kot"

_GROUPS = (("KOT1", "Reading and syntax"), ("KOT2", "Meaning"), ("KOT3", "Proofs"))


def code_uri(code: str) -> str:
    """``codes/KOT123.md``: built at ``doc_path(code)``, the path the hints print."""
    return f"{doc_path(code).rstrip('/')}.md"


def severity(code: str) -> str:
    return "warning" if code in WARNING_CODES else "error"


def _group(code: str) -> str:
    return next((name for prefix, name in _GROUPS if code.startswith(prefix)), "Other")


def code_page(example: CodeExample) -> str:
    code = example.code
    src = code_uri(code)
    meaning = CODES[code]
    out = [f"# {code}: {inline(meaning)}", "",
           f"**{severity(code).capitalize()}** · {_group(code)} · "
           f"[All codes]({link(src, CODES_INDEX)}) · "
           f"[The card language]({link(src, LANGUAGE_INDEX)})", "",
           "## What it means", "",
           inline(meaning[:1].upper() + meaning[1:]) + ".", ""]
    if severity(code) == "warning":
        out += ["A warning: the cards still load, and `kot-rules check` exits 0 if nothing "
                "worse is found.", ""]
    else:
        out += ["An error: a card file with it is refused, and `kot-rules check` exits 1.", ""]
    if example.exempt:
        out += ["## No card text gives it", "", inline(example.exempt), ""]
    else:
        out += ["## A wrong card file", ""]
        out += fenced(example.wrong)
        if example.remark:
            out += [inline(example.remark), ""]
        said = "\n".join(d.render() for d in check_text(example.wrong, EXAMPLE_FILE))
        out += [f"What `kot-rules check {EXAMPLE_FILE}` says of it:", ""]
        out += fenced(said)
        out += ["## The same card put right", "",
                "`kot-rules check` finds nothing to say about this one:", ""]
        out += fenced(example.right)
    out += note("kot_rules/language/diagnostics.py and code_examples.py")
    return "\n".join(out)


def codes_index() -> str:
    src = CODES_INDEX
    out = ["# Diagnostic codes", "",
           "Every problem `kot-rules check` reports about a card file has a stable code: "
           "tools and tests match on it, and a code is never reused for another problem. "
           "Each hint ends with the path of the code's page here (`docs: codes/KOT113/`). "
           "KOT1xx are reading and syntax problems, KOT2xx problems of meaning, KOT3xx "
           "failed proofs (a card sentence that can break an invariant of the rules).", ""]
    for prefix, name in _GROUPS:
        rows = [[f"[{code}]({link(src, code_uri(code))})", severity(code), cell(CODES[code])]
                for code in EXAMPLES if code.startswith(prefix)]
        out += [f"## {name}", ""]
        out += table(["Code", "Severity", "Meaning"], rows)
    out += note("kot_rules/language/diagnostics.py")
    return "\n".join(out)


def code_pages() -> dict[str, str]:
    """The index and one page per code (``src_uri`` -> Markdown)."""
    pages = {CODES_INDEX: codes_index()}
    pages.update({code_uri(code): code_page(example) for code, example in EXAMPLES.items()})
    return pages


def codes_nav() -> dict[str, list[Any]]:
    return {CODES_INDEX: [code_uri(code) for code in EXAMPLES]}
