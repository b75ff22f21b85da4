"""Player pieces: the card format, its validation, the sample pool and prices.

A piece's base shows a role letter with two numbers: the movement number on the
left (how many squares it may move in one moving phase) and the circled
tackle/shot strength on the right (the save strength for a goalkeeper), which
counts only inside the piece's competence area. A card is therefore
``{"role": "D", "move": 3, "strength": 4}`` plus ``id``, ``name`` and ``price``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import CardError, Dice

ROLES = {
    "P": "goalkeeper",
    "D": "defender",
    "C": "midfielder",
    "A": "forward",
    "T": "wing-back",
}
IGNORED_KEYS = frozenset({"id", "name", "price"})
MOVE_RANGE = range(1, 7)
STRENGTH_RANGE = range(0, 7)

#: What the sample pool draws for each role: (movement low, high), (strength
#: low, high), cards per team in the pool. Wing-backs run the long wings, so
#: they move most; defenders move least and tackle hardest; goalkeepers only
#: shuffle along four squares, so their movement stays small.
POOL_PROFILE: dict[str, tuple[tuple[int, int], tuple[int, int], int]] = {
    "P": ((1, 3), (2, 6), 2),
    "D": ((2, 4), (3, 5), 3),
    "T": ((4, 6), (2, 4), 2),
    "C": ((3, 5), (2, 4), 3),
    "A": ((3, 5), (3, 5), 3),
}
#: Price = max(0, move + 2 * strength - PAR[role]). Strength counts twice since
#: it enters every tackle and shot, movement only caps one piece's share of the
#: roll. PAR is one below the value of a role's average piece, so an average
#: piece costs about 1 BootCoin and 13 of them about 15, the league budget; the
#: weakest pieces of every role cost 0.
PRICE_PAR = {"P": 10, "D": 10, "T": 10, "C": 9, "A": 11}
#: Weakest pieces (move and strength at the bottom of the role's range, price 0)
#: the pool holds for every role, so a squad can always be completed for nothing.
FREE_PIECES_PER_ROLE = 3
TEAMS_IN_POOL = 12
FIRST_NAMES = (
    "Aldo", "Bruno", "Carlo", "Dario", "Elio", "Franco", "Gino", "Ivo", "Lino", "Mario",
    "Nino", "Orazio", "Piero", "Renzo", "Sandro", "Tullio", "Ugo", "Vasco", "Walter", "Zeno",
)  # fmt: skip
LAST_NAMES = (
    "Rossi", "Bianchi", "Ferrari", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco",
    "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi",
)  # fmt: skip


def card_price(role: str, move: int, strength: int) -> int:
    """BootCoins for a piece, by the documented formula."""
    return max(0, move + 2 * strength - PRICE_PAR[role])


def _rating(data: Mapping[str, Any], key: str, allowed: range) -> int:
    if key not in data:
        raise CardError(f"{key}: missing; a calciotto piece needs role, move and strength")
    value = data[key]
    if isinstance(value, bool):
        raise CardError(f"{key}: {value!r} is not a number; allowed {allowed.start}-{allowed.stop - 1}")
    if isinstance(value, str):
        text = value.strip()
        if not text.lstrip("-").isdigit():
            raise CardError(f"{key}: {value!r} is not a whole number; allowed {allowed.start}-{allowed.stop - 1}")
        value = int(text)
    if not isinstance(value, int):
        raise CardError(f"{key}: {value!r} is not a whole number; allowed {allowed.start}-{allowed.stop - 1}")
    if value not in allowed:
        raise CardError(f"{key}: {value} is out of range; allowed {allowed.start}-{allowed.stop - 1}")
    return value


def validate_card(data: Mapping[str, Any]) -> dict[str, Any]:
    """The normalised game attributes of a piece; CardError names what is wrong."""
    if not isinstance(data, Mapping):
        raise CardError("card: expected an object with role, move and strength")
    unknown = sorted(str(k) for k in data if k not in IGNORED_KEYS and k not in ("role", "move", "strength"))
    if unknown:
        raise CardError(f"{unknown[0]}: unknown field; a calciotto piece has role, move and strength")
    role = data.get("role")
    letter = role.strip().upper() if isinstance(role, str) else None
    if letter not in ROLES:
        allowed = ", ".join(f"{k} ({v})" for k, v in ROLES.items())
        raise CardError(f"role: {role!r} is not a calciotto role; allowed {allowed}")
    return {
        "role": letter,
        "move": _rating(data, "move", MOVE_RANGE),
        "strength": _rating(data, "strength", STRENGTH_RANGE),
    }


def _unused_name(first: str, last: str, taken: set[str]) -> str:
    """The drawn name, or the next free one after it (surnames first, then first names), so no two
    pieces of a pool share a name; no extra roll, so the ratings stay those of the seed."""
    firsts, lasts = FIRST_NAMES.index(first), LAST_NAMES.index(last)
    for step in range(len(FIRST_NAMES) * len(LAST_NAMES)):
        first_step, last_step = divmod(lasts + step, len(LAST_NAMES))
        name = f"{FIRST_NAMES[(firsts + first_step) % len(FIRST_NAMES)]} {LAST_NAMES[last_step]}"
        if name not in taken:
            return name
    raise ValueError("the pool holds more pieces than there are names")


def sample_pool(seed: int = 0) -> list[dict[str, Any]]:
    """Named pieces for twelve teams of 13, priced by ``card_price``; same seed, same pool."""
    dice = Dice(seed)
    pool: list[dict[str, Any]] = []
    taken: set[str] = set()
    for role, ((move_lo, move_hi), (str_lo, str_hi), per_team) in POOL_PROFILE.items():
        for number in range(per_team * TEAMS_IN_POOL):
            if number < FREE_PIECES_PER_ROLE:
                move, strength = move_lo, str_lo
            else:
                move = dice.roll(move_hi - move_lo + 1) + move_lo - 1
                strength = dice.roll(str_hi - str_lo + 1) + str_lo - 1
            name = _unused_name(dice.choice(FIRST_NAMES), dice.choice(LAST_NAMES), taken)
            taken.add(name)
            pool.append(
                {
                    "id": f"cal-{seed}-{role}{number + 1:02d}",
                    "name": name,
                    "role": role,
                    "move": move,
                    "strength": strength,
                    "price": card_price(role, move, strength),
                }
            )
    return pool
