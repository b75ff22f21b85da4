"""Fütti: five-on-five fictional soccer (rule book: ../shared/rules/futti.txt).

``ENGINE`` is the registry's engine object. The rules live in ``match``, the
tables the rule book leaves open in ``charts``, cards, prices and the generic
player set in ``cards``; ``README.md`` documents all of it.
"""

from engines.futti.engine import FuttiEngine

ENGINE = FuttiEngine()

__all__ = ["ENGINE", "FuttiEngine"]
