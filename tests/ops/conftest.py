"""A league with everything a league can hold: a played season with a manager's tactics, a
points deduction and table-result steps; a draft with picks, a queue, a lot and a market;
a knockout with a third place, groups, a Swiss with byes, double elimination and a league
with its play-offs, all played out without a worker."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone

from competitions.results import due_matches_play
from competitions.start import tournament_start
from leagues.models import Division, DivisionPlayoff, PointsDeduction, Season, SeasonOdds, SeasonTeam, Team
from matches.models import Match, ResultSubmission
from ops.demo import demo_season_create
from rosters.accounts import invite_manager
from rosters.drafts import clock
from rosters.drafts.moves import run_autodraft
from rosters.drafts.setup import draft_create
from rosters.models import Claim, Draft, Keeper, Player, QueuedCard, SquadMember, Trade, TradeCard, TransferWindow
from rosters.permissions import COMMISSIONERS


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def no_clock(monkeypatch):
    """Drafts queue their clock on the broker; here nothing waits for it."""
    monkeypatch.setattr(clock, "schedule_clock", lambda args, eta: None)


def play_out() -> None:
    for _ in range(30):
        if not due_matches_play():
            return
    raise AssertionError("the league's matches did not finish")


def tournament_season(season: Season, name: str, teams: list[Team]) -> Season:
    """A season of the same league with the given teams and their squads of ``season``."""
    new = Season.objects.create(
        league=season.league,
        name=name,
        seed=len(name),
        double_round_robin=False,
        first_kickoff=timezone.now() - timedelta(days=30),
        round_interval=timedelta(hours=1),
    )
    new.teams.set(teams)
    SquadMember.objects.bulk_create(
        SquadMember(season=new, team=m.team, player=m.player, price=m.price)
        for m in SquadMember.objects.filter(season=season, team__in=teams)
    )
    return new


def futti_tactics(season: Season, team: Team) -> dict:
    squad = SquadMember.objects.filter(season=season, team=team).select_related("player").order_by("player_id")
    field = [m.player_id for m in squad if m.player.role == "field"]
    keeper = next(m.player_id for m in squad if m.player.role == "goalkeeper")
    return {"attackers": field[:2], "defenders": field[2:4], "goalkeeper": keeper}


@pytest.fixture
def full_league(db):
    season = demo_season_create(engine="futti", teams=6, seed=3, double=False)
    league = season.league
    teams = list(season.teams.order_by("id"))
    anna = get_user_model().objects.create_user("anna", "anna@example.com", "pw-12345-x", is_staff=True)
    anna.groups.add(Group.objects.get(name=COMMISSIONERS))
    league.commissioners.add(anna)
    bruno, _ = invite_manager(teams[0], "bruno@example.com")
    SeasonTeam.objects.filter(season=season, team=teams[0]).update(tactics=futti_tactics(season, teams[0]))
    PointsDeduction.objects.create(season=season, team=teams[1], points=2, reason="late team sheet")
    play_out()
    assert Match.objects.filter(season=season, played_with__lineups__home__isnull=False).exists()

    played = Match.objects.filter(season=season, status=Match.Status.PLAYED).order_by("id").first()
    scorer = SquadMember.objects.filter(season=season, team=played.home).order_by("player_id").first().player_id
    entered = {
        "home_goals": played.home_goals,
        "away_goals": played.away_goals,
        "events": [{"minute": 12, "kind": "goal", "player": scorer, "out": None}],
        "counts": {str(scorer): {"saves": 1}},
    }
    submitted = ResultSubmission.objects.create(
        match=played, action="submit", state="accepted", side="home", by=bruno, payload=entered
    )
    ResultSubmission.objects.create(match=played, action="approve", by=anna, refers_to=submitted, note="agreed")

    draft_season = tournament_season(season, "Draft 2027", teams[:4])
    SquadMember.objects.filter(season=draft_season).delete()
    draft = draft_create(draft_season, order_method=Draft.OrderMethod.MANUAL, order=[t.id for t in teams[:4]])
    run_autodraft(draft.id)
    cards = list(Player.objects.filter(league=league).order_by("id")[:3])
    QueuedCard.objects.create(draft=draft, team=teams[0], player=cards[0], position=0)
    Draft.objects.filter(pk=draft.pk).update(
        lot={"player": cards[1].id, "bid": 2, "team": teams[1].id, "by": bruno.id},
        market={
            "card_ids": [str(c.id) for c in cards],
            "coaches": [str(t.id) for t in teams[:2]],
            "pile": [str(cards[2].id)],
            "display": [str(cards[0].id)],
            "discards": [],
            "squads": {str(teams[0].id): [str(cards[1].id)], str(teams[1].id): []},
            "budgets": {str(teams[0].id): 13, str(teams[1].id): 15},
            "to_act": str(teams[1].id),
            "checked": [],
            "finished": [str(teams[0].id)],
            "seed": 5,
            "deals": 1,
        },
    )

    tournament_start(tournament_season(season, "Cup", teams[:5]), "knockout", third_place=True)
    tournament_start(tournament_season(season, "Groups", teams), "groups", groups=2, advance=2)
    tournament_start(tournament_season(season, "Swiss", teams[:5]), "swiss", rounds=3)
    tournament_start(tournament_season(season, "Double", teams[:4]), "double_elimination", bracket_reset=True)
    tournament_start(tournament_season(season, "League", teams[:4]), "league_playoffs", top=2)
    play_out()

    top = Division.objects.create(league=league, name="Premier", tier=1, relegated=1, relegation_playoff=True)
    second = Division.objects.create(league=league, name="Championship", tier=2, promoted=1, promotion_playoff=2)
    divided = tournament_season(season, "Divided", teams)
    Season.objects.filter(pk=divided.pk).update(previous=season)
    SeasonTeam.objects.filter(season=divided, team__in=teams[:3]).update(division=top)
    SeasonTeam.objects.filter(season=divided, team__in=teams[3:]).update(division=second)
    playoff = tournament_season(season, "Divided play-off", teams[3:5])
    DivisionPlayoff.objects.create(season=divided, division=second, knockout=playoff)
    odds = [{"team": t.id, "division": (top if i < 3 else second).id, "title": 1 / 3} for i, t in enumerate(teams)]
    SeasonOdds.objects.create(season=divided, round=0, computed_at=timezone.now(), completions=10, teams=odds)
    kept = SquadMember.objects.filter(season=season, team=teams[0]).order_by("player_id").first()
    Keeper.objects.create(season=season, team=teams[0], player=kept.player)
    # the market between matches: a window, a claim (with the card it releases), a trade of cards
    now = timezone.now()
    window = TransferWindow.objects.create(
        season=season, opens_at=now, claims_deadline=now + timedelta(days=1), closes_at=now + timedelta(days=2)
    )
    held = set(SquadMember.objects.filter(season=season).values_list("player_id", flat=True))
    free = Player.objects.filter(league=league).exclude(pk__in=held).order_by("id").first()
    Claim.objects.create(window=window, team=teams[1], player=free, release=kept.player, bid=1, created_by=bruno)
    trade = Trade.objects.create(
        season=season, proposer=teams[0], receiver=teams[1], coins_offered=1, proposed_by=bruno
    )
    given = SquadMember.objects.filter(season=season, team=teams[1]).order_by("player_id").first()
    TradeCard.objects.create(trade=trade, player=given.player, from_team=teams[1])
    return league
