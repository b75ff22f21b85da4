"""Who is out of a team's next matches, and why: suspensions and injuries that carry over.

Derived every time from the stored results of the season (a competition), never kept as a
counter: a result replaced by a forfeit or a replay leaves nothing to go stale. The league's
settings decide (``League.suspension_matches``, ``yellow_cards_ban``, ``injury_matches``):

- a player sent off (a red card, a second yellow included) misses the team's next
  ``suspension_matches`` matches of the season;
- every ``yellow_cards_ban`` yellow cards of a player in the season give a one-match ban;
  the yellows of a match in which he was sent off do not count (the red card's ban covers
  them, as in FIFA's rules);
- a player seriously injured (an event the game's engine declares in
  ``Engine.serious_injuries``: Fütti's major injury, Mutant Soccer's serious injury, counted
  on his stat line as ``serious_injuries`` when the result is stored) misses the team's next
  ``injury_matches`` matches.

A match serves a ban once it has a result (played or forfeited), whoever played in it; the
team's results are taken in the order they came in (``result_order``), so a postponed match
played later serves in its place, and a postponed or cancelled match serves nothing.
Suspensions add up (a red card and a yellow-card ban: two matches); an injury runs beside
them. Bans are per team: a card that changes team keeps none (its old team served it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engines import get_engine
from leagues.models import Season
from matches.models import Match, PlayerMatchStat
from rosters.models import Player

#: Why a player is out, as stored in ``played_with["absent"]`` and served by the API.
SENT_OFF = "sent_off"
YELLOW_CARDS = "yellow_cards"
INJURY = "injury"
#: As the pages say it.
REASON_LABELS = {
    SENT_OFF: gettext_lazy("sent off"),
    YELLOW_CARDS: gettext_lazy("yellow cards"),
    INJURY: gettext_lazy("injury"),
}


@dataclass(frozen=True)
class Absence:
    """A player out of his team's next ``matches`` matches of the season, and why (the causes
    in the order they came, each with the match that caused it)."""

    player_id: int
    player_name: str
    team_id: int
    matches: int
    reasons: tuple[str, ...]
    caused_by: tuple[int, ...]

    @property
    def reason_label(self) -> str:
        return ", ".join(str(REASON_LABELS[reason]) for reason in self.reasons)


@dataclass
class _Out:
    """A player's bans while the results are walked through: matches still to miss."""

    suspended: int = 0
    injured: int = 0
    suspension_causes: list[tuple[str, int]] = field(default_factory=list)
    injury_causes: list[tuple[str, int]] = field(default_factory=list)

    def serve(self) -> None:
        """One match of the team served: every ban runs one match shorter."""
        if self.suspended:
            self.suspended -= 1
            if not self.suspended:
                self.suspension_causes.clear()
        if self.injured:
            self.injured -= 1
            if not self.injured:
                self.injury_causes.clear()

    @property
    def matches(self) -> int:
        return max(self.suspended, self.injured)


def result_order(played_at, kickoff, match_id: int) -> tuple:
    """When a result came in (``played_at``: stored, or awarded as a forfeit); a forfeit awarded
    before forfeits recorded it, at its kickoff; ties by kickoff and id."""
    return (played_at or kickoff, kickoff, match_id)


def rules_apply(season: Season) -> bool:
    """Whether the season's league has any rule that keeps players out."""
    league = season.league
    serious = bool(league.injury_matches and get_engine(league.engine).serious_injuries)
    return bool(league.suspension_matches or league.yellow_cards_ban or serious)


def season_absences(season: Season, team_ids: Iterable[int] | None = None) -> dict[int, list[Absence]]:
    """Every player out of his team's next match of the season, by team (those of ``team_ids``
    only, when given), ordered by name: at most three queries, however many teams and matches."""
    if not rules_apply(season):
        return {}
    league = season.league
    wanted = None if team_ids is None else set(team_ids)
    results = Match.objects.filter(season=season, status__in=Match.RESULT_STATUSES)
    if wanted is not None:
        results = results.filter(Q(home_id__in=wanted) | Q(away_id__in=wanted))
    rows = sorted(
        results.values_list("id", "home_id", "away_id", "status", "played_at", "kickoff"),
        key=lambda row: result_order(row[4], row[5], row[0]),
    )
    causes = _causes(league, results, [row[0] for row in rows])
    out: dict[tuple[int, int], _Out] = {}
    for match_id, home_id, away_id, *_rest in rows:
        for team_id in (home_id, away_id):
            for (team, _player), state in out.items():
                if team == team_id:
                    state.serve()
        for (team_id, player_id), reason, count in causes.get(match_id, ()):
            if wanted is not None and team_id not in wanted:
                continue
            state = out.setdefault((team_id, player_id), _Out())
            if reason == INJURY:
                state.injured = max(state.injured, count)
                state.injury_causes.append((reason, match_id))
            else:
                state.suspended += count
                state.suspension_causes.append((reason, match_id))
        out = {key: state for key, state in out.items() if state.matches}
    names = dict(Player.objects.filter(id__in={player for _, player in out}).values_list("id", "name"))
    absences: dict[int, list[Absence]] = {}
    for (team_id, player_id), state in out.items():
        found = state.suspension_causes + state.injury_causes
        reasons = tuple(dict.fromkeys(reason for reason, _ in found))
        absence = Absence(
            player_id=player_id,
            player_name=names.get(player_id, str(player_id)),
            team_id=team_id,
            matches=state.matches,
            reasons=reasons,
            caused_by=tuple(dict.fromkeys(match_id for _, match_id in found)),
        )
        absences.setdefault(team_id, []).append(absence)
    for team_absences in absences.values():
        team_absences.sort(key=lambda absence: (absence.player_name, absence.player_id))
    return absences


#: What one match adds to a player's bans: (team id, player id), the reason, matches to miss.
Cause = tuple[tuple[int, int], str, int]


def _causes(league, results, match_ids: list[int]) -> dict[int, list[Cause]]:
    """The bans each of the results gives, by match (one query: the stat lines with cards or
    a serious injury); ``results`` is their queryset (read as a subquery), ``match_ids`` the
    order they came in."""
    causes: dict[int, list[Cause]] = {}
    if not match_ids:
        return causes
    ban, red_matches = league.yellow_cards_ban, league.suspension_matches
    injured = bool(league.injury_matches and get_engine(league.engine).serious_injuries)
    counted = Q(red_cards__gt=0)
    if ban:
        counted |= Q(yellow_cards__gt=0)
    if injured:
        counted |= Q(serious_injuries__gt=0)
    lines = PlayerMatchStat.objects.filter(counted, match__in=results.values("id")).values_list(
        "match_id", "team_id", "player_id", "yellow_cards", "red_cards", "serious_injuries"
    )
    yellows: dict[tuple[int, int], int] = {}
    # the yellows count in the order of the results
    order = {match_id: index for index, match_id in enumerate(match_ids)}
    # a result stored since ``match_ids`` were read is left for the next read
    known = [line for line in lines if line[0] in order]
    for match_id, team_id, player_id, yellow, red, serious in sorted(known, key=lambda line: (order[line[0]], line[2])):
        key = (team_id, player_id)
        if red:
            if red_matches:
                causes.setdefault(match_id, []).append((key, SENT_OFF, red_matches))
        else:
            before = yellows.get(key, 0)
            yellows[key] = before + yellow
            if ban and (bans := yellows[key] // ban - before // ban):
                causes.setdefault(match_id, []).append((key, YELLOW_CARDS, bans))
        if injured and serious:
            causes.setdefault(match_id, []).append((key, INJURY, league.injury_matches))
    return causes


def serious_injuries(engine_name: str, records, team_of: dict) -> dict[str, int]:
    """How many injuries that outlast the match (``Engine.serious_injuries``) each player of
    ``team_of`` suffered in the events ``records``, by player id: counted on his stat line when
    the result is stored, where ``_causes`` reads them with the cards (never the play-by-play)."""
    serious = get_engine(engine_name).serious_injuries
    counts: dict[str, int] = {}
    if serious:
        for _seq, _minute, kind, _side, player_id, detail in records:
            rule = serious.get(kind)
            if rule is not None and player_id in team_of and all(detail.get(k) == v for k, v in rule.items()):
                counts[player_id] = counts.get(player_id, 0) + 1
    return counts


def upcoming_matches(season: Season, team_ids: Iterable[int]) -> dict[int, list[Match]]:
    """Each team's scheduled matches of the season, by kickoff: the matches its absent players
    miss, in turn (one query)."""
    team_ids = set(team_ids)
    matches = (
        Match.objects.filter(season=season, status=Match.Status.SCHEDULED)
        .filter(Q(home_id__in=team_ids) | Q(away_id__in=team_ids))
        .select_related("home", "away")
        .order_by("kickoff", "id")
    )
    upcoming: dict[int, list[Match]] = {team_id: [] for team_id in team_ids}
    for match in matches:
        for team_id in (match.home_id, match.away_id):
            if team_id in upcoming:
                upcoming[team_id].append(match)
    return upcoming


def absence_until(absence: Absence, upcoming: list[Match]) -> str:
    """Until when, in words: "misses the next match v X", "misses the next 2 matches, until
    round 7 (v X)", or the rest of the season when fewer matches remain."""
    if not upcoming:
        return _("misses the team's next %(matches_absence_matches)s of the season (none scheduled)") % {
            "matches_absence_matches": _matches(absence.matches)
        }
    if absence.matches > len(upcoming):
        return _("misses the rest of the season (%(matches_len_upcoming)s)") % {
            "matches_len_upcoming": _matches(len(upcoming))
        }
    last = upcoming[absence.matches - 1]
    opponent = last.away if last.home_id == absence.team_id else last.home
    if absence.matches == 1:
        return _("misses the next match v %(opponent)s (round %(last_round)s)") % {
            "opponent": opponent,
            "last_round": last.round,
        }
    return _("misses the next %(absence_matches)s matches, until round %(last_round)s (v %(opponent)s)") % {
        "absence_matches": absence.matches,
        "last_round": last.round,
        "opponent": opponent,
    }


def _matches(count: int) -> str:
    return ngettext("%(count)d match", "%(count)d matches", count) % {"count": count}


def match_absences(match: Match) -> dict[str, list[Absence]]:
    """Who is out of a scheduled match, by side (``home``, ``away``): those whose ban still
    covers it, counting the team's scheduled matches before it (a fixed number of queries)."""
    if match.status != Match.Status.SCHEDULED:
        return {Match.Side.HOME: [], Match.Side.AWAY: []}
    teams = {Match.Side.HOME: match.home_id, Match.Side.AWAY: match.away_id}
    absences = season_absences(match.season, teams.values())
    upcoming = upcoming_matches(match.season, teams.values())
    out: dict[str, list[Absence]] = {}
    for side, team_id in teams.items():
        ids = [m.id for m in upcoming[team_id]]
        position = ids.index(match.id) + 1 if match.id in ids else 1
        out[side] = [absence for absence in absences.get(team_id, []) if absence.matches >= position]
    return out


@dataclass(frozen=True)
class OutLine:
    """A player out, as the pages and the API show him: why, and until when."""

    player_id: int
    name: str
    reasons: tuple[str, ...]
    reason: str
    matches: int
    until: str
    #: the last match he misses (a scheduled one of the season; None: more than remain)
    until_match_id: int | None = None
    until_round: int | None = None


def team_out(season: Season, team_id: int) -> list[OutLine]:
    """Who is out of the team's next matches of the season, why and until when (a fixed
    number of queries)."""
    found = season_absences(season, [team_id]).get(team_id, [])
    if not found:
        return []
    upcoming = upcoming_matches(season, [team_id])[team_id]
    lines = []
    for absence in found:
        last = upcoming[absence.matches - 1] if absence.matches <= len(upcoming) else None
        lines.append(
            OutLine(
                player_id=absence.player_id,
                name=absence.player_name,
                reasons=absence.reasons,
                reason=absence.reason_label,
                matches=absence.matches,
                until=absence_until(absence, upcoming),
                until_match_id=last.id if last else None,
                until_round=last.round if last else None,
            )
        )
    return lines


def match_out(match: Match) -> dict[str, list[OutLine]]:
    """Who is out of the match, by side: for a scheduled match those whose ban covers it, for a
    played one those its sheets left off (``played_with["absent"]``)."""
    if match.status == Match.Status.SCHEDULED:
        return {
            side: [OutLine(a.player_id, a.player_name, a.reasons, a.reason_label, a.matches, "") for a in side_absences]
            for side, side_absences in match_absences(match).items()
        }
    recorded = (match.played_with or {}).get("absent") or {}
    ids = {int(player["id"]) for players in recorded.values() for player in players}
    names = dict(Player.objects.filter(id__in=ids).values_list("id", "name")) if ids else {}
    return {
        side: [
            OutLine(
                player_id=int(player["id"]),
                name=names.get(int(player["id"]), player["id"]),
                reasons=tuple(player["reasons"]),
                reason=", ".join(str(REASON_LABELS.get(reason, reason)) for reason in player["reasons"]),
                matches=0,
                until="",
            )
            for player in recorded.get(side, [])
        ]
        for side in (Match.Side.HOME, Match.Side.AWAY)
    }
