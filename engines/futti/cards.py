"""Fütti player cards: validation, BootCoin prices and the generic player set.

A field player has ``offence``, ``defence`` and ``sportsmanship`` (die faces
1-6) and ``stars`` (0-3 control stars); a goaltender has ``goaltending`` (two
die faces read as a base-six number, black die first: 41, 44, 66) and
``sportsmanship``.

Prices (BootCoins) reward what wins matches and stay at 0 for the weakest
cards, so a team can always finish a legal squad:

* field player: ``max(0, offence + defence - 6) + stars``;
* goaltender: ``max(0, (saving faces - 9) // 4)``, where saving faces is how
  many of the 36 goaltending rolls the rating saves (``(tens - 1) * 6 + ones``).

Over the generic set a field card averages 1.58 BC and a goaltender 2.71 BC,
so an average squad (six field players, two goaltenders) costs 14.9 BC: the
league's default budget of 15 buys it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engines.core import CardError, Dice

FIELD = "field"
GOALKEEPER = "goalkeeper"
ROLE_ALIASES = {"field": FIELD, "player": FIELD, "goalkeeper": GOALKEEPER, "goaltender": GOALKEEPER}
IGNORED_KEYS = frozenset({"id", "name", "price"})
FIELD_KEYS = ("offence", "defence", "sportsmanship", "stars")
GOALKEEPER_KEYS = ("goaltending", "sportsmanship")
RATING_RANGES = {"offence": (1, 6), "defence": (1, 6), "sportsmanship": (1, 6), "stars": (0, 3)}


#: A whole number written out: an optional sign, then ASCII digits only (``str.isdigit``
#: also takes "³" and "²", which ``int`` refuses).
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
GOALTENDING_ALLOWED = "two die faces 1-6, black die first (11 to 66)"


def _as_int(field: str, value: Any, allowed: str) -> int:
    """A card number as an int: an int, a whole float or a string of ASCII digits (with
    an optional sign); anything else (a flag, "³", "--3") is a CardError naming the field
    and what is allowed."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()):
        return int(value.strip())
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise CardError(f"{field}: {value!r} is not a whole number; allowed {allowed}")


def _goaltending(value: Any) -> int:
    rating = _as_int("goaltending", value, GOALTENDING_ALLOWED)
    if not 10 <= rating <= 99:
        raise CardError(f"goaltending: {value!r} must be two digits; allowed {GOALTENDING_ALLOWED}")
    bad = sorted({digit for digit in str(rating) if digit not in "123456"})
    if bad:
        raise CardError(
            f"goaltending: {value!r} has a digit {' and '.join(bad)}, not a die face; allowed {GOALTENDING_ALLOWED}"
        )
    return rating


def validate_card(data: Mapping[str, Any]) -> dict[str, Any]:
    """The card's game attributes, normalised to ints; CardError says what is wrong."""
    if not isinstance(data, Mapping):
        raise CardError(f"card: expected an object of attributes, got {type(data).__name__}")
    raw_role = data.get("role")
    role = ROLE_ALIASES.get(str(raw_role).strip().lower()) if raw_role is not None else None
    if role is None:
        raise CardError(f"role: {raw_role!r} is not a Fütti role; allowed: 'field' or 'goalkeeper'")
    wanted = FIELD_KEYS if role == FIELD else GOALKEEPER_KEYS
    unknown = sorted(set(data) - IGNORED_KEYS - {"role"} - set(wanted))
    if unknown:
        raise CardError(f"{unknown[0]}: not a {role} card attribute; allowed: {', '.join(wanted)}")
    card: dict[str, Any] = {"role": role}
    for field in wanted:
        if field not in data or data[field] in (None, ""):
            raise CardError(f"{field}: missing; a {role} card needs {', '.join(wanted)}")
        if field == "goaltending":
            card[field] = _goaltending(data[field])
            continue
        low, high = RATING_RANGES[field]
        value = _as_int(field, data[field], f"{low}-{high}")
        if not low <= value <= high:
            raise CardError(f"{field}: {data[field]!r} is out of range; allowed {low}-{high}")
        card[field] = value
    return card


def saving_faces(goaltending: int) -> int:
    """How many of the 36 black/white rolls a goaltending rating saves."""
    tens, ones = divmod(goaltending, 10)
    return max(0, (tens - 1) * 6 + ones)


def card_price(card: Mapping[str, Any]) -> int:
    """The BootCoin price of a validated card (formula in the module docstring)."""
    if card["role"] == GOALKEEPER:
        return max(0, (saving_faces(card["goaltending"]) - 9) // 4)
    price: int = max(0, card["offence"] + card["defence"] - 6) + card["stars"]
    return price


# --- the generic player set --------------------------------------------------

#: Surnames for the 96 generic cards; a seed shuffles which card gets which.
SURNAMES = (
    "Bell", "Makarov", "Alves", "Bauer", "Castro", "Dahl", "Eriksen", "Falcão", "Gomes", "Haddad",
    "Ibarra", "Jensen", "Kovač", "Lindqvist", "Moreau", "Novak", "Okafor", "Petit", "Quiroga", "Rossi",
    "Santos", "Tanaka", "Ueda", "Varga", "Weber", "Xavier", "Yilmaz", "Zanetti", "Abreu", "Brandt",
    "Costa", "Duarte", "Esposito", "Ferreira", "Gallo", "Horvat", "Iversen", "Jovanović", "Keller", "Lopes",
    "Marini", "Nielsen", "Oliveira", "Pereira", "Quintero", "Ramos", "Silva", "Torres", "Urban", "Vieira",
    "Wójcik", "Young", "Zeller", "Amaral", "Bianchi", "Cardoso", "Delgado", "Engel", "Fontana", "García",
    "Hofmann", "Ishikawa", "Jara", "Kruger", "Lombardi", "Mendes", "Nunes", "Ortega", "Pinto", "Reyes",
    "Sousa", "Teixeira", "Uribe", "Valente", "Wagner", "Ximenes", "Yamada", "Zamora", "Arce", "Borges",
    "Campos", "Dias", "Esteves", "Fischer", "Guerra", "Hansen", "Ito", "Jaeger", "Kato", "Leal",
    "Moura", "Neves", "Ochoa", "Paz", "Rocha", "Serra",
)  # fmt: skip

#: Goaltending ratings of the 24 generic goaltenders: two at each of 21-36
#: (weak), most in the 4x band (a 44 saves 22 rolls in 36) and a few 5x/6x.
GOALTENDING_SET = (66, 63, 56, 55, 53, 52, 51, 46, 45, 44, 44, 43, 43, 42, 41, 41, 36, 35, 34, 33, 32, 26, 24, 21)


def _field_ratings() -> list[tuple[int, int, int]]:
    """Every (offence, defence) pair whose sum is 5-9, three times: 72 cards
    averaging 3.5/3.5, from pure attackers (6/2) to pure defenders (2/6).

    One copy of each pair carries control stars (24 starred cards, two for
    every team): one star, two on the four best pairs, three on the 6/3
    striker; 30 stars in all.
    """
    pairs = sorted(((o, d) for o in range(1, 7) for d in range(1, 7) if 5 <= o + d <= 9), key=lambda p: (-sum(p), p))
    stars = {pair: 1 for pair in pairs} | {pair: 2 for pair in pairs[1:5]} | {pairs[0]: 3}
    return [(o, d, stars[(o, d)] if copy == 0 else 0) for copy in range(3) for o, d in pairs]


def sample_pool(seed: int = 0) -> list[dict[str, Any]]:
    """The 72 field players and 24 goaltenders of the generic set, priced.

    Ratings are the same for every seed (so the set's balance is fixed); the
    seed deals the names and the sportsmanship ratings. The rule book's two
    example cards are always there: Bell (3/3, SP 3, one star) and Makarov
    (goaltending 41, SP 3).
    """
    dice = Dice(seed)
    names = [name for name in SURNAMES if name not in ("Bell", "Makarov")]
    dice.shuffle(names)
    sportsmanship = [2, 3, 3, 4, 4, 5] * 16
    dice.shuffle(sportsmanship)
    pool: list[dict[str, Any]] = []
    for number, (offence, defence, stars) in enumerate(_field_ratings(), start=1):
        card = {"role": FIELD, "offence": offence, "defence": defence, "sportsmanship": sportsmanship.pop()}
        card["stars"] = stars
        if (offence, defence, stars) == (3, 3, 1):
            card["sportsmanship"], name = 3, "Bell"
        else:
            name = names.pop()
        pool.append({"id": f"{seed}-F{number:02d}", "name": name, **card, "price": card_price(card)})
    for number, goaltending in enumerate(GOALTENDING_SET, start=1):
        card = {"role": GOALKEEPER, "goaltending": goaltending, "sportsmanship": sportsmanship.pop()}
        if goaltending == 41 and not any(c["name"] == "Makarov" for c in pool):
            card["sportsmanship"], name = 3, "Makarov"
        else:
            name = names.pop()
        pool.append({"id": f"{seed}-G{number:02d}", "name": name, **card, "price": card_price(card)})
    return pool
