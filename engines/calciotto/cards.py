"""The 42 calciotto cards as data: what each one does and why.

The rule book names the cards, their categories and counts, and when a
category may be played (moving cards in a moving phase; tackle, goalkeeper and
sanction cards in an action phase; effect cards in any phase), but not what a
card does. Each effect below is read from the card's name and category; the
``why`` line is the reasoning, kept next to the numbers so a league that loads
its own table sees what it replaces.

Card fields:

``category``   moving, tackle, goalkeeper, sanction or effect (the rule book's).
``phases``     where the card may be played: "moving", "tackle", "shot".
``user``       who may play it in an action: "mover" (the side in its moving
               phase), "attacker" (the ball carrier or shooter), "defender"
               (the tackler) or "keeper" (the goalkeeper facing a shot);
               "any" for effect cards.
``points``     moving points added to the roll (moving cards).
``reach``      extra squares one chosen piece may move beyond its movement number.
``bonus``      added to the player's own action score.
``hard``       a hard tackle: the ball carrier may answer it with a sanction card.
``caution_on_sanction``  a sanction answering this card also cautions the tackler.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CONTROPIEDE = "CONTROPIEDE"
SPRINT_3 = "SPRINT 3 (+4)"
SPRINT_4 = "SPRINT 4 (+3)"
DRIBBLING = "DRIBBLING"
TACKLE = "TACKLE"
SCIVOLATA = "SCIVOLATA"
SICUREZZA = "SICUREZZA"
TUFFO_DOPPIO = "TUFFO DOPPIO"
PUNIZIONE = "PUNIZIONE"
AMMONIZIONE = "AMMONIZIONE"
CANCELLA = "CANCELLA"
ELIMINA = "ELIMINA"
RADDOPPIA = "RADDOPPIA"

CARDS: dict[str, dict[str, Any]] = {
    CONTROPIEDE: {
        "category": "moving",
        "count": 2,
        "phases": ("moving",),
        "user": "mover",
        "extra_phase": True,
        "why": "A counter-attack catches the defence out of shape: playable only in the moving "
        "phase right after the side won the ball (a tackle or a save), and that side then plays "
        "a second moving phase at once instead of handing the turn over.",
    },
    SPRINT_3: {
        "category": "moving",
        "count": 4,
        "phases": ("moving",),
        "user": "mover",
        "points": 4,
        "reach": 3,
        "why": "A sprint lets one runner go beyond his movement number: the first number is how "
        "many extra squares that one piece may run, the bracket the moving points added to the "
        "roll to pay for them (3 squares, +4 points).",
    },
    SPRINT_4: {
        "category": "moving",
        "count": 4,
        "phases": ("moving",),
        "user": "mover",
        "points": 3,
        "reach": 4,
        "why": "The same sprint read the other way round: a longer run for the one piece (4 extra "
        "squares) paid by fewer added points (+3), so the two sprints trade reach against points.",
    },
    DRIBBLING: {
        "category": "tackle",
        "count": 4,
        "phases": ("tackle",),
        "user": "attacker",
        "bonus": 3,
        "why": "A dribble is the ball carrier's answer to a tackle: +3 to his tackle score.",
    },
    TACKLE: {
        "category": "tackle",
        "count": 4,
        "phases": ("tackle",),
        "user": "defender",
        "bonus": 2,
        "hard": True,
        "why": "A firm tackle: +2 to the tackler's score, but it is a hard tackle, so the carrier "
        "may answer it with PUNIZIONE or AMMONIZIONE as the rule book's free kick section says.",
    },
    SCIVOLATA: {
        "category": "tackle",
        "count": 4,
        "phases": ("tackle",),
        "user": "defender",
        "bonus": 4,
        "hard": True,
        "caution_on_sanction": True,
        "why": "A slide tackle wins more balls (+4) but risks more: it is a hard tackle, and a "
        "sanction played on it also cautions the tackler, as a reckless slide would.",
    },
    SICUREZZA: {
        "category": "goalkeeper",
        "count": 2,
        "phases": ("shot",),
        "user": "keeper",
        "keeps_base": True,
        "why": "A sure-handed keeper is never wrong-footed: he keeps his save base wherever in "
        "the goal area the shot arrives.",
    },
    TUFFO_DOPPIO: {
        "category": "goalkeeper",
        "count": 4,
        "phases": ("shot",),
        "user": "keeper",
        "reroll": True,
        "why": "A double dive is a second try at the ball: the keeper rolls his two dice twice and "
        "keeps the better total.",
    },
    PUNIZIONE: {
        "category": "sanction",
        "count": 4,
        "phases": ("tackle",),
        "user": "attacker",
        "sanction": True,
        "why": "A foul called on a hard tackle: the tackle does not count and the carrier's side "
        "takes a free kick from the ball's square (a penalty inside the penalty area).",
    },
    AMMONIZIONE: {
        "category": "sanction",
        "count": 4,
        "phases": ("tackle",),
        "user": "attacker",
        "sanction": True,
        "caution": True,
        "why": "A booking on a hard tackle: the same free kick as PUNIZIONE and the tackler is "
        "cautioned too (a second caution sends him off).",
    },
    CANCELLA: {
        "category": "effect",
        "count": 2,
        "phases": ("moving", "tackle", "shot"),
        "user": "any",
        "cancels": True,
        "why": "Cancel the opponent's card of this phase: in an action the second to roll plays it "
        "on the first one's card; in a moving phase the side not in turn may play it at once on "
        "the mover's card (the only card it may play there, as effect cards work in any phase).",
    },
    ELIMINA: {
        "category": "effect",
        "count": 2,
        "phases": ("tackle", "shot"),
        "user": "any",
        "removes_base": True,
        "why": "Eliminate the opponent's edge: the opposing piece's base strength does not count "
        "in this action, even inside its competence area. It has nothing to eliminate in a "
        "moving phase, so it is played in actions only.",
    },
    RADDOPPIA: {
        "category": "effect",
        "count": 2,
        "phases": ("moving", "tackle", "shot"),
        "user": "any",
        "doubles": True,
        "why": "Double what the side is doing: in a moving phase the moving points are doubled "
        "(like the keeper's throw), in an action the player's own base strength counts twice.",
    },
}

#: The categories and counts the rule book gives, checked against CARDS at import.
RULE_BOOK_COUNTS = {"moving": 10, "tackle": 12, "goalkeeper": 6, "sanction": 8, "effect": 6}


def _check(table: Mapping[str, Mapping[str, Any]]) -> None:
    counts: dict[str, int] = {}
    for spec in table.values():
        counts[spec["category"]] = counts.get(spec["category"], 0) + spec["count"]
    if counts != RULE_BOOK_COUNTS:
        raise ValueError(f"calciotto deck does not match the rule book: {counts}")


_check(CARDS)


def build_deck() -> list[str]:
    """The 42 cards in a fixed order, ready to be shuffled with the match dice."""
    return [name for name, spec in CARDS.items() for _ in range(spec["count"])]


def playable(name: str, phase: str, user: str) -> bool:
    """May ``user`` play card ``name`` in ``phase``?"""
    spec = CARDS[name]
    return phase in spec["phases"] and spec["user"] in ("any", user)
