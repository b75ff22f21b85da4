"""Calciotto: a tabletop football game on a field of squares, with a 42-card deck.

Rules as implemented, the data tables (field, cards, pieces, replacements) and
the decisions taken where the rule book is silent are in this package's
README.md. The engine object is in ``engine``; ``play`` (in ``match``) is the entry
point that takes a dice object, so tests can force every roll.
"""

from engines.calciotto.engine import CalciottoEngine

ENGINE = CalciottoEngine()

__all__ = ["ENGINE", "CalciottoEngine"]
