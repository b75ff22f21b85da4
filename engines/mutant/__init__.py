"""Mutant Soccer: mutations, tactical cards, coaches and the BootCoin market.

See ``engines/mutant/README.md`` for the rules as implemented and the data
tables (cards, board, deck, dice) the rule book leaves open.
"""

from engines.mutant.engine import MutantSoccerEngine

ENGINE = MutantSoccerEngine()

__all__ = ["ENGINE", "MutantSoccerEngine"]
