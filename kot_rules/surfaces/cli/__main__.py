"""``python -m kot_rules.surfaces.cli``: the ``kot-rules`` command."""

from kot_rules.surfaces.cli.app import main

if __name__ == "__main__":
    raise SystemExit(main())
