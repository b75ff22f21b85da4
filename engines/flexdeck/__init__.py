"""Flexdeck Futbol: a soccer card game played with the Flexdeck (Martin Willett, 2020).

Each side's squad is a colour deck; every half eleven of its cards are dealt to
the pitch at random and the rest, with three jokers and the Golden Boot, form
the draw pile that moves the ball. See README.md in this folder.
"""

from engines.flexdeck.engine import FlexdeckEngine

ENGINE = FlexdeckEngine()

__all__ = ["ENGINE", "FlexdeckEngine"]
