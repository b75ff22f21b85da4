"""Live drafts, one module per part: ``setup``, ``state``, ``clock``, ``moves``, ``market``,
``auction`` and ``room``; a move is made in ``moves``, which locks the draft's row first."""
