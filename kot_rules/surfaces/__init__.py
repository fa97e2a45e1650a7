"""What people and scripts use: the ``kot-rules`` command line and its readable game log."""
