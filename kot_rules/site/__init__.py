"""The rules-clarification site: pages generated at build time from ``spec/``.

``mkdocs.yml`` loads :mod:`kot_rules.site.hooks`, which adds the generated pages
(rules, clarifications, cards, scenarios, glossary, JSON Schemas, CLI reference)
to the build as in-memory files: nothing generated is written to ``docs/``.
:mod:`kot_rules.site.model` reads the data, :mod:`kot_rules.site.pages` writes the
Markdown, :mod:`kot_rules.site.cliref` documents the ``kot-rules`` command.
"""
