"""Groups then knockout: teams drawn into groups, a round robin in each, the best of each
group into a knockout where group winners meet runners-up of another group.

Each group is a Season of the same league (see ``GroupStage``), made by
``stage_season`` with the tournament season's squads: its fixtures come from
``generate_fixtures`` and its table from ``compute_standings``, so the league's
points and tie-breakers apply to a group exactly as to a league. The knockout is
drawn by ``draw_group_knockout`` once every group match is finished: by the worker
that stores the last group result (``competitions.progress.on_result``), or
by hand (the admin action or ``manage.py draw_groups --knockout``) when results
were written without the worker. The groups come from seeded pots or are given
by hand (``groups_from_lines``).
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.bracket import group_crossing
from competitions.knockout import knockout_option_errors
from competitions.playoffs import knockout_stage, stage_season
from competitions.round_robin import fixtures_generate
from competitions.standings import compute_standings, format_table
from leagues.models import Season, Team
from matches.models import Match
from tournaments.models import Group, GroupStage


def pot_draw(ranking: Sequence[Team], groups: int, seed: int) -> list[list[Team]]:
    """Teams into groups from seeded pots: the ranking is cut into pots of ``groups`` teams
    (pot 1 the best), and each pot is drawn by lot one team per group, so no group gets
    two teams of the same pot. A short last pot leaves the last groups a team short."""
    rng = random.Random(f"{seed}:pots")
    drawn: list[list[Team]] = [[] for _ in range(groups)]
    for start in range(0, len(ranking), groups):
        pot = list(ranking[start : start + groups])
        rng.shuffle(pot)
        for group, team in zip(drawn, pot, strict=False):
            group.append(team)
    return drawn


def groups_from_lines(season: Season, lines: Sequence[str], *, field: str = "group") -> list[list[Team]]:
    """Groups given by hand, one per line as ``"A: 1, 2, 3"`` or ``"B: Ashford Rovers, Dunmore
    Wanderers"`` (team ids or names, any case; the label is optional and, if given, must be the
    letter the group's place gives it: A, B, C ... in order), for ``draw_groups(by_hand=...)``.

    Every problem is found at once and raised as one ValidationError on ``field``: a team
    unknown in the league, a team of the league not in the season, a team given twice, an
    empty group, groups whose sizes differ by more than one, a team of the season left out."""
    in_league = {team.id: team for team in Team.objects.filter(league=season.league_id)}
    by_name = {team.name.casefold(): team for team in in_league.values()}
    in_season = set(season.teams.values_list("id", flat=True))
    problems: list[str] = []
    groups: list[list[Team]] = []
    placed: dict[int, str] = {}
    for index, line in enumerate(lines):
        expected = string.ascii_uppercase[index] if index < len(string.ascii_uppercase) else "?"
        label, colon, names = line.partition(":")
        if not colon:
            label, names = expected, line
        label = label.strip().upper()
        if label != expected:
            problems.append(
                _("group %(index_1)s is labelled %(label_or_nothing)s: the groups are A, B, C ... in order.")
                % {"index_1": index + 1, "label_or_nothing": label or "nothing"}
            )
        members: list[Team] = []
        for reference in (part.strip() for part in names.split(",")):
            if not reference:
                continue
            team = in_league.get(int(reference)) if reference.isdigit() else by_name.get(reference.casefold())
            if team is None:
                problems.append(
                    _('group %(expected)s: "%(reference)s" is not a team of %(season_league)s.')
                    % {"expected": expected, "reference": reference, "season_league": season.league}
                )
            elif team.id not in in_season:
                problems.append(
                    _("group %(expected)s: %(team)s is not in %(season)s.")
                    % {"expected": expected, "team": team, "season": season}
                )
            elif team.id in placed:
                if placed[team.id] == expected:
                    problem = _("%(team)s is twice in group %(group)s.") % {"team": team, "group": expected}
                else:
                    problem = _("%(team)s is in group %(first)s and group %(group)s.") % {
                        "team": team,
                        "first": placed[team.id],
                        "group": expected,
                    }
                problems.append(problem)

            else:
                placed[team.id] = expected
                members.append(team)
        if not members:
            problems.append(_("group %(expected)s is empty.") % {"expected": expected})
        groups.append(members)
    sizes = sorted({len(g) for g in groups if g})
    if sizes and sizes[-1] - sizes[0] > 1:
        problems.append(
            _("groups of %(sizes_0)s and %(sizes_1)s teams: group sizes may differ by one at most.")
            % {"sizes_0": sizes[0], "sizes_1": sizes[-1]}
        )
    missing = [str(team) for team in season.teams.order_by("name") if team.id not in placed]
    if missing:
        problems.append(_("not in any group: %(join_missing)s.") % {"join_missing": ", ".join(missing)})
    if problems:
        raise ValidationError({field: problems})
    return groups


def groups_draw(
    season: Season,
    *,
    groups: int = 0,
    advance: int = 2,
    ranking: Sequence[Team] | None = None,
    by_hand: Sequence[Sequence[Team]] | None = None,
    double: bool = False,
    third_place: bool = False,
    two_legged_rounds: Sequence[int] = (),
    away_goals: bool = False,
) -> GroupStage:
    """Draw the season's teams into ``groups`` groups (from pots of ``ranking``, by lot when no
    ranking is given, or exactly ``by_hand``) and schedule each group's round robin from the
    season's first kickoff. The season itself keeps no fixtures of its own. The knockout's
    options (third place, two-legged rounds, away goals) are kept on the stage for the worker
    that draws it, and checked now against its size (groups x advance)."""
    teams = list(season.teams.order_by("id"))
    if by_hand is not None:
        drawn = [list(group) for group in by_hand]
        groups = len(drawn)
        if sorted(t.id for g in drawn for t in g) != sorted(t.id for t in teams):
            raise ValidationError({"groups": _("The groups must hold every team of the season once.")})
    else:
        if ranking is None:
            ranking = list(teams)
            random.Random(f"{season.seed}:ranking").shuffle(ranking)
        elif sorted(t.id for t in ranking) != sorted(t.id for t in teams):
            raise ValidationError({"ranking": _("The ranking must list every team of the season once.")})
        drawn = pot_draw(ranking, groups, season.seed) if groups >= 2 else []
    errors = {}
    if not 2 <= groups <= len(string.ascii_uppercase):
        errors["groups"] = _("%(groups)s groups: a group stage needs 2 to 26 groups.") % {"groups": groups}
    elif min(len(g) for g in drawn) < max(2, advance):
        errors["groups"] = _("Every group needs at least %(max_2_advance)s teams.") % {"max_2_advance": max(2, advance)}
    if advance < 1:
        errors["advance"] = _("At least one team of each group goes through.")
    elif "groups" not in errors:
        errors |= knockout_option_errors(groups * advance, two_legged_rounds=two_legged_rounds)
    if season.first_kickoff is None or season.round_interval is None:
        errors["first_kickoff"] = _("Set the season's first kickoff and round interval before drawing the groups.")
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        Season.objects.select_for_update().get(id=season.id)
        old = GroupStage.objects.filter(season=season).first()
        group_seasons = Season.objects.filter(group__stage=old) if old else Season.objects.none()
        if Match.objects.filter(season__in=[season, *group_seasons], status__in=Match.RESULT_STATUSES).exists():
            raise ValidationError({"season": _("The groups cannot be drawn again once a match has been played.")})
        Match.objects.filter(season=season).delete()
        group_seasons.delete()
        if old:
            old.delete()
        stage = GroupStage.objects.create(
            season=season,
            group_count=groups,
            advance=advance,
            third_place=third_place,
            two_legged_rounds=sorted(set(two_legged_rounds)),
            away_goals=away_goals,
            drawn_at=timezone.now(),
        )
        for label, members in zip(string.ascii_uppercase, drawn, strict=False):
            group_season = stage_season(
                season,
                name=f"{season.name} group {label}",
                key=f"group:{label}",
                teams=members,
                first_kickoff=season.first_kickoff,
            )
            Group.objects.create(stage=stage, label=label, season=group_season)
            fixtures_generate(group_season, double=double)
    return stage


def knockout_draw_when_groups_finish(stage_id: int) -> None:
    """Lock the group stage; if a stored result finished its last group, draw the knockout
    (once: a stage keeps its knockout). The caller holds the transaction."""
    stage = GroupStage.objects.select_for_update().get(id=stage_id)
    if stage.knockout_id is None and not _unfinished(stage):
        group_knockout_draw(stage)


def _unfinished(stage: GroupStage) -> int:
    """How many group matches are still to be played (or failed, or postponed)."""
    return Match.objects.filter(season__group__stage=stage).exclude(status__in=Match.CLOSED_STATUSES).count()


def group_knockout_draw(
    stage: GroupStage, *, third_place: bool | None = None, first_kickoff: datetime | None = None
) -> Season:
    """The knockout of the groups' top teams (``group_crossing``), in a new season starting a
    round after the last group match (or now, if later); a third-place match as the stage
    says unless ``third_place`` is given, its two-legged rounds and away goals as the stage
    says. Refused while a group match is unfinished, and once drawn (the stage keeps its
    knockout)."""
    groups = list(stage.groups.select_related("season").order_by("label"))
    seasons = [g.season for g in groups]
    unfinished = _unfinished(stage)
    if unfinished:
        raise ValidationError(
            {"groups": _("%(unfinished)s group matches are not finished yet.") % {"unfinished": unfinished}}
        )
    if stage.knockout_id is not None:
        raise ValidationError({"knockout": _("The knockout of %(stage)s is already drawn.") % {"stage": stage}})
    tables = [compute_standings(s).rows for s in seasons]
    teams = {t.id: t for t in stage.season.teams.all()}
    seeds = [teams[tables[g][place - 1].team_id] for g, place in group_crossing(len(groups), stage.advance)]
    season = stage.season
    last_kickoff = Match.objects.filter(season__in=seasons).order_by("-kickoff").values_list("kickoff", flat=True)[0]
    with transaction.atomic():
        stage = GroupStage.objects.select_for_update().get(id=stage.id)
        if stage.knockout_id is not None:
            raise ValidationError({"knockout": _("The knockout of %(stage)s is already drawn.") % {"stage": stage}})
        knockout = knockout_stage(
            season,
            name=f"{season.name} knockout",
            key="knockout",
            seeds=seeds,
            after=last_kickoff,
            first_kickoff=first_kickoff,
            third_place=stage.third_place if third_place is None else third_place,
            two_legged_rounds=stage.two_legged_rounds,
            away_goals=stage.away_goals,
        )
        stage.knockout = knockout
        stage.save(update_fields=["knockout"])
    return knockout


def group_lines(stage: GroupStage) -> list[str]:
    """Each group's table as text, for the demo and the command."""
    return [f"Group {g.label}\n{format_table(compute_standings(g.season))}" for g in stage.groups.order_by("label")]
