"""A knockout bracket laid out as boxes and lines, in points: the bracket page draws it as
SVG and the printed bracket (``printing.brackets``) draws the same geometry on paper.

Each part of the bracket is a section: the bracket itself, or in double elimination the
winners' bracket, the losers' bracket and the grand final; the third-place match gets its
own. A section has a column per round. A tie's box sits level with the middle of the boxes
that feed it within the section (the first boxes stack from the top), so every line runs
right and joins like a tree. Byes keep their place, so the tree keeps its shape, and are
drawn faint with the team that went through. A team not known yet is named by where it
comes from ("Winner of QF 2", "Loser of W2-1").

A team's name keeps to the room its score leaves (``name_room``): the page (``web.bracket_names``)
and the printed bracket (``printing.brackets``) shrink it, then cut it short with …, each
measured in its own fonts.

Scores are the tie's (``tie_score``), from each team's side: the goals of one match, or the
aggregate of two legs; the shoot-out that settled it in brackets; the note says the legs
with the box's first team first and how the tie was settled.
"""

from __future__ import annotations

from dataclasses import dataclass

from competitions.bracket import round_name
from competitions.double import double_plan
from competitions.knockout import final_tie, tie_round_name
from competitions.two_legs import tie_matches, tie_score
from tournaments.models import Bracket, Tie

BOX_WIDTH = 212  #: room for a name of about 18 letters beside a score with a shoot-out
BOX_HEIGHT = 40
COLUMN_GAP = 36
ROW = 50  #: vertical room of one first-round box
HEADER = 40  #: room for the section's title and round names above its boxes
SECTION_GAP = 30
NAME_X = 26  #: where a team's name starts in its box (its seed before it)
SCORE_EDGE = 6  #: between a score's end and the box's right side
NAME_GAP = 6  #: at least between a name's end and its score

Key = tuple[str, int, int]  # (section, round, slot); section W, L, F, or T for third place
SECTION_TITLES = {"W": "Bracket", "L": "Losers' bracket", "F": "Grand final", "T": "Third place"}


@dataclass(frozen=True)
class Entry:
    """One team's line in a box."""

    name: str
    seed: int | None
    score: str
    won: bool
    known: bool


def name_room(score_width: float) -> float:
    """The width a team's name may take in its box beside a score ``score_width`` wide
    (both in the drawing's units)."""
    return BOX_WIDTH - NAME_X - NAME_GAP - SCORE_EDGE - score_width


@dataclass(frozen=True)
class Box:
    label: str
    x: float
    y: float
    entries: tuple[Entry, Entry | None]  # the second is None for a bye
    note: str
    match_id: int | None
    reports: tuple[tuple[str, int], ...] = ()  #: the tie's matches, named ("first leg" ...), for links

    @property
    def bye(self) -> bool:
        return self.entries[1] is None

    def entry_y(self, index: int) -> float:
        """The middle of the line of the first (0) or second (1) entry."""
        return self.y + BOX_HEIGHT * (index * 2 + 1) / 4


@dataclass(frozen=True)
class Line:
    points: tuple[tuple[float, float], ...]

    @property
    def svg_points(self) -> str:
        return " ".join(f"{x:g},{y:g}" for x, y in self.points)


@dataclass(frozen=True)
class Header:
    x: float
    y: float
    text: str


@dataclass(frozen=True)
class Section:
    title: str
    top: float
    headers: tuple[Header, ...]
    boxes: tuple[Box, ...]
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class BracketDrawing:
    season_id: int
    title: str
    width: float
    height: float
    sections: tuple[Section, ...]
    champion: str | None
    box_width: float = BOX_WIDTH
    box_height: float = BOX_HEIGHT
    #: The league's zone, which the printed bracket's time is in.
    time_zone: str = "UTC"


def bracket_drawing(season_id: int) -> BracketDrawing:
    """The season's bracket, laid out (three queries: the bracket, its ties with their teams
    and matches, and the seeds). ``Bracket.DoesNotExist`` when the season has none."""
    bracket = Bracket.objects.select_related("season__league").get(season_id=season_id)
    ties = bracket.ties.select_related("home", "away", "winner", "match", "first_leg", "decider")
    by_key = {_key(t): t for t in ties}
    seeds = dict(bracket.entrants.values_list("seed", "team__name"))
    plan = _plan(bracket, by_key, len(seeds))
    labels = {key: _label(bracket, key) for key in plan}

    sections, top, width = [], 0.0, 0.0
    for side in "WLFT":
        keys = [k for k in plan if k[0] == side and k in by_key]
        if not keys:
            continue
        section = _section(side, keys, plan, by_key, seeds, labels, top, bracket)
        if not section.boxes:
            continue
        sections.append(section)
        width = max([width, *(b.x + BOX_WIDTH for b in section.boxes)])
        top = max(b.y + BOX_HEIGHT for b in section.boxes) + SECTION_GAP
    champion_tie = final_tie(bracket, by_key.values())
    season = bracket.season
    return BracketDrawing(
        season_id=season.id,
        title=f"{season.league.name} {season.name}",
        width=width,
        height=top - SECTION_GAP,
        sections=tuple(sections),
        champion=champion_tie.winner.name if champion_tie and champion_tie.winner else None,
        time_zone=season.league.time_zone,
    )


def _key(tie: Tie) -> Key:
    return ("T" if tie.third_place else tie.side, tie.round, tie.slot)


def _plan(bracket: Bracket, ties: dict[Key, Tie], teams: int) -> dict[Key, tuple]:
    """Where each place's two teams come from, as ``double_plan`` writes it: ("seed", n),
    ("winner", key), ("loser", key) or ("nobody",)."""
    if bracket.double_elimination:
        return {key: place.sources for key, place in double_plan(teams, reset=bracket.bracket_reset).items()}
    plan: dict[Key, tuple] = {}
    for key, tie in sorted(ties.items(), key=lambda item: ("WT".index(item[0][0]), item[0][1:])):
        side, number, slot = key
        if side == "T":
            plan[key] = (("loser", ("W", number - 1, 0)), ("loser", ("W", number - 1, 1)))
        elif number == 1:
            plan[key] = (("seed", tie.home_seed), ("seed", tie.away_seed) if tie.away_seed else ("nobody",))
        else:
            plan[key] = tuple(("winner", ("W", number - 1, 2 * slot + i)) for i in (0, 1))
    return plan


def _label(bracket: Bracket, key: Key) -> str:
    side, number, slot = key
    if side == "T":
        return "Third place"
    if side == "F":
        return "Grand final" if number == 1 else "Grand final (reset)"
    if bracket.double_elimination:
        return f"{side}{number}-{slot + 1}"
    name = round_name(number, bracket.rounds)
    short = {"Final": "Final", "Semi-finals": "SF", "Quarter-finals": "QF"}.get(
        name, f"R{2 ** (bracket.rounds - number + 1)}"
    )
    return short if short == "Final" else f"{short} {slot + 1}"


def _section(side, keys, plan, ties, seeds, labels, top, bracket) -> Section:
    rounds = sorted({k[1] for k in keys if _drawn(ties[k], side)})  # a round of byes only takes no column
    column = {number: index for index, number in enumerate(rounds)}
    centre: dict[Key, float] = {}
    leaves = 0
    boxes, lines = [], []
    for key in sorted(keys, key=lambda k: (k[1], k[2])):
        feeders = [s[1] for s in plan[key] if s[0] == "winner" and s[1] in centre]
        if feeders:
            centre[key] = sum(centre[f] for f in feeders) / len(feeders)
        else:
            centre[key] = top + HEADER + ROW * leaves + ROW / 2
            leaves += 1
        tie = ties[key]
        if not _drawn(tie, side):
            continue
        box = _box(tie, key, plan[key], ties, seeds, labels, column, centre[key], bracket)
        boxes.append(box)
        for index, source in enumerate(plan[key]):
            feeder = source[1] if source[0] == "winner" else None
            if feeder in centre and _drawn(ties[feeder], feeder[0]):
                x1, y1 = column[feeder[1]] * (BOX_WIDTH + COLUMN_GAP) + BOX_WIDTH, centre[feeder]
                x2, y2 = box.x, box.entry_y(index)
                middle = x1 + COLUMN_GAP / 2
                lines.append(Line(((x1, y1), (middle, y1), (middle, y2), (x2, y2))))
    names = [tie_round_name(bracket, ties[(side, n, 0)]) for n in rounds]
    title = "Winners' bracket" if side == "W" and bracket.double_elimination else SECTION_TITLES[side]
    headers = tuple(Header(i * (BOX_WIDTH + COLUMN_GAP), top + HEADER - 10, name) for i, name in enumerate(names))
    return Section(title=title, top=top, headers=headers, boxes=tuple(boxes), lines=tuple(lines))


def _drawn(tie: Tie, side: str) -> bool:
    """Byes of the first round show who went through; a place elsewhere with one team or
    nobody (a losers' bye, a reset not needed) has nothing to show."""
    return not tie.bye or (side == "W" and tie.home_id is not None)


def _box(tie, key, sources, ties, seeds, labels, column, centre, bracket) -> Box:
    teams = [_source_team(source, tie, ties) for source in sources]
    first = teams[0].id if teams[0] is not None else None
    score = tie_score(bracket, tie, first_id=first)
    entries = []
    for index, source in enumerate(sources):
        team = teams[index]
        if tie.bye and index == 1:
            entries.append(None)
            continue
        if team is None:
            name = _pending_name(source, seeds, labels)
            entries.append(Entry(name=name, seed=None, score="", won=False, known=False))
            continue
        seed = tie.home_seed if team.id == tie.home_id else tie.away_seed
        goals = ""
        if score.goals is not None:
            goals = f"{score.goals[index]}" + (f" ({score.shootout[index]})" if score.shootout else "")
        entries.append(Entry(name=team.name, seed=seed, score=goals, won=tie.winner_id == team.id, known=True))
    return Box(
        label=labels[key],
        x=column[key[1]] * (BOX_WIDTH + COLUMN_GAP),
        y=centre - BOX_HEIGHT / 2,
        entries=(entries[0], entries[1]),
        note=score.text,
        match_id=(tie.decider or tie.match).id if tie.match else None,
        reports=tuple((name, match.id) for name, match in tie_matches(tie)),
    )


def _source_team(source, tie: Tie, ties: dict[Key, Tie]):
    """The team a source has sent (or will send) to this place, if it is known yet."""
    kind = source[0]
    if kind == "seed":
        return tie.home if source[1] == tie.home_seed else tie.away
    feeder = ties.get(source[1]) if kind in ("winner", "loser") else None
    if feeder is None or feeder.winner_id is None:
        return None
    team_id = feeder.winner_id if kind == "winner" else feeder.loser_id
    return next((t for t in (feeder.home, feeder.away) if t is not None and t.id == team_id), None)


def _pending_name(source, seeds: dict[int, str], labels: dict[Key, str]) -> str:
    kind = source[0]
    if kind == "seed":
        return seeds.get(source[1], "?")
    if kind == "nobody":
        return "bye"
    return f"{'Winner' if kind == 'winner' else 'Loser'} of {labels.get(source[1], '?')}"
