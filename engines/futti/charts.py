"""The three Fütti tables the rule book names but does not print.

The rule book explains every DOUBLES CHART result, gives two examples of the
control-indicator ranges and one example of a board position's die indicators,
but the chart board and the game board themselves are not in the text. This
module writes them down once, as data, with the reason for each value. A league
replaces any of them through ``options.settings`` (a dict or a JSON string):

* ``doubles_chart``: six rows (doubles 1-1 .. 6-6) of twelve result names
  (d12 face 1 .. 12), as a list of lists or ``{"1": [...], ..., "6": [...]}``;
* ``control_ranges``: a list of ``[from, to, faces]``: a control-star advantage
  from ``from`` to ``to`` (``null``: no upper end) gives the side ahead
  ``faces`` of the twelve d12 faces (the home side counts down from 12, the
  visitors up from 1); an advantage of 0 is the home side's range on a tie;
* ``die_indicators``: ``{"offence": {position: [faces]}, "defence": {...}}``
  over the four field positions ``attacker_1 attacker_2 defender_1 defender_2``,
  each die face 1-6 naming exactly one position.

``load_charts(settings)`` checks a replacement and raises ``CardError`` with a
message that names the table, the entry and what is allowed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engines.core import CardError

#: Field positions on the board, in the order the engine keeps them. The
#: goaltender is the fifth slot and is never picked by a die indicator: the
#: rule book only ever names the goaltender through a DOUBLES CHART result.
FIELD_POSITIONS = ("attacker_1", "attacker_2", "defender_1", "defender_2")
POSITIONS = (*FIELD_POSITIONS, "goalkeeper")
GOALKEEPER_SLOT = 4

# --- the doubles chart ------------------------------------------------------

#: Every result the rule book explains, as event kinds. The book groups them
#: under seventeen headings; the ATTACKER/DEFENDER headings split into one
#: result per key player, which makes twenty-four names.
RESULTS = (
    "attacker_flattened",
    "defender_flattened",
    "attacker_hard_checked",
    "defender_hard_checked",
    "attacker_unsportsmanlike",
    "defender_unsportsmanlike",
    "goaltender_unsportsmanlike",
    "attacker_goes_down",
    "defender_goes_down",
    "attacker_carded",
    "defender_carded",
    "attacker_freak_injury",
    "defender_freak_injury",
    "attacker_goes_down_major",
    "goaltender_crash",
    "goaltender_scuffle",
    "goaltender_injury",
    "major_scuffle",
    "minor_scuffle",
    "attacker_breakthrough",
    "defender_breakaway",
    "momentum_shift",
    "lull_time",
    "resolve_normally",
)

# Short names keep the chart readable as a grid.
_FLAT_A, _FLAT_D = "attacker_flattened", "defender_flattened"
_HARD_A, _HARD_D = "attacker_hard_checked", "defender_hard_checked"
_UNSP_A, _UNSP_D, _UNSP_G = "attacker_unsportsmanlike", "defender_unsportsmanlike", "goaltender_unsportsmanlike"
_DOWN_A, _DOWN_D, _DOWN_MAJ = "attacker_goes_down", "defender_goes_down", "attacker_goes_down_major"
_CARD_A, _CARD_D = "attacker_carded", "defender_carded"
_FREAK_A, _FREAK_D = "attacker_freak_injury", "defender_freak_injury"
_CRASH, _G_SCUF, _G_INJ = "goaltender_crash", "goaltender_scuffle", "goaltender_injury"
_MAJ_SCUF, _MIN_SCUF = "major_scuffle", "minor_scuffle"
_THRU, _BRKAWAY = "attacker_breakthrough", "defender_breakaway"
_SHIFT, _LULL, _NORMAL = "momentum_shift", "lull_time", "resolve_normally"

#: DOUBLES_CHART[doubles - 1][d12 - 1]. Doubles come up on one minute in six
#: (about six times a match), so each cell comes up about 0.08 times a match.
#: Each row has a theme, so that a player at the table can remember it:
#:
#: * 1-1 rough play: the only flattenings and the major "goes down", so
#:   sendings-off (0.15 a match, second yellows included) and major injuries
#:   stay rare;
#: * 2-2 the referee: cards and unsportsmanlike conduct, the goaltender's
#:   only unsportsmanlike cell;
#: * 3-3 and 4-4 midfield: mostly nothing (lull, momentum, play on) with the
#:   minor knocks at the ends of the d12;
#: * 5-5 the goalmouth: the three goaltender results and one chance each way;
#: * 6-6 brilliance: breakthroughs and breakaways, so doubles add goals.
#:
#: Fifteen of the 72 cells say RESOLVE NORMALLY, keeping the doubles close to a
#: normal minute; the calm results (lull, momentum) take another seventeen.
DOUBLES_CHART: tuple[tuple[str, ...], ...] = (
    # d12: 1      2         3          4        5        6          7          8        9        10        11        12
    (_FLAT_A, _FLAT_D, _DOWN_MAJ, _HARD_A, _HARD_D, _MAJ_SCUF, _MIN_SCUF, _NORMAL, _NORMAL, _LULL, _FREAK_A, _FREAK_D),
    (_CARD_A, _CARD_D, _UNSP_A, _UNSP_D, _UNSP_G, _NORMAL, _NORMAL, _LULL, _SHIFT, _MIN_SCUF, _CARD_A, _CARD_D),
    (_DOWN_A, _DOWN_D, _LULL, _LULL, _SHIFT, _NORMAL, _NORMAL, _NORMAL, _SHIFT, _LULL, _UNSP_A, _UNSP_D),
    (_DOWN_D, _DOWN_A, _SHIFT, _LULL, _NORMAL, _NORMAL, _NORMAL, _SHIFT, _LULL, _HARD_A, _HARD_D, _UNSP_D),
    (_CRASH, _G_SCUF, _G_INJ, _THRU, _NORMAL, _NORMAL, _SHIFT, _LULL, _BRKAWAY, _NORMAL, _UNSP_A, _SHIFT),
    (_THRU, _BRKAWAY, _THRU, _BRKAWAY, _NORMAL, _NORMAL, _LULL, _SHIFT, _THRU, _BRKAWAY, _THRU, _BRKAWAY),
)

# --- the control indicator ---------------------------------------------------

#: ``(from, to, faces)``: a control-star advantage in ``from..to`` gives the side
#: ahead ``faces`` d12 faces, the home side's counted down from 12, the visitors'
#: up from 1. The rule book's examples fix the first two rows: a tie gives the
#: home side 7-12 (six faces; the home side already got its extra star, so a
#: "tie" after it is a true toss-up), and +1-2 gives the home side 6-12, the
#: visitors 1-7 (seven faces). Each further two stars add one face, up to ten faces at
#: +7 or more, so even the strongest side loses a loose ball one time in six.
CONTROL_RANGES: tuple[tuple[int, int | None, int], ...] = (
    (0, 0, 6),
    (1, 2, 7),
    (3, 4, 8),
    (5, 6, 9),
    (7, None, 10),
)

# --- die indicators ----------------------------------------------------------

#: Which board position a die face picks. The rule book's example: Bell is the
#: key offensive player on a black 1-2 and the key defender on a white 5, so
#: Bell is the first attacker. The attackers take the black 1-2 and 3-4 (an
#: attacker is the key offensive player two minutes in three) and the defenders
#: the single faces 5 and 6; on defence the roles swap, and the defenders take
#: the white 1-2 and 3-4. The stronger attacker/defender sits in the first box.
DIE_INDICATORS: dict[str, dict[str, tuple[int, ...]]] = {
    "offence": {"attacker_1": (1, 2), "attacker_2": (3, 4), "defender_1": (5,), "defender_2": (6,)},
    "defence": {"defender_1": (1, 2), "defender_2": (3, 4), "attacker_1": (5,), "attacker_2": (6,)},
}


@dataclass(frozen=True, eq=False)
class Charts:
    """The three tables in the form the match loop reads them.

    ``doubles[die - 1][d12 - 1]`` is a result name, ``control_table(advantage)``
    says which side wins a control check on each d12 face, and
    ``offence_slot[die]``/``defence_slot[die]`` are board slots (index into
    ``FIELD_POSITIONS``; index 0 unused).
    """

    doubles: tuple[tuple[str, ...], ...]
    control: tuple[tuple[int, int | None, int], ...]
    offence_slot: tuple[int, ...]
    defence_slot: tuple[int, ...]
    _control_tables: dict[int, tuple[tuple[int, int], tuple[int, ...]]] = field(default_factory=dict, repr=False)
    _minute_table: list[tuple[Any, ...]] = field(default_factory=list, repr=False)

    def minute_table(self) -> list[tuple[Any, ...]]:
        """What the five dice of a minute mean on these charts, for each of the
        15552 throws (index ``((((kb-1)*6 + kw-1)*6 + b-1)*6 + w-1)*12 + c-1``):
        ``(offence slot, defence slot, black, white, d12, doubles result or
        None, the dice)``. Built once, so a minute costs one lookup."""
        if not self._minute_table:
            offence, defence, chart = self.offence_slot, self.defence_slot, self.doubles
            self._minute_table.extend(
                (offence[kb], defence[kw], b, w, c, chart[b - 1][c - 1] if b == w else None, (kb, kw, b, w, c))
                for kb in range(1, 7)
                for kw in range(1, 7)
                for b in range(1, 7)
                for w in range(1, 7)
                for c in range(1, 13)
            )
        return self._minute_table

    def control_faces(self, home_advantage: int) -> int:
        """How many d12 faces the side ahead (the home side on a tie) owns."""
        for low, high, faces in self.control:
            if low <= abs(home_advantage) and (high is None or abs(home_advantage) <= high):
                return faces
        raise CardError(f"control_ranges: no row covers an advantage of {abs(home_advantage)}")

    @cached_property
    def box_weights(self) -> tuple[tuple[int, int], ...]:
        """For each field box, how many die faces pick it as key offensive
        player and as key defender: what the coach weighs its players by."""
        offence, defence = self.offence_slot[1:], self.defence_slot[1:]
        return tuple((offence.count(slot), defence.count(slot)) for slot in range(len(FIELD_POSITIONS)))

    def control_table(self, home_advantage: int) -> tuple[tuple[int, int], tuple[int, ...]]:
        """The home range and, for each d12 face (index 0 unused), the side that
        wins a control check on it (0 home, 1 away); worked out once per advantage."""
        table = self._control_tables.get(home_advantage)
        if table is None:
            low, high = self.home_range(home_advantage)
            table = (low, high), tuple(0 if low <= face <= high else 1 for face in range(13))
            self._control_tables[home_advantage] = table
        return table

    def home_range(self, home_advantage: int) -> tuple[int, int]:
        """The d12 faces that give the home side a loose ball, as (low, high)."""
        faces = self.control_faces(home_advantage)
        if home_advantage >= 0:
            return 13 - faces, 12
        return faces + 1, 12  # the visitors own the low faces 1..faces (the rule book's 1-7 at +1-2)


def _is_int(value: Any) -> bool:
    """A whole number, not a flag: ``True`` equals 1 but is no die face."""
    return isinstance(value, int) and not isinstance(value, bool)


def _decode(name: str, value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except json.JSONDecodeError as exc:
            raise CardError(f"{name}: not valid JSON ({exc})") from exc
    return value


def _doubles_from(value: Any) -> tuple[tuple[str, ...], ...]:
    value = _decode("doubles_chart", value)
    rows = [value.get(str(face), value.get(face)) for face in range(1, 7)] if isinstance(value, Mapping) else value
    if not isinstance(rows, list | tuple) or len(rows) != 6:
        raise CardError("doubles_chart: expected six rows, one for each doubles 1-1 to 6-6")
    chart = []
    for face, row in enumerate(rows, start=1):
        if not isinstance(row, list | tuple) or len(row) != 12:
            raise CardError(f"doubles_chart row {face}-{face}: expected twelve results, one per d12 face")
        for d12, name in enumerate(row, start=1):
            if name not in RESULTS:
                raise CardError(
                    f"doubles_chart {face}-{face}/d12 {d12}: {name!r} is not a result; allowed: {', '.join(RESULTS)}"
                )
        chart.append(tuple(row))
    return tuple(chart)


def _control_from(value: Any) -> tuple[tuple[int, int | None, int], ...]:
    value = _decode("control_ranges", value)
    if not isinstance(value, list | tuple) or not value:
        raise CardError("control_ranges: expected a list of [from, to, faces] rows")
    rows = []
    expected_from = 0
    for index, row in enumerate(value):
        if not isinstance(row, list | tuple) or len(row) != 3:
            raise CardError(f"control_ranges[{index}]: expected [from, to, faces], got {row!r}")
        low, high, faces = row
        if not _is_int(low) or low != expected_from:
            raise CardError(f"control_ranges[{index}]: 'from' {low!r} should be {expected_from} (rows must follow on)")
        if high is not None and (not _is_int(high) or high < low):
            raise CardError(f"control_ranges[{index}]: 'to' {high!r} must be null or an integer >= {low}")
        if not _is_int(faces) or not 1 <= faces <= 12:
            raise CardError(f"control_ranges[{index}]: faces {faces!r} must be 1-12")
        rows.append((int(low), None if high is None else int(high), int(faces)))
        if high is None:
            break
        expected_from = high + 1
    if rows[-1][1] is not None:
        raise CardError("control_ranges: the last row must have 'to' null, so every advantage is covered")
    return tuple(rows)


def _slots_from(value: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    value = _decode("die_indicators", value)
    if not isinstance(value, Mapping):
        raise CardError("die_indicators: expected {'offence': {...}, 'defence': {...}}")
    tables = []
    for side in ("offence", "defence"):
        table = value.get(side)
        if not isinstance(table, Mapping):
            raise CardError(f"die_indicators.{side}: expected {{position: [die faces]}}")
        slot_of_face = [-1] * 7
        for position, faces in table.items():
            if position not in FIELD_POSITIONS:
                raise CardError(
                    f"die_indicators.{side}: {position!r} is not a position; allowed: {', '.join(FIELD_POSITIONS)}"
                )
            if not isinstance(faces, list | tuple):
                raise CardError(f"die_indicators.{side}.{position}: expected a list of die faces")
            for face in faces:
                if not _is_int(face) or face not in range(1, 7) or slot_of_face[face] != -1:
                    raise CardError(f"die_indicators.{side}.{position}: face {face!r} is not a free die face 1-6")
                slot_of_face[face] = FIELD_POSITIONS.index(position)
        missing = [face for face in range(1, 7) if slot_of_face[face] == -1]
        if missing:
            raise CardError(f"die_indicators.{side}: die faces {missing} name no position")
        tables.append(tuple(slot_of_face))
    return tables[0], tables[1]


DEFAULT_CHARTS = Charts(
    doubles=_doubles_from(DOUBLES_CHART),
    control=_control_from(CONTROL_RANGES),
    offence_slot=_slots_from(DIE_INDICATORS)[0],
    defence_slot=_slots_from(DIE_INDICATORS)[1],
)

_cache: dict[str, Charts] = {}


def load_charts(settings: Mapping[str, Any]) -> Charts:
    """The charts a league plays with: the defaults, with any replacement applied."""
    if not settings:
        return DEFAULT_CHARTS
    keys = ("doubles_chart", "control_ranges", "die_indicators")
    given = {key: settings[key] for key in keys if settings.get(key) is not None}
    if not given:
        return DEFAULT_CHARTS
    cache_key = json.dumps(given, sort_keys=True, default=str)
    charts = _cache.get(cache_key)
    if charts is None:
        offence, defence = (
            _slots_from(given["die_indicators"])
            if "die_indicators" in given
            else (DEFAULT_CHARTS.offence_slot, DEFAULT_CHARTS.defence_slot)
        )
        charts = Charts(
            doubles=_doubles_from(given["doubles_chart"]) if "doubles_chart" in given else DEFAULT_CHARTS.doubles,
            control=_control_from(given["control_ranges"]) if "control_ranges" in given else DEFAULT_CHARTS.control,
            offence_slot=offence,
            defence_slot=defence,
        )
        if len(_cache) > 64:
            _cache.clear()
        _cache[cache_key] = charts
    return charts
