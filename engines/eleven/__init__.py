"""The board game "11": moves, pushes and passes on a board, played by computer coaches.

See ``README.md`` in this package for the rules as implemented, the board, the
coach and the league settings.
"""

from engines.eleven.engine import ElevenEngine

ENGINE = ElevenEngine()

__all__ = ["ENGINE", "ElevenEngine"]
