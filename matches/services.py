"""Simulating matches with the league's engine and storing what happened.

This module stores results and nothing more: what a stored result sets off in a tournament
is decided above it (``competitions.progress``), by the use cases that own the transaction
(``competitions.results``). A match no longer scheduled is left alone: stored only once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from config.celery import app
from config.rows import insert_rows, rows_update
from engines import CardError, Engine, MatchOptions, MatchResult, TeamSheet, get_engine
from engines.core import STANDARD_STATS, event_records
from leagues.cache import standings_changed
from leagues.models import PlayMode, Season, SeasonTeam, Team
from matches import absences
from matches.absences import Absence
from matches.models import Match, PlayByPlay, PlayerMatchStat
from rosters.models import SquadMember

log = logging.getLogger(__name__)

#: PlayerMatchStat has a column for each counter the engine contract guarantees.
STAT_FIELDS = STANDARD_STATS


class MatchNotPlayable(Exception):
    """The match cannot be played as it stands (e.g. a squad is missing)."""


class SidesShort(MatchNotPlayable):
    """A side cannot field the game's minimum without its absent players: the engine refuses
    its sheet. ``sides`` holds, by side, why (``forfeit_reason`` of a forfeit against it)."""

    def __init__(self, sides: dict[str, str]) -> None:
        super().__init__("; ".join(sides.values()))
        self.sides = sides


@dataclass(frozen=True)
class SquadSheet(TeamSheet):
    """A team's sheet for its next match: its squad without the players out
    (``matches.absences``), whose cards and absences it keeps, so the match records who was
    left out and a side too short can be told from a sheet the engine refuses for another reason."""

    squad: tuple[Mapping[str, Any], ...] = ()
    absences: tuple[Absence, ...] = ()

    @property
    def full(self) -> TeamSheet:
        """The sheet with the absent players back, and without tactics (which may name them)."""
        return TeamSheet(name=self.name, players=self.squad)


def team_sheets(match: Match) -> tuple[TeamSheet, TeamSheet]:
    """Both sides' squads for the match's season, as the engine's team sheets (read as plain
    values: the worker builds these for every match it plays)."""
    return match_sheets(match, seasons_sheets([match]))


#: Team sheets by (season id, team id), as ``seasons_sheets`` reads them for a batch.
SeasonSheets = dict[tuple[int, int], TeamSheet]


def seasons_sheets(matches: Iterable[Match]) -> SeasonSheets:
    """The sheet of every side of ``matches`` by (season id, team id), for its next match (the
    players out of it left off): a fixed number of queries a season, however many matches (a
    batch of a matchday reads its squads once)."""
    teams_of: dict[int, dict[int, Team]] = {}
    seasons: dict[int, Season] = {}
    for match in matches:
        seasons[match.season_id] = match.season
        teams_of.setdefault(match.season_id, {}).update({match.home_id: match.home, match.away_id: match.away})
    return {
        (season_id, team_id): sheet
        for season_id, teams in teams_of.items()
        for team_id, sheet in squad_sheets(seasons[season_id], teams.values()).items()
    }


def played_sheets(match: Match) -> tuple[TeamSheet, TeamSheet]:
    """The sheets a played match was played with, to replay it: each side's squad as it is now,
    without the players its ``played_with`` records absent, with the tactics it records."""
    recorded = match.played_with or {}
    absent, lineups = recorded.get("absent") or {}, recorded.get("lineups") or {}
    sheets = []
    for side, sheet in zip(("home", "away"), match_sheets(match, seasons_sheets([match])), strict=True):
        out = {player["id"] for player in absent.get(side, [])}
        squad = sheet.squad if isinstance(sheet, SquadSheet) else sheet.players
        players = tuple(card for card in squad if card["id"] not in out)
        sheets.append(TeamSheet(name=sheet.name, players=players, lineup=lineups.get(side)))
    return sheets[0], sheets[1]


def match_sheets(match: Match, sheets: SeasonSheets) -> tuple[TeamSheet, TeamSheet]:
    """The match's two sheets out of ``seasons_sheets``; a side without a squad cannot play. A
    side with a squad whose every player is out is short (``short_sides``): it forfeits."""
    home, away = sheets[match.season_id, match.home_id], sheets[match.season_id, match.away_id]
    for team, sheet in ((match.home, home), (match.away, away)):
        if not sheet.players and not (isinstance(sheet, SquadSheet) and sheet.squad):
            raise MatchNotPlayable(_("%(team)s has no squad for this season") % {"team": team})
    return home, away


def squad_sheets(season: Season, teams: Iterable[Team]) -> dict[int, SquadSheet]:
    """Each team's sheet for its next match of the season: its squad with its tactics, without
    the players out of that match (``matches.absences``). A fixed number of queries for them
    all; a team without a squad has a sheet without players."""
    teams = list(teams)
    rows = (
        SquadMember.objects.filter(season_id=season.id, team_id__in=[team.id for team in teams])
        .order_by("player_id")
        .values_list("team_id", "player_id", "player__name", "player__attributes")
    )
    cards: dict[int, list[dict]] = {team.id: [] for team in teams}
    for team_id, player_id, name, attributes in rows:
        cards[team_id].append({**attributes, "id": str(player_id), "name": name})
    tactics = season_tactics(season.id, [team.id for team in teams])
    out = absences.season_absences(season, [team.id for team in teams])
    sheets = {}
    for team in teams:
        missing = {str(absence.player_id): absence for absence in out.get(team.id, [])}
        sheets[team.id] = SquadSheet(
            name=team.name,
            players=tuple(card for card in cards[team.id] if card["id"] not in missing),
            lineup=tactics[team.id] or None,
            squad=tuple(cards[team.id]),
            absences=tuple(missing[card["id"]] for card in cards[team.id] if card["id"] in missing),
        )
    return sheets


def season_tactics(season_id: int, team_ids: list[int]) -> dict[int, dict]:
    """The teams' tactics in the season (``SeasonTeam.tactics``; empty for a team without any)."""
    rows = SeasonTeam.objects.filter(season_id=season_id, team_id__in=team_ids).values_list("team_id", "tactics")
    return {team_id: {} for team_id in team_ids} | {team_id: tactics or {} for team_id, tactics in rows}


def check_tactics(season: Season, tactics: dict, *, team_id: int | None = None) -> None:
    """Raise ``CardError`` when the season's engine would refuse a team's tactics in that season:
    checked against the engine's ``tactics_schema`` (a typo named as such), then played once
    (seed 0) against a copy of the team, with its squad of this season (a sample squad before
    it has one: tactics naming players cannot pass yet) under the season's settings."""
    league = season.league
    engine = get_engine(league.engine)
    engine.validate_tactics(tactics)  # the schema first: a typo is named as such, not played
    rows = SquadMember.objects.filter(team_id=team_id, season=season).order_by("player_id")
    players = [
        {**attributes, "id": str(player_id), "name": name}
        for player_id, name, attributes in rows.values_list("player_id", "player__name", "player__attributes")
    ]
    own_squad = bool(players)
    if not own_squad:
        size = engine.squad_rules_for(season.match_settings).size  # a league may set its squad size
        players = [dict(card) for card in engine.sample_team(0)["players"][:size]]
    mirror = [{**card, "id": f"mirror-{card['id']}"} for card in players]
    try:
        engine.simulate(
            TeamSheet(name="Team", players=tuple(players), lineup=tactics or None),
            TeamSheet(name="Mirror", players=tuple(mirror)),
            seed=0,
            options=MatchOptions(settings=season.match_settings),
        )
    except CardError as exc:
        where = f" (with the squad of {season})" if own_squad else " (with a sample squad: the team has none yet)"
        raise CardError(f"{exc}{where}") from exc


#: What the engine played for a match: its result, the team sheets it was played with, and by
#: side (``home``, ``away``) why a side's tactics were dropped (its manager reads it on the
#: match page).
Simulated = tuple[MatchResult, TeamSheet, TeamSheet, dict[str, str]]


def match_simulate(match: Match, sheets: SeasonSheets | None = None) -> Simulated:
    """Run the league's engine on the match (its sheets out of ``sheets`` when given, read from
    ``seasons_sheets`` for a batch); stores nothing. ``SidesShort`` when the engine refuses a
    side's sheet for the players it is without."""
    engine, home, away, options = match_setup(match, sheets)
    try:
        return sheets_simulate(engine, home, away, seed=match.seed, options=options, match_id=match.id)
    except CardError as refused:
        if short := short_sides(engine, home, away, seed=match.seed, options=options):
            raise SidesShort(short) from refused
        raise


def short_sides(engine: Engine, home: TeamSheet, away: TeamSheet, *, seed: int, options: MatchOptions) -> dict:
    """The sides whose sheet the engine refuses for want of their absent players, each with
    why: a side is short when its sheet (without tactics) is refused against the other side's
    full one. Played only when a match was refused, and only for a side with players out."""
    short = {}
    for side, sheet, other in (("home", home, away), ("away", away, home)):
        if not isinstance(sheet, SquadSheet) or not sheet.absences:
            continue
        full_other = other.full if isinstance(other, SquadSheet) else replace(other, lineup=None)
        pair = (
            (replace(sheet, lineup=None), full_other) if side == "home" else (full_other, replace(sheet, lineup=None))
        )
        try:
            engine.simulate(*pair, seed=seed, options=options)
        except CardError as exc:
            out = ", ".join(f"{a.player_name} ({a.reason_label})" for a in sheet.absences)
            short[side] = f"{sheet.name} cannot field a side without {out}: {exc}"
    return short


def match_setup(match: Match, sheets: SeasonSheets | None = None) -> tuple[Engine, TeamSheet, TeamSheet, MatchOptions]:
    """What the engine plays the match from: the league's engine, both sides' team sheets
    (squads and the season's tactics; read here unless ``sheets`` holds them) and the options
    (the season's settings, whether a winner is required). The play task and the previews
    (``competitions.previews``) both start here."""
    engine, options = match_engine(match)
    home, away = match_sheets(match, sheets if sheets is not None else seasons_sheets([match]))
    return engine, home, away, options


def match_engine(match: Match) -> tuple[Engine, MatchOptions]:
    """The league's engine and the options it plays the match with (no query beyond the
    match's season and league)."""
    options = MatchOptions(winner_required=match.winner_required, settings=match.season.match_settings)
    return get_engine(match.season.league.engine), options


def sheets_simulate(
    engine: Engine, home: TeamSheet, away: TeamSheet, *, seed: int, options: MatchOptions, match_id: int | None = None
) -> Simulated:
    """Play the sheets with ``seed``, with the sheets the engine accepts.

    Tactics the engine refuses (they name a player no longer in the squad, say) are dropped,
    the offending side's, and the match is played with the league's coach rather than failed;
    the sheets returned are those really played (``played_with`` records their lineups), with
    the reason each side's orders were dropped."""

    def play(home_sheet: TeamSheet, away_sheet: TeamSheet) -> MatchResult | CardError:
        try:
            return engine.simulate(home_sheet, away_sheet, seed=seed, options=options)
        except CardError as exc:
            return exc

    result = play(home, away)
    if not isinstance(result, CardError):
        return result, home, away, {}
    refused = result
    plain_home, plain_away = replace(home, lineup=None), replace(away, lineup=None)
    # The offending side's orders first: the home side's dropped, then the away side's, then
    # both (each side's reason then is what the engine said of its orders alone).
    without_home: MatchResult | CardError = refused
    if home.lineup:
        without_home = play(plain_home, away)
        if not isinstance(without_home, CardError):
            return orders_dropped_log(match_id, refused, without_home, (plain_home, away), {"home": str(refused)})
    without_away: MatchResult | CardError = refused
    if away.lineup:
        without_away = play(home, plain_away)
        if not isinstance(without_away, CardError):
            return orders_dropped_log(match_id, refused, without_away, (home, plain_away), {"away": str(refused)})
    if not (home.lineup and away.lineup):
        raise refused  # the squads themselves are refused: no orders to drop
    result = play(plain_home, plain_away)
    if isinstance(result, CardError):
        raise refused
    dropped = {"home": str(without_away), "away": str(without_home)}
    return orders_dropped_log(match_id, refused, result, (plain_home, plain_away), dropped)


def orders_dropped_log(
    match_id: int | None, refused: CardError, result: MatchResult, sheets: tuple[TeamSheet, TeamSheet], dropped: dict
) -> Simulated:
    log.warning("match %s: tactics refused (%s); played without them", match_id, refused)
    return result, *sheets, dropped


def matches_ready(ids: Iterable[int]) -> list[Match]:
    """The matches of ``ids`` ready to be played with their engine, unlocked, by id, with their
    teams and seasons (read once each, with what a result sets off: group, play-offs, bracket)."""
    matches = list(Match.objects.filter(id__in=list(ids)).select_related("home", "away").order_by("id"))
    return _ready(_with_seasons(matches))


def matches_lock(read: Iterable[Match]) -> list[Match]:
    """Lock the rows of matches read before (``matches_ready``) in id order (batches sharing
    matches wait, not deadlock), refresh them from the rows (their teams stay unless changed)
    and read their seasons again: play-offs planned meanwhile are drawn. Those still ready."""
    by_id = {match.id: match for match in read}
    fields = [field.attname for field in Match._meta.concrete_fields]  # the id first
    rows = list(Match.objects.select_for_update().filter(id__in=list(by_id)).order_by("id").values_list(*fields))
    for row in rows:
        for field, value in zip(fields, row, strict=True):
            setattr(by_id[row[0]], field, value)  # a changed relation id drops what was read of it
    return _ready(_with_seasons([by_id[row[0]] for row in rows]))


def _with_seasons(matches: list[Match]) -> list[Match]:
    """``matches`` with their seasons, read once each with their stages (those of a season gone
    since are left out)."""
    with_stages = Season.objects.select_related("league", "group", "playoffs", "bracket")
    seasons = with_stages.in_bulk({match.season_id for match in matches})
    for match in (matches := [match for match in matches if match.season_id in seasons]):
        match.season = seasons[match.season_id]
    return matches


def _ready(matches: Iterable[Match]) -> list[Match]:
    """Those scheduled, not played at the table, and not a second leg with its first leg open."""
    ready = [match for match in matches if match.status == Match.Status.SCHEDULED and not match.played_at_table]
    second_legs_waiting = Match.objects.filter(FIRST_LEG_OPEN, id__in=[match.id for match in ready])
    waiting = set(second_legs_waiting.values_list("id", flat=True))
    return [match for match in ready if match.id not in waiting]


def playing_inputs(match: Match) -> tuple:
    """What on the match's row decides how it is played: changed since read, it is played again."""
    return match.season_id, match.home_id, match.away_id, match.seed, match.winner_required


def simulated_store(match: Match, simulated: Simulated, audit_entries: list | None = None) -> Match:
    """Store what ``match_simulate`` played on the locked, still scheduled match (the caller holds
    the transaction; see ``results_store`` for ``audit_entries``)."""
    simulated_store_all([(match, simulated)], audit_entries)
    return match


def simulated_store_all(played: list[tuple[Match, Simulated]], audit_entries: list | None = None) -> None:
    """``simulated_store`` for many matches at once, in three statements (``results_store``)."""
    for match, (_result, home, away, dropped) in played:
        match.played_with = played_with(match.season.match_settings, home, away, dropped)
    results_store([(match, result, home, away) for match, (result, home, away, _dropped) in played], audit_entries)


def played_with(settings: dict, home: TeamSheet, away: TeamSheet, dropped: dict[str, str] | None = None) -> dict:
    """What, beyond the seed and the squads, decided how the engine played: the settings and
    any lineups (empty for a league that sets neither), under ``dropped`` the reason, by
    side, of tactics the engine refused (the side played with the league's coach), and under
    ``absent`` the players left off each side's sheet (suspended or injured) with why."""
    sides = (("home", home), ("away", away))
    lineups = {side: sheet.lineup for side, sheet in sides if sheet.lineup}
    absent = {
        side: [{"id": str(a.player_id), "reasons": list(a.reasons)} for a in sheet.absences]
        for side, sheet in sides
        if isinstance(sheet, SquadSheet) and sheet.absences
    }
    parts = (("settings", settings), ("lineups", lineups), ("dropped", dropped or {}), ("absent", absent))
    return {key: value for key, value in parts if value}


RESULT_FIELDS = ["status", "home_goals", "away_goals", "decided_by", "shootout_home", "shootout_away"]
FORFEIT_FIELDS = [*RESULT_FIELDS, "forfeited_by", "forfeit_reason"]

#: The fields a save of a match whose kickoff or status changed must also write.
REVISION_FIELDS = ["sequence", "updated_at"]


def match_revised(match: Match) -> list[str]:
    """Count a change of the match's kickoff or status, which calendar subscribers must see
    (the iCal feed's SEQUENCE and LAST-MODIFIED); returns the fields to add to the save."""
    match.sequence += 1
    return REVISION_FIELDS


def revision_update() -> dict:
    """The same for a queryset ``update()``, which skips ``save()`` and ``auto_now``."""
    return {"sequence": F("sequence") + 1, "updated_at": timezone.now()}


def result_store(
    match: Match, result: MatchResult, home: TeamSheet, away: TeamSheet, audit_entries: list | None = None
) -> None:
    """Write a result onto a locked, scheduled match (``results_store`` of one)."""
    results_store([(match, result, home, away)], audit_entries)


#: What storing a result writes on the match's row.
RESULT_STORE_FIELDS = [*RESULT_FIELDS, "engine_version", "played_with", "error", "played_at", *REVISION_FIELDS]


def results_store(
    results: list[tuple[Match, MatchResult, TeamSheet, TeamSheet]], audit_entries: list | None = None
) -> None:
    """Write results onto locked, scheduled matches (inside a transaction) in three statements
    whatever their number: an update of the match rows, a COPY of their play-by-plays (a row
    a match) and one of their player stats, each player's serious injuries counted. An audit
    entry a match: inserted here, or added to ``audit_entries`` for the caller to insert."""
    now = timezone.now()
    play_by_plays: list[tuple] = []
    stats: list[tuple] = []
    entries = []
    for match, result, home, away in results:
        before = audit.snapshot(match, RESULT_FIELDS)
        match.status = Match.Status.PLAYED
        match.home_goals, match.away_goals = result.home_goals, result.away_goals
        match.decided_by = result.decided_by
        match.shootout_home, match.shootout_away = result.shootout_home, result.shootout_away
        match.engine_version = result.version
        match.error = ""
        match.played_at = match.updated_at = now  # a bulk update skips auto_now
        match_revised(match)
        team_of = {p["id"]: match.home_id for p in home.players} | {p["id"]: match.away_id for p in away.players}
        records = event_records(result.events)
        events = [
            {
                "seq": seq,
                "minute": minute,
                "kind": kind,
                "side": side or "",
                "player": int(player_id) if player_id in team_of else None,
                "detail": dict(detail),
            }
            for seq, minute, kind, side, player_id, detail in records
        ]
        play_by_plays.append((match.id, events))
        injured = absences.serious_injuries(match.season.league.engine, records, team_of)
        lines = {player_id: line for player_id, line in result.player_stats.items() if player_id in team_of}
        lines |= {player_id: {} for player_id in injured if player_id not in lines}  # a line to count it on
        stats.extend(
            (
                match.id,
                int(player_id),
                team_of[player_id],
                *(line.get(k, 0) for k in STAT_FIELDS),
                injured.get(player_id, 0),
                {k: v for k, v in line.items() if k not in STAT_FIELDS},
            )
            for player_id, line in lines.items()
        )
        after = audit.snapshot(match, RESULT_FIELDS)
        entries.append(audit.entry("match.result", match, before=before, after=after, **match.audit_scope()))
    matches = [match for match, *_ in results]
    rows_update(Match, RESULT_STORE_FIELDS, matches)
    standings_changed(match.season_id for match in matches)  # a bulk update sends no post_save
    insert_rows(PlayByPlay, ["match", "events"], play_by_plays)
    insert_rows(PlayerMatchStat, ["match", "player", "team", *STAT_FIELDS, "serious_injuries", "extra"], stats)
    if audit_entries is None:
        audit.record_all(entries)
    else:
        audit_entries.extend(entries)


def match_fail(*, match_id: int, error: str) -> None:
    """Mark a still-scheduled match failed, keeping the engine's message."""
    with transaction.atomic():
        failed = Match.objects.filter(id=match_id, status=Match.Status.SCHEDULED).update(
            status=Match.Status.FAILED, error=error[:2000], **revision_update()
        )
        if not failed:
            return
        # update() sends no signal: the season page lists the match as failed, the audit log says so
        match = Match.objects.select_related("home", "away").get(id=match_id)
        standings_changed([match.season_id])
        before = {"status": Match.Status.SCHEDULED, "error": ""}
        after = audit.snapshot(match, ["status", "error"])
        audit.record("match.failed", match, before=before, after=after, **match.audit_scope())


def forfeit_store(match: Match, *, forfeited_by: str, reason: str = "") -> Match:
    """Award the match against the side that forfeited, with the league's forfeit score (the
    caller holds the transaction, and sets off what the result decides); ``reason``: why, when
    the platform awards it (a side too short to play)."""
    league = match.season.league
    winner_goals, loser_goals = league.forfeit_goals_for, league.forfeit_goals_against
    match = Match.objects.select_for_update(of=("self",)).get(id=match.id)
    if match.status == Match.Status.CANCELLED:
        raise ValidationError(
            {
                "status": _("%(match)s is cancelled: a cancelled match never counts, so it cannot be forfeited.")
                % {"match": match}
            }
        )
    before = audit.snapshot(match, FORFEIT_FIELDS)
    if match.status == Match.Status.PLAYED:
        PlayByPlay.objects.filter(match=match).delete()
        PlayerMatchStat.objects.filter(match=match).delete()
    match.status = Match.Status.FORFEITED
    match.forfeited_by = forfeited_by
    match.forfeit_reason = reason[:500]
    match.decided_by = Match.DecidedBy.FORFEIT
    match.shootout_home = match.shootout_away = None
    # when the result came in: a ban is served by results in that order (matches.absences)
    match.played_at = timezone.now()
    if forfeited_by == Match.Side.HOME:
        match.home_goals, match.away_goals = loser_goals, winner_goals
    else:
        match.home_goals, match.away_goals = winner_goals, loser_goals
    match.save(update_fields=[*FORFEIT_FIELDS, "played_at", *match_revised(match)])
    audit.record(
        "match.forfeited", match, before=before, after=audit.snapshot(match, FORFEIT_FIELDS), **match.audit_scope()
    )
    return match


def due_matches(now: datetime | None = None, *, requeue_claimed: bool = False):
    """Scheduled matches whose kickoff has passed and that are not already queued
    (or whose message was queued so long ago that it must have been lost).

    With ``requeue_claimed`` every queued match is due again: the caller has seen the
    broker's queue empty, so the message of a match still scheduled was lost (a broker
    restarted without its data, a worker killed holding it). A match being stored holds its
    row lock and is skipped by the claim; one still being simulated may be queued again, and
    is then stored once (the lock decides)."""
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.MATCH_REQUEUE_AFTER_SECONDS)
    queued_long_ago = Q(queued_at__isnull=False) if requeue_claimed else Q(queued_at__lt=stale)
    return (
        Match.objects.filter(status=Match.Status.SCHEDULED, kickoff__lte=now)
        .filter(Q(queued_at__isnull=True) | queued_long_ago)
        .exclude(TABLE_MATCHES)
        .exclude(FIRST_LEG_OPEN)
        .exclude(ABSENCE_RULES & Exists(EARLIER_OF_A_SIDE))
    )


#: Leagues whose rules keep players out (``matches.absences``): there a match waits until its
#: teams' earlier scheduled matches of the season have their results, so the batches that play a
#: backlog side by side never play a round before the one whose red cards it must respect.
ABSENCE_RULES = (
    Q(season__league__suspension_matches__gt=0)
    | Q(season__league__yellow_cards_ban__gt=0)
    | Q(season__league__injury_matches__gt=0)
)
EARLIER_OF_A_SIDE = (
    Match.objects.filter(season=OuterRef("season"), status=Match.Status.SCHEDULED)
    .filter(Q(kickoff__lt=OuterRef("kickoff")) | Q(kickoff=OuterRef("kickoff"), id__lt=OuterRef("id")))
    .filter(Q(home=OuterRef("home")) | Q(away=OuterRef("home")) | Q(home=OuterRef("away")) | Q(away=OuterRef("away")))
)


def being_played(matches):
    """Of ``matches``: those claimed lately and not stored yet (queued less than
    ``MATCH_REQUEUE_AFTER_SECONDS`` ago, scheduled, played by the workers)."""
    stale = timezone.now() - timedelta(seconds=settings.MATCH_REQUEUE_AFTER_SECONDS)
    return matches.filter(status=Match.Status.SCHEDULED, queued_at__gte=stale).exclude(TABLE_MATCHES)


#: Second legs whose first leg is not closed yet (played, forfeited or cancelled): not due, so
#: the second leg's result always finds the first leg's in (``competitions.progress``).
FIRST_LEG_OPEN = Q(tie__first_leg__isnull=False) & ~Q(tie__first_leg__status__in=Match.CLOSED_STATUSES)

#: Matches played at the table, by their own mode or their league's: the worker leaves them alone.
TABLE_MATCHES = Q(play_mode=PlayMode.TABLE) | Q(play_mode="", season__league__play_mode=PlayMode.TABLE)


def queue_due_matches(now: datetime | None = None, *, requeue_claimed: bool = False) -> list[int]:
    """Claim the due matches and queue one play task each, once the claim is committed
    (``requeue_claimed``: see ``due_matches``)."""
    now = now or timezone.now()
    return claim_and_send(due_matches(now, requeue_claimed=requeue_claimed), now)


def queue_lost_matches(now: datetime | None = None) -> list[int]:
    """Queue again the matches queued before and still scheduled, for a caller that has
    seen the broker's queue empty (their messages were lost). Unlike ``queue_due_matches``
    it queues no match for the first time, so a paused periodic task still holds those back."""
    now = now or timezone.now()
    return claim_and_send(due_matches(now, requeue_claimed=True).filter(queued_at__isnull=False), now)


def claim_and_send(matches, now: datetime) -> list[int]:
    """Claim the matches (skipping those locked: being played, or claimed by another
    process) and queue one play task each once the claim is committed."""
    with transaction.atomic():
        # of=self: the exclusion of table matches joins the league, whose row must not be locked.
        # a season's matches side by side, by kickoff: a batch plays a matchday together
        claimed = matches.select_for_update(skip_locked=True, of=("self",)).order_by("season_id", "kickoff", "id")
        ids = list(claimed.values_list("id", flat=True))
        Match.objects.filter(id__in=ids).update(queued_at=now)
        transaction.on_commit(lambda: play_tasks_send(ids))
    return ids


#: The play tasks, sent by name: defined in ``competitions.tasks`` (a layer above this module:
#: it stores what the engine played and sets off what the result decides). The single-match
#: task keeps the name it had when it lived here, so messages already queued still find it.
PLAY_TASK = "matches.tasks.play_match"
PLAY_BATCH_TASK = "competitions.tasks.play_matches"


def play_tasks_send(ids: list[int]) -> None:
    """One play task per batch of up to ``PLAY_BATCH_SIZE`` matches, all through one producer:
    a task's cost (publish, deliver, ack, a commit) is paid once per batch, not per match. A
    match whose message is lost is queued again once the broker's queue is seen empty, or its
    claim is stale (``due_matches``), whichever batch it was in."""
    size = settings.PLAY_BATCH_SIZE
    with app.producer_or_acquire() as producer:
        for start in range(0, len(ids), size):
            app.send_task(PLAY_BATCH_TASK, (ids[start : start + size],), producer=producer)
