"""The engine's errors: each a ValueError whose message shows the offending input."""

from __future__ import annotations


class KotRulesError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalActionError(KotRulesError):
    """An action that is not legal in the state it was applied to.

    The state it was applied to is left unchanged.
    """


class ConfigError(KotRulesError):
    """A game configuration or set-up that the rules do not allow."""


class StateFormatError(KotRulesError):
    """A serialised state or action that cannot be read back."""


class NotExecutableError(IllegalActionError):
    """A card says a word of the card language that the engine cannot run yet (King of New
    York's words still without a meaning: kot_rules.engine.cards.NOT_YET): buying it is not
    legal, and its verbs refuse to run."""
