"""Mutant Soccer's market as a draft format: six on display, picks in turn, checks, the rule book's limits."""

import pytest
from django.core.management import call_command

from engines.mutant import market as mutant_market
from rosters import ledger
from rosters.drafting import load_engine_pool
from rosters.drafts.moves import draft_start, move_make, pick_undo_last
from rosters.drafts.room import room_state
from rosters.drafts.setup import draft_create
from rosters.drafts.state import DraftError, on_the_clock
from rosters.models import Draft, DraftPick, Player, SquadMember
from tests.conftest import make_league, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-12345-x")


@pytest.fixture
def season():
    league = make_league("Mutants", engine="mutant")
    load_engine_pool(league, "mutant", seed=1)
    return make_season(league, ["Alpha", "Beta", "Gamma"])


@pytest.fixture
def draft(season):
    return draft_start(draft_create(season, format=Draft.Format.MARKET).pk)


def test_the_market_is_only_for_mutant_soccer(league, season):
    with pytest.raises(DraftError, match="Mutant Soccer"):
        draft_create(make_season(league, ["A", "B"], name="futti"), format=Draft.Format.MARKET)


def test_six_cards_are_on_display_and_only_they_may_be_bought(draft, boss):
    display = draft.market["display"]
    assert len(display) == 6
    team = on_the_clock(draft)
    hidden = Player.objects.exclude(pk__in=[int(i) for i in display]).first()
    with pytest.raises(DraftError, match="is not on display"):
        move_make(draft.pk, team_id=team, by=boss, player_id=hidden.pk)
    shown = Player.objects.get(pk=int(display[0]))
    move_make(draft.pk, team_id=team, by=boss, player_id=shown.pk)
    fresh = Draft.objects.get(pk=draft.pk)
    assert len(fresh.market["display"]) == 6 and str(shown.pk) not in fresh.market["display"]
    assert ledger.balance(draft.season, draft.season.teams.get(pk=team)) == 15 - shown.price


def test_when_everyone_checks_the_display_is_dealt_anew(draft, boss):
    first = list(draft.market["display"])
    for _ in range(3):
        d = Draft.objects.get(pk=draft.pk)
        move_make(d.pk, team_id=on_the_clock(d), by=boss, kind=DraftPick.Kind.CHECK)
    fresh = Draft.objects.get(pk=draft.pk)
    assert not set(fresh.market["display"]) & set(first)
    assert on_the_clock(fresh) == on_the_clock(draft)  # who checked first begins


def test_a_snake_draft_has_no_checks(league, season, boss):
    snake = draft_start(draft_create(make_season(league, ["A", "B"], name="s")).pk)
    with pytest.raises(DraftError, match="only the market"):
        move_make(snake.pk, team_id=on_the_clock(snake), by=boss, kind=DraftPick.Kind.CHECK)


def test_autodraft_runs_the_whole_market_within_budget(season, capsys):
    call_command("autodraft", str(season.pk), "--format", "market")
    draft = Draft.objects.get(season=season)
    assert draft.state == "done"
    for team in season.teams.all():
        squad = [{"role": r} for r in SquadMember.objects.filter(team=team).values_list("player__role", flat=True)]
        assert mutant_market.is_complete(squad)
        assert ledger.balance(season, team) >= 0
    assert "draft done" in capsys.readouterr().out


def test_undo_in_the_market_puts_the_card_back_on_display(draft, boss):
    team = on_the_clock(draft)
    shown = Player.objects.get(pk=int(draft.market["display"][2]))
    move_make(draft.pk, team_id=team, by=boss, player_id=shown.pk)
    pick_undo_last(draft.pk, by=boss)
    fresh = Draft.objects.get(pk=draft.pk)
    assert (
        list(fresh.market["display"]) == list(draft.market["display"])
        and fresh.market["budgets"] == draft.market["budgets"]
    )
    assert on_the_clock(fresh) == team


def test_the_room_refuses_the_cards_off_display_before_the_click(draft, boss):
    cards = room_state(draft, boss)["cards"]  # the commissioner acts for the team on the clock
    shown = {c["id"] for c in cards if not c["refusal"]}
    assert shown and shown <= {int(i) for i in draft.market["display"]}
    hidden = next(c for c in cards if not c["on_display"])
    assert hidden["refusal"] == f"{hidden['name']} is not on display"
