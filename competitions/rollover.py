"""A league outlives its season: closing a season, its divisions' promotion play-offs, and
starting the next season (the rollover).

``season_rollover`` does everything in one transaction, so a refusal (a ValidationError
naming the reason) leaves nothing changed: the teams move between divisions by the final
tables and the promotion play-offs, teams may be added or withdrawn, the new season gets its
fixtures on the old season's pattern of dates, a draft whose order is the reverse of the
final tables, the cards the managers chose to keep (paid again from the new budget) and the
coins carried over, up to the league's cap. Both go through the BootCoin ledger, which
locks each team's row while it sums and writes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from audit import services as audit
from competitions.divisions import DivisionTable, division_tables
from competitions.knockout import champion
from competitions.playoffs import knockout_stage
from competitions.round_robin import fixtures_generate
from leagues.cache import standings_changed
from leagues.models import Division, DivisionPlayoff, Season, SeasonTeam, Team, new_seed
from matches.models import Match
from matches.services import revision_update
from rosters import ledger
from rosters.drafts.setup import draft_create
from rosters.models import Draft, Keeper, SquadMember
from rosters.squads import cards_keep
from tournaments.models import Bracket

#: The relations that make a season a later stage of another (its play-offs, a group, a
#: knockout after the groups): a stage is not a season of the league to roll over.
STAGE_OF = ["division_playoff_of", "playoffs_of", "group", "group_stage_of"]


# --- finished or closed ------------------------------------------------------------------------


def unfinished_matches(season: Season):
    return season.matches.exclude(status__in=Match.CLOSED_STATUSES)


def finish_problem(season: Season) -> str:
    """Why the season is not over yet (empty when it is): matches left, unless it was closed."""
    if season.closed_at is not None:
        return ""
    if not season.matches.exists():
        return f"{season} has no matches: make its fixtures and play them, or close it."
    left = unfinished_matches(season).count()
    if left:
        return (
            f"{left} matches of {season} are not finished: play them, or close the season "
            "(its unplayed matches are cancelled and listed)."
        )
    return ""


def season_close(season: Season, *, by=None) -> str:
    """Close the season as it stands: its unplayed matches are cancelled, and the note that
    lists them is kept on the season (and returned). Refused once closed."""
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if season.closed_at is not None:
            raise ValidationError({"season": f"{season} was closed already: {season.closed_note}"})
        left = list(
            unfinished_matches(season)
            .select_for_update(of=("self",))
            .select_related("home", "away")
            .order_by("round", "kickoff", "id")
        )
        if left:
            listed = "; ".join(f"round {m.round}, {m.home} v {m.away}" for m in left)
            note = f"{len(left)} matches left unplayed and cancelled: {listed}."
        else:
            note = "Every match was played."
        Match.objects.filter(pk__in=[m.pk for m in left]).update(status=Match.Status.CANCELLED, **revision_update())
        season.closed_at, season.closed_note = timezone.now(), note
        season.save(update_fields=["closed_at", "closed_note"])
        standings_changed([season.pk])
        audit.record("season.closed", season, after={"unplayed": [m.pk for m in left]}, actor=by, season=season.pk)
    return note


# --- moves between divisions -------------------------------------------------------------------


def team_ids(part: DivisionTable) -> list[int]:
    return [row.team_id for row in part.table.rows]


def division_errors(parts: Sequence[DivisionTable]) -> list[str]:
    """What stops the divisions' places from moving teams: promotion from the top tier or
    relegation from the bottom one, zones that overlap, a relegation play-off without a promotion
    play-off below, and tiers whose moves do not balance (a division would change size)."""
    errors = []
    for index, part in enumerate(parts):
        d, size = part.division, len(part.table.rows)
        if index == 0 and (d.promoted or d.promotion_playoff):
            errors.append(f"{d.name} is the top division: nobody goes up from it (promoted, promotion_playoff).")
        if index == len(parts) - 1 and (d.relegated or d.relegation_playoff):
            errors.append(f"{d.name} is the bottom division: nobody goes down from it (relegated, relegation_playoff).")
        places = d.promoted + d.promotion_playoff + d.relegated + d.relegation_playoff
        if places > size:
            errors.append(f"{d.name} has {size} teams, fewer than the {places} places its moves and play-offs need.")
    for upper, lower in zip(parts, parts[1:], strict=False):
        high, low = upper.division, lower.division
        if high.relegation_playoff and not low.promotion_playoff:
            errors.append(f"{high.name} has a relegation play-off, but {low.name} below has no promotion play-off.")
        up = low.promoted + (1 if low.promotion_playoff and not high.relegation_playoff else 0)
        if up != high.relegated:
            errors.append(
                f"{low.name} sends {up} up but {high.name} sends {high.relegated} down: {high.name} would have "
                f"{len(upper.table.rows) - high.relegated + up} teams and {low.name} "
                f"{len(lower.table.rows) - up + high.relegated}. Make the numbers equal."
            )
    return errors


def playoff_winner(season: Season, division: Division) -> int:
    """The team that won the division's promotion play-off of the season; refused while it
    is not drawn or not finished."""
    playoff = DivisionPlayoff.objects.filter(season=season, division=division).select_related("knockout").first()
    if playoff is None:
        raise ValidationError(
            {"season": f"The promotion play-off of {division.name} in {season} is not drawn yet: draw it first."}
        )
    bracket = Bracket.objects.filter(season=playoff.knockout).first()
    winner = champion(bracket) if bracket else None
    if winner is None:
        raise ValidationError(
            {"season": f"The promotion play-off of {division.name} ({playoff.knockout}) is not finished."}
        )
    return winner.pk


def next_divisions(season: Season, parts: Sequence[DivisionTable]) -> dict[int, Division | None]:
    """Each team's division next season, by the final tables and the promotion play-offs."""
    if parts[0].division is None:
        return {team_id: None for team_id in team_ids(parts[0])}
    if errors := division_errors(parts):
        raise ValidationError({"divisions": " ".join(errors)})
    place = {team_id: part.division for part in parts for team_id in team_ids(part)}
    for upper, lower in zip(parts, parts[1:], strict=False):
        high, low = upper.division, lower.division
        top, bottom = team_ids(upper), team_ids(lower)
        ups = bottom[: low.promoted]
        downs = top[len(top) - high.relegated :]
        if low.promotion_playoff:
            winner = playoff_winner(season, low)
            defender = top[len(top) - high.relegated - 1] if high.relegation_playoff else None
            if winner != defender:
                ups.append(winner)
                if defender is not None:
                    downs.append(defender)
        for team_id in ups:
            place[team_id] = high
        for team_id in downs:
            place[team_id] = low
    return place


def playoff_seeds(parts: Sequence[DivisionTable], index: int) -> list[int]:
    """Who plays the promotion play-off of ``parts[index]``, best seed first: the team of the
    tier above defending its place (a relegation play-off), then the division's teams placed
    after the promoted."""
    division = parts[index].division
    ids = team_ids(parts[index])
    seeds = ids[division.promoted : division.promoted + division.promotion_playoff]
    upper = parts[index - 1]
    if upper.division.relegation_playoff:
        above = team_ids(upper)
        seeds.insert(0, above[len(above) - upper.division.relegated - 1])
    return seeds


def division_playoffs_draw(season: Season, *, first_kickoff: datetime | None = None) -> list[Season]:
    """Draw the promotion play-offs of the season's divisions (each a knockout season of the
    play-off format, a round after the season's last match unless ``first_kickoff``). Refused
    before the season is over, when its divisions cannot move teams, and once drawn."""
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        if problem := finish_problem(season):
            raise ValidationError({"season": problem})
        parts = division_tables(season)
        if parts[0].division is None or not any(p.division.promotion_playoff for p in parts):
            raise ValidationError({"season": f"No division of {season} has a promotion play-off."})
        if errors := division_errors(parts):
            raise ValidationError({"divisions": " ".join(errors)})
        if DivisionPlayoff.objects.filter(season=season).exists():
            raise ValidationError({"season": f"The promotion play-offs of {season} are drawn already."})
        last_kickoff = season.matches.order_by("-kickoff").values_list("kickoff", flat=True).first()
        teams = {t.pk: t for t in season.teams.all()}
        knockouts = []
        for index, part in enumerate(parts):
            if not part.division.promotion_playoff:
                continue
            knockout = knockout_stage(
                season,
                name=f"{season.name} {part.division.name} play-off",
                key=f"division-playoff-{part.division.tier}",
                seeds=[teams[t] for t in playoff_seeds(parts, index)],
                after=last_kickoff,
                first_kickoff=first_kickoff,
            )
            DivisionPlayoff.objects.create(season=season, division=part.division, knockout=knockout)
            knockouts.append(knockout)
        return knockouts


# --- the next season ---------------------------------------------------------------------------


def next_name(season: Season) -> str:
    """The season's name with its last number counted on ("2026" -> "2027"), else " 2" added."""
    match = re.search(r"(\d+)(\D*)$", season.name)
    if match is None:
        return f"{season.name} 2"
    number = str(int(match.group(1)) + 1).zfill(len(match.group(1)))
    return season.name[: match.start()] + number + match.group(2)


def next_first_kickoff(season: Season) -> datetime:
    """A round interval after the season's last kickoff, so the new season keeps the old one's
    rhythm; and never sooner than a round interval from now, so no match of the new season is
    due before its draft could be held (a rollover after the play-offs, or weeks later)."""
    last = season.matches.order_by("-kickoff").values_list("kickoff", flat=True).first()
    if last is None or season.round_interval is None:
        raise ValidationError(
            {"first_kickoff": f"{season} has no kickoffs or no round interval to follow: give the first kickoff."}
        )
    return max(last, timezone.now()) + season.round_interval


def carry_over(season: Season, new: Season, teams: Sequence[int]) -> None:
    """Each team's unspent coins of ``season``, up to the league's cap, into the new season's ledger."""
    cap = season.league.carry_over_cap
    if cap <= 0:
        return
    left = ledger.balances(season, teams)
    note = f"carried over from {season}"
    postings = [ledger.Posting(t, min(cap, left[t]), ledger.Reason.CARRY_OVER, note=note) for t in teams if left[t] > 0]
    if postings:
        ledger.post(new, postings)


def keeper_errors(season: Season, keepers: Sequence[Keeper]) -> list[str]:
    """Keepers over the league's number, or cards no longer in the team's squad of the season."""
    league = season.league
    errors = []
    counts: dict[Team, int] = {}
    for keeper in keepers:
        counts[keeper.team] = counts.get(keeper.team, 0) + 1
    for team, count in counts.items():
        if count > league.keepers_max:
            errors.append(f"{team} keeps {count} cards, over the league's {league.keepers_max} (keepers_max).")
    squads = set(SquadMember.objects.filter(season=season).values_list("team_id", "player_id"))
    errors += [
        f"{k.team} keeps {k.player.name}, who is not in its squad of {season}."
        for k in keepers
        if (k.team_id, k.player_id) not in squads
    ]
    return errors


def keep_cards(season: Season, new: Season, teams: Sequence[int]) -> None:
    """The kept cards into the new squads, each paid again (its price, or the league's keeper
    price) from the new budget; a team that cannot pay is refused by the ledger."""
    keepers = list(Keeper.objects.filter(season=season, team_id__in=teams).select_related("team", "player"))
    if errors := keeper_errors(season, keepers):
        raise ValidationError({"keepers": " ".join(errors)})
    cards_keep(new, [(k.team_id, k.player) for k in keepers], note=f"kept from {season}")


def teams_named(league, names: Sequence[str]) -> list[Team]:
    """The league's teams of these names, each made if the league has none (blank names skipped)."""
    names = [name.strip() for name in names if name.strip()]
    limit = Team._meta.get_field("name").max_length
    if too_long := [name for name in names if len(name) > limit]:
        raise ValidationError({"add": f"Team names are at most {limit} characters: {', '.join(too_long)}."})
    return [Team.objects.get_or_create(league=league, name=name)[0] for name in names]


def season_rollover(
    season: Season,
    seed: int | None = None,
    *,
    name: str = "",
    first_kickoff: datetime | None = None,
    add: Sequence[Team] = (),
    new_teams: Sequence[str] = (),
    withdraw: Sequence[Team] = (),
    by=None,
) -> Season:
    """Start the season after ``season`` (finished, or closed) and return it: see the module's
    docstring. ``add`` teams, and the teams named in ``new_teams`` (made in the league unless it
    has them), start in the bottom division; ``withdraw`` teams leave the league's seasons.
    Refused, with nothing changed (a team made for ``new_teams`` included), when the season is
    not over, was rolled over already, is a stage of another, or when the moves, the teams, the
    keepers or the ledger do not add up."""
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        add = [*add, *teams_named(season.league, new_teams)]
        following = Season.objects.filter(previous=season).first()
        if following is not None:
            raise ValidationError(
                {"season": f"{season} was rolled over already, into {following} (season id {following.pk})."}
            )
        stage = next((relation for relation in STAGE_OF if hasattr(season, relation)), None)
        if stage is not None:
            raise ValidationError({"season": f"{season} is a stage of another season; roll over that season."})
        if problem := finish_problem(season):
            raise ValidationError({"season": problem})
        parts = division_tables(season)
        place = next_divisions(season, parts)
        errors = {}
        unplaced = season.teams.exclude(pk__in=place).values_list("name", flat=True)
        if unplaced:
            errors["teams"] = f"In no division of {season}: {', '.join(unplaced)}. Put every team in a division."
        strangers = [t.name for t in withdraw if t.pk not in place]
        if strangers:
            errors["withdraw"] = f"Not in {season}: {', '.join(strangers)}."
        newcomers = [t for t in add if t.league_id == season.league_id and t.pk not in place]
        if len(newcomers) != len(add):
            wrong = [t.name for t in add if t not in newcomers]
            errors["add"] = f"Already in {season}, or of another league: {', '.join(wrong)}."
        name = name or next_name(season)
        if Season.objects.filter(league=season.league, name=name).exists():
            errors["name"] = f"{season.league} has a season called {name} already."
        if errors:
            raise ValidationError(errors)
        for team in withdraw:
            del place[team.pk]
        for team in newcomers:
            place[team.pk] = parts[-1].division
        new = Season.objects.create(
            league=season.league,
            name=name,
            previous=season,
            seed=new_seed() if seed is None else seed,
            double_round_robin=season.double_round_robin,
            round_interval=season.round_interval,
            first_kickoff=first_kickoff or next_first_kickoff(season),
            engine_settings=season.engine_settings,
            keepers_deadline=None,
        )
        SeasonTeam.objects.bulk_create(SeasonTeam(season=new, team_id=t, division=d) for t, d in place.items())
        staying = sorted(place)
        carry_over(season, new, [t for t in staying if t not in {n.pk for n in newcomers}])
        keep_cards(season, new, staying)
        old_draft = Draft.objects.filter(season=season).first()
        draft_create(
            new,
            format=old_draft.format if old_draft else Draft.Format.SNAKE,
            seconds_per_pick=old_draft.seconds_per_pick if old_draft else 90,
            order_method=Draft.OrderMethod.REVERSE_TABLE,
            previous_season=season,
        )
        fixtures_generate(new)
        audit.record(
            "season.rolled_over",
            new,
            after={
                "previous": season.pk,
                "divisions": {str(t): d.pk if d else None for t, d in place.items()},
                "added": [t.pk for t in newcomers],
                "withdrawn": [t.pk for t in withdraw],
            },
            actor=by,
            season=new.pk,
        )
    return new
