"""kot-rules: the reference rules specification of the King of Tokyo family."""

__version__ = "0.1.0"
