"""The two questions every move asks: is a window open, does the squad still fit the rules."""

from datetime import timedelta

import pytest
from django.utils import timezone

from rosters.models import Draft, Player, SquadMember, TransferWindow
from rosters.transfers import TransferError, deadline_task, free_agents, open_window, squad_problem, window_required


def card(league, name, role):
    return Player.objects.create(league=league, name=name, role=role, attributes={"role": role}, price=1)


def window(season, opens, closes):
    now = timezone.now()
    return TransferWindow.objects.create(
        season=season, opens_at=now + opens, claims_deadline=now + opens, closes_at=now + closes
    )


def test_a_window_is_open_only_between_its_opening_and_its_close(season):
    past = window(season, timedelta(days=-3), timedelta(days=-2))
    current = window(season, timedelta(hours=-1), timedelta(hours=1))
    assert open_window(season) == current
    assert open_window(season, past.opens_at) == past
    assert open_window(season, current.closes_at) is None


def test_outside_every_window_the_refusal_names_the_next_one(season):
    upcoming = window(season, timedelta(days=2), timedelta(days=3))
    with pytest.raises(TransferError, match=f"next opens {upcoming.opens_at:%Y-%m-%d %H:%M}"):
        window_required(season)
    upcoming.delete()
    with pytest.raises(TransferError, match="no other window is set"):
        window_required(season)


def test_free_agents_are_the_pool_cards_no_team_of_the_season_holds(season, league):
    held, free = card(league, "Held", "field"), card(league, "Free", "field")
    SquadMember.objects.create(season=season, team=season.teams.first(), player=held)
    assert list(free_agents(season)) == [free]


def test_a_squad_may_be_short_but_never_hold_more_of_a_role_than_its_places(season, league):
    team = season.teams.first()
    keepers = [card(league, f"Keeper {i}", "goalkeeper") for i in range(3)]
    fielders = [card(league, f"Field {i}", "field") for i in range(7)]
    for player in [*keepers[:2], *fielders[:6]]:
        SquadMember.objects.create(season=season, team=team, player=player)
    assert squad_problem(season, team) == ""  # Fütti: 6 field and 2 goalkeepers, no reserves
    assert squad_problem(season, team, removing=[keepers[0]]) == ""
    assert "2 goalkeeper" in squad_problem(season, team, adding=[keepers[2]], removing=[fielders[0]])
    assert squad_problem(season, team, adding=[keepers[2]], removing=[keepers[0]]) == ""
    assert "9 cards" in squad_problem(season, team, adding=[fielders[6]])


def test_nothing_moves_while_the_seasons_draft_is_not_over(season):
    window(season, timedelta(hours=-1), timedelta(hours=1))
    draft = Draft.objects.create(season=season, state=Draft.State.RUNNING)
    with pytest.raises(TransferError, match=f"The draft of {season} is running: cards move by the draft"):
        window_required(season)
    Draft.objects.filter(pk=draft.pk).update(state=Draft.State.DONE)
    assert window_required(season) == open_window(season)


def test_a_near_deadline_is_a_task_with_its_eta_a_far_one_is_left_to_beat(sent):
    near = timezone.now() + timedelta(minutes=10)
    assert deadline_task("rosters.tasks.claims_settle", (1,), near)
    assert not deadline_task("rosters.tasks.claims_settle", (2,), timezone.now() + timedelta(days=2))
    assert sent == [("rosters.tasks.claims_settle", 1)]
