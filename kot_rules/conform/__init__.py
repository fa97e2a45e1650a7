"""kot-conform: the conformance scenarios run against any engine, over a JSON-lines protocol.

- :mod:`~kot_rules.conform.protocol`: the messages (docs/conform/protocol.md);
- :mod:`~kot_rules.conform.channel`: the engine as a child process, with a time limit;
- :mod:`~kot_rules.conform.needs`: what a scenario asks of an engine (else: unsupported);
- :mod:`~kot_rules.conform.play`: one scenario played by the engine and the reference engine;
- :mod:`~kot_rules.conform.runner`: every scenario file through the engine, restarts;
- :mod:`~kot_rules.conform.report`: the results, by rule and decision id;
- :mod:`~kot_rules.conform.own`: the reference engine behind the protocol, and
  :mod:`~kot_rules.conform.breaks`: the same with one rule broken on purpose.
"""
