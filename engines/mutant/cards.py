"""Player cards, mutant powers, coaches and prices of Mutant Soccer, as data.

The prototype prints its 23 player cards as pictures; the text gives us the
names of the twelve first-game players (two teams of five plus a goalkeeper),
Andi "der Ausputzer"'s standard side (attack 1, defence 4, price 2 BC) and one
mutated side (attack 5, defence 1, a tick-shaped trigger icon). Everything else
here is our design, in the same spirit: a player's nickname hints at the card.

A card's game attributes:

``role``            ``field`` or ``goalkeeper``
``attack``          standard side attacking power (passing is free; attack is used
                    to dribble, to attack the ball carrier and to shoot), 1..6
``defence``         standard side defensive power in a duel, 1..6
``mutant_attack``   the same on the mutated side
``mutant_defence``
``trigger``         one of the six trigger icons of the rule book (``TRIGGERS``)
``power``           the mutant power that fires on that trigger (``POWERS``)

Prices: the rule book prints one price per card and shows one (Andi: 1 + 4
-> 2 BC). We use ``price = attack + defence - 3`` on the standard side, never
below 0, for every card. The 23 cards average 1.9 BC, so the 15 BC budget buys a
full team of average cards (about 11.3 BC) with coins left for a substitute or
extra tactical cards (2 BC each), and the cheapest cards (0 BC) always let a
coach complete a team.
"""

from __future__ import annotations

from typing import Any

from engines.core import Dice

FIELD = "field"
GOALKEEPER = "goalkeeper"
ROLES = (FIELD, GOALKEEPER)

MIN_RATING = 1
MAX_RATING = 6

#: The six trigger icons. A mutant power is activated before the duel (by a
#: SPECIAL on the mutated side, or a MUTANT POWER tactical card); its effect
#: happens only when the duel ends the way its trigger says. That is how the rule
#: book's example can activate a power that "has no effect on the shot at goal".
SUCCESSFUL_DEFENCE = "successful_defence"
SUCCESSFUL_ATTACK = "successful_attack"
DEFENCE_FAILS = "defence_fails"
ATTACK_FAILS = "attack_fails"
YOU_FAIL = "you_fail"
YOU_SUCCEED = "you_succeed"
TRIGGERS = (SUCCESSFUL_DEFENCE, SUCCESSFUL_ATTACK, DEFENCE_FAILS, ATTACK_FAILS, YOU_FAIL, YOU_SUCCEED)
SUCCESS_TRIGGERS = frozenset({SUCCESSFUL_DEFENCE, SUCCESSFUL_ATTACK, YOU_SUCCEED})
FAIL_TRIGGERS = frozenset({DEFENCE_FAILS, ATTACK_FAILS, YOU_FAIL})


def trigger_fires(trigger: str | None, attacking: bool, won: bool) -> bool:
    """Whether a trigger icon matches how the duel went for this player (a card without
    one, the player-coach's, has no power to fire)."""
    if trigger == YOU_SUCCEED:
        return won
    if trigger == YOU_FAIL:
        return not won
    if trigger == SUCCESSFUL_ATTACK:
        return attacking and won
    if trigger == ATTACK_FAILS:
        return attacking and not won
    if trigger == SUCCESSFUL_DEFENCE:
        return not attacking and won
    return not attacking and not won  # DEFENCE_FAILS


#: The mutant powers (our design), with the triggers each one makes sense with.
POWERS: dict[str, str] = {
    "draw_two": "draw two tactical cards",
    "foul_opponent": "the duel opponent is fouled",
    "shrug_off": "this player ignores fouls and injuries from this duel",
    "coaching_token": "take a coaching token from the supply",
    "steal_card": "take a random tactical card from the opposing coach's hand",
    "advance": "with the ball after the duel, run one square forward at once",
    "hold_ball": "lost the duel while holding the ball: keep it, nobody swaps",
    "reanimate": "put the top card of your injured pile back on the field",
}
POWER_TRIGGERS: dict[str, frozenset[str]] = {
    "advance": SUCCESS_TRIGGERS,
    "hold_ball": FAIL_TRIGGERS,
}

# name, attack, defence, mutant attack, mutant defence, trigger, power
_FIELD_PLAYERS: tuple[tuple[str, int, int, int, int, str, str], ...] = (
    # Team A of the first game (coach Choleriker). Andi's standard side is printed
    # in the rule book; LSD-Dieter carries the printed mutated side (5 / 1, tick icon).
    ("Andi „der Ausputzer“", 1, 4, 2, 5, SUCCESSFUL_DEFENCE, "advance"),
    ("LSD-Dieter", 3, 2, 5, 1, YOU_SUCCEED, "draw_two"),
    ("Edda „Schwalbenkönigin“", 3, 2, 3, 2, YOU_FAIL, "foul_opponent"),
    ("Erik „der Wadenbeisser“", 2, 3, 2, 4, SUCCESSFUL_DEFENCE, "foul_opponent"),
    ("Freddi „der Joker“", 3, 3, 4, 1, YOU_SUCCEED, "steal_card"),
    # Team B of the first game (coach Alter Hase).
    ("Robert „der Fummelpapst“", 4, 1, 5, 2, SUCCESSFUL_ATTACK, "advance"),
    ("Bernd „der Brecher“", 2, 4, 3, 3, SUCCESSFUL_DEFENCE, "foul_opponent"),
    ("Kalle „das Kopfballungeheuer“", 4, 2, 5, 2, ATTACK_FAILS, "hold_ball"),
    ("Karla „die Knipserin“", 4, 1, 6, 1, SUCCESSFUL_ATTACK, "coaching_token"),
    ("Lukas „Libero“", 3, 3, 2, 4, DEFENCE_FAILS, "hold_ball"),
    # The other eight field players of the box (invented).
    ("Tina „die Turbine“", 4, 2, 4, 1, SUCCESSFUL_ATTACK, "advance"),
    ("Holger „Hackentrick“", 3, 1, 4, 2, YOU_SUCCEED, "draw_two"),
    ("Mops", 1, 2, 3, 3, YOU_FAIL, "shrug_off"),
    ("Uwe „Bolzplatz“", 2, 2, 1, 4, DEFENCE_FAILS, "foul_opponent"),
    ("Jenny „Grätsche“", 2, 4, 1, 5, SUCCESSFUL_DEFENCE, "steal_card"),
    ("Opa Kuddel", 1, 3, 3, 2, YOU_FAIL, "reanimate"),
    ("Zwilling Ron", 3, 2, 4, 3, ATTACK_FAILS, "shrug_off"),
    ("Nina „Nudelbein“", 2, 1, 5, 1, YOU_SUCCEED, "coaching_token"),
)

_GOALKEEPERS: tuple[tuple[str, int, int, int, int, str, str], ...] = (
    ("„Kraken“ Hannes", 1, 4, 1, 5, SUCCESSFUL_DEFENCE, "draw_two"),
    ("Siegfried „Die Furie“", 1, 3, 2, 4, YOU_FAIL, "foul_opponent"),
    ("Gisela „die Wand“", 1, 5, 1, 4, DEFENCE_FAILS, "foul_opponent"),
    ("Bruno „Bratpfanne“", 2, 3, 1, 5, SUCCESSFUL_DEFENCE, "steal_card"),
    ("Paule „Fliegenfänger“", 1, 2, 2, 4, YOU_FAIL, "shrug_off"),
)


def card_price(attack: int, defence: int) -> int:
    """BootCoins of a card: its standard side's attack + defence - 3, at least 0."""
    return max(0, attack + defence - 3)


def _slug(name: str) -> str:
    keep = "".join(ch.lower() if ch.isalnum() else "-" for ch in name)
    for umlaut, plain in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        keep = keep.replace(umlaut, plain)
    return "-".join(part for part in keep.split("-") if part)


def _card(role: str, row: tuple[str, int, int, int, int, str, str], card_id: str | None = None) -> dict[str, Any]:
    name, attack, defence, mutant_attack, mutant_defence, trigger, power = row
    return {
        "id": card_id or _slug(name),
        "name": name,
        "role": role,
        "price": card_price(attack, defence),
        "attack": attack,
        "defence": defence,
        "mutant_attack": mutant_attack,
        "mutant_defence": mutant_defence,
        "trigger": trigger,
        "power": power,
    }


#: The 23 player cards of the box: 18 field players and 5 goalkeepers.
BOX_CARDS: tuple[dict[str, Any], ...] = tuple(
    [_card(FIELD, row) for row in _FIELD_PLAYERS] + [_card(GOALKEEPER, row) for row in _GOALKEEPERS]
)


def box_cards() -> list[dict[str, Any]]:
    """Fresh copies of the 23 cards of the box."""
    return [dict(card) for card in BOX_CARDS]


#: The coaches of the box. Every coach's "+" reanimates the top card of the
#: injured pile; the Alter Hase may pick any card of it.
COACHES: dict[str, dict[str, str]] = {
    "alter_hase": {
        "name": "Alter Hase (the old hand)",
        "T": "heal any hurt player: flip a mutated player back to the standard side",
        "+": "reanimate any player of the injured pile",
    },
    "taktikerin": {
        "name": "Taktikerin (the tactician)",
        "T": "draw 6 tactical cards and keep 3 (hand limit still applies)",
        "+": "reanimate the top player of the injured pile",
    },
    "choleriker": {
        "name": "Choleriker (the hairdryer)",
        "T": "foul a player of your choice by yelling at them",
        "+": "reanimate the top player of the injured pile",
    },
    "spielertrainer": {
        "name": "Spielertrainer (player-coach)",
        "T": "substitute a field player with the player-coach (shoots from the 3rd row)",
        "+": "reanimate the top player of the injured pile",
    },
}
COACH_KEYS = tuple(COACHES)

#: The Spielertrainer's own card. Not printed in the rule book: an all-round 3 / 3
#: (a 3 BC card if it were for sale) without a mutated side.
PLAYER_COACH = {"name": "Spielertrainer", "attack": 3, "defence": 3}

#: The two teams of the rule book's first game, by card id, with their coaches.
FIRST_GAME_TEAMS: dict[str, dict[str, Any]] = {
    "A": {
        "coach": "choleriker",
        "players": [
            "andi-der-ausputzer",
            "lsd-dieter",
            "edda-schwalbenkoenigin",
            "erik-der-wadenbeisser",
            "freddi-der-joker",
            "kraken-hannes",
        ],
    },
    "B": {
        "coach": "alter_hase",
        "players": [
            "robert-der-fummelpapst",
            "bernd-der-brecher",
            "kalle-das-kopfballungeheuer",
            "karla-die-knipserin",
            "lukas-libero",
            "siegfried-die-furie",
        ],
    },
}

_GENERATED_FIRST = (
    "Achim", "Bea", "Cem", "Dora", "Egon", "Fiete", "Gesa", "Hinni", "Ilse", "Jörn",
    "Kai", "Lotte", "Malte", "Nele", "Olli", "Piet", "Rike", "Sönke", "Thea", "Wiebke",
)  # fmt: skip
_GENERATED_NICK = (
    "Blutgrätsche", "Flanke", "Pferdelunge", "Tunnelkönig", "Eisenfuss", "Sense",
    "Zauberfuss", "Abstauber", "Wühlmaus", "Dampfhammer", "Bananenflanke", "Zweikampf",
)  # fmt: skip


def generated_card(dice: Dice, index: int, role: str) -> dict[str, Any]:
    """One invented card in the style of the box, marked by an id starting ``gen-``.

    Standard sides follow the box's spread (attack and defence 1-4, sums 3-7);
    the mutated side moves each value by -2..+2; powers pair with triggers that
    make sense for them.
    """
    if role == GOALKEEPER:
        attack, defence = dice.choice((1, 1, 2)), dice.choice((2, 3, 3, 4, 4, 5))
    else:
        attack, defence = dice.choice((1, 2, 2, 3, 3, 4)), dice.choice((1, 2, 2, 3, 3, 4))
    mutant_attack = min(MAX_RATING, max(MIN_RATING, attack + dice.roll(5) - 3))
    mutant_defence = min(MAX_RATING, max(MIN_RATING, defence + dice.roll(5) - 3))
    powers = [p for p in POWERS if role == FIELD or p not in ("advance", "reanimate")]
    power = dice.choice(powers)
    trigger = dice.choice(sorted(POWER_TRIGGERS.get(power, TRIGGERS)))
    name = f"{dice.choice(_GENERATED_FIRST)} „{dice.choice(_GENERATED_NICK)}“"
    row = (name, attack, defence, mutant_attack, mutant_defence, trigger, power)
    return _card(role, row, card_id=f"gen-{index:02d}")


def league_pool(seed: int, field_players: int = 54, goalkeepers: int = 10) -> list[dict[str, Any]]:
    """The box's 23 cards plus generated ones, enough for twelve teams with spares."""
    dice = Dice(seed)
    pool = box_cards()
    index = 1
    for role, count in ((FIELD, field_players), (GOALKEEPER, goalkeepers)):
        for _ in range(count):
            pool.append(generated_card(dice, index, role))
            index += 1
    return pool
