"""The computer coach's two styles as data: a team plays with one (the league's setting or
its sheet's), so the match holds it on the team and the coach reads it there.

``careful`` weighs risks and spends cards on close or decisive duels; ``reckless`` attacks
at any chance and fouls whenever it can (``coach.py`` says how each number is used).
"""

from __future__ import annotations

from dataclasses import dataclass

CAREFUL = "careful"
RECKLESS = "reckless"


@dataclass(frozen=True)
class Style:
    name: str
    risk_weight: float  # how much the threat of losing the ball counts
    shot_bias: float  # added to the value of shooting
    dribble_bias: float  # added to the value of dribbling
    attack_threshold: float  # chance needed to attack the ball carrier
    card_window: float  # play cards in a duel whose odds lie between this and 1 - this
    foul_always: bool  # foul whenever a FOUL card is in hand
    flip_gain: int  # card-side gain needed to play HEAL / MUTATION before a duel


STYLES = {
    CAREFUL: Style(CAREFUL, 1.0, 0.0, 0.0, 0.5, 0.1, False, 2),
    RECKLESS: Style(RECKLESS, 0.35, 1.5, 0.7, 0.35, 0.0, True, 1),
}
