"""kot-conform: the conformance scenarios run against any engine, over a JSON-lines protocol.

- :mod:`~kot_rules.conform.protocol`: the messages (docs/conform/protocol.md);
- :mod:`~kot_rules.conform.channel`: the engine as a child process, with a time limit;
- :mod:`~kot_rules.conform.needs`: what a scenario asks of an engine (else: unsupported);
- :mod:`~kot_rules.conform.runner`: the scenarios played through the engine and judged;
- :mod:`~kot_rules.conform.report`: the results, by rule and decision id;
- :mod:`~kot_rules.conform.own`: the reference engine behind the protocol, and
  :mod:`~kot_rules.conform.breaks`: the same with one rule broken on purpose.
"""
