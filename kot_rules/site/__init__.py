"""The rules-clarification site of the three games: pages generated at build time from
``spec/``.

``mkdocs.yml`` loads :mod:`kot_rules.site.hooks`, which adds the generated pages
(the home page, each game's rules, clarifications, cards, board, scenarios and proofs,
the glossary, JSON Schemas, CLI reference) to the build as in-memory files: nothing
generated is written to ``docs/``. :mod:`kot_rules.site.model` reads the data,
:mod:`kot_rules.site.pages` writes King of Tokyo's pages and the shared parts, the
``site`` module of each game's folder (``kot_rules/games/<game>/site.py``, read through
:mod:`kot_rules.site.family`) each game's own, :mod:`kot_rules.site.home` the home page
(its sources section from :mod:`kot_rules.site.sources`), :mod:`kot_rules.site.cliref`
documents the ``kot-rules`` command. :mod:`kot_rules.sources`, outside the site, names
every source as the command line names it too.
"""
