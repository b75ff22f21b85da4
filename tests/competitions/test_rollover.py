"""The rollover: a finished season's teams move between divisions into the next season,
with new fixtures, a draft in reverse order, keepers and carried-over coins; bad input is
refused with the reason and nothing changed."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from competitions.divisions import division_tables, final_order
from competitions.knockout import bracket_advance
from competitions.rollover import division_playoffs_draw, season_close, season_rollover
from leagues.models import Season, SeasonTeam
from matches.models import Match
from rosters import ledger
from rosters.drafts.moves import run_autodraft
from rosters.models import Draft, Keeper, LedgerEntry, SquadMember
from tests.competitions.conftest import divide, play_all

pytestmark = pytest.mark.django_db


def division_of(season: Season) -> dict[int, str | None]:
    rows = SeasonTeam.objects.filter(season=season).select_related("division")
    return {row.team_id: row.division.name if row.division else None for row in rows}


def counts() -> tuple[int, ...]:
    """What a refused rollover must leave as it was."""
    return (Season.objects.count(), Match.objects.count(), SquadMember.objects.count(), LedgerEntry.objects.count())


def test_a_league_without_divisions_rolls_over_with_every_team_and_the_same_fixtures(season, team_ids):
    play_all(season)
    before = timezone.now()
    new = season_rollover(season, seed=7)
    after = timezone.now()
    assert new.previous == season and new.seed == 7
    assert new.name == str(int(season.name) + 1)
    assert sorted(new.teams.values_list("id", flat=True)) == team_ids
    assert new.matches.count() == season.matches.count()
    last = season.matches.order_by("-kickoff").first().kickoff
    assert last < before  # the season ended weeks ago: its rhythm would put round one in the past
    assert before + season.round_interval <= new.first_kickoff <= after + season.round_interval
    assert not new.matches.filter(kickoff__lte=after).exists()  # nothing due before the draft
    draft = Draft.objects.get(season=new)
    assert draft.order_method == Draft.OrderMethod.REVERSE_TABLE
    assert draft.order == team_ids[::-1]  # the lowest id won everything: worst first


def test_divisions_play_their_own_fixtures_on_the_same_dates_and_tables(season, team_ids):
    divide(season, relegated=2, promoted=2)
    top, second = set(team_ids[:4]), set(team_ids[4:])
    matches = list(season.matches.all())
    assert all({m.home_id, m.away_id} <= top or {m.home_id, m.away_id} <= second for m in matches)
    assert len(matches) == 2 * 12  # a double round robin of four, twice
    kickoffs = {m.round: m.kickoff for m in matches}
    assert all(m.kickoff == kickoffs[m.round] for m in matches)
    assert max(kickoffs) == 6
    play_all(season)
    tables = division_tables(season)
    assert [t.title for t in tables] == ["Premier", "Championship"]
    assert [row.team_id for row in tables[0].table.rows] == team_ids[:4]
    assert [row.team_id for row in tables[1].table.rows] == team_ids[4:]
    assert final_order(season) == team_ids


def test_two_up_two_down(season, team_ids):
    divide(season, relegated=2, promoted=2)
    play_all(season)
    new = season_rollover(season)
    places = division_of(new)
    assert {t for t, d in places.items() if d == "Premier"} == {*team_ids[:2], *team_ids[4:6]}
    assert {t for t, d in places.items() if d == "Championship"} == {*team_ids[2:4], *team_ids[6:]}
    assert not new.matches.filter(home__in=team_ids[2:4], away__in=team_ids[:2]).exists()
    # worst first across divisions: the bottom of the Championship, then the Premier's
    assert Draft.objects.get(season=new).order == team_ids[::-1]


def test_the_promotion_playoff_winner_takes_the_defenders_place(season, team_ids):
    divide(season, relegated=1, relegation_playoff=True, promoted=1, promotion_playoff=1)
    play_all(season)
    with pytest.raises(ValidationError, match="not drawn yet"):
        season_rollover(season)
    (knockout,) = division_playoffs_draw(season)
    defender, challenger = team_ids[2], team_ids[5]  # third of the Premier, second of the Championship
    assert set(knockout.teams.values_list("id", flat=True)) == {defender, challenger}
    with pytest.raises(ValidationError, match="not finished"):
        season_rollover(season)
    final = knockout.matches.get()
    challenger_home = final.home_id == challenger
    Match.objects.filter(pk=final.pk).update(
        status=Match.Status.PLAYED, home_goals=2 if challenger_home else 0, away_goals=0 if challenger_home else 2
    )
    bracket_advance(knockout.bracket.id)
    places = division_of(season_rollover(season))
    assert {t for t, d in places.items() if d == "Premier"} == {team_ids[0], team_ids[1], team_ids[4], challenger}


def test_keepers_cost_their_price_again_and_coins_carry_over_up_to_the_cap(season, team_ids):
    play_all(season)
    league = season.league
    league.keepers_max, league.carry_over_cap = 2, 3
    league.save()
    team = season.teams.get(pk=team_ids[0])
    kept = list(SquadMember.objects.filter(season=season, team=team).order_by("-price", "id")[:2])
    for member in kept:
        Keeper.objects.create(season=season, team=team, player=member.player)
    ledger.post_one(season, team, 5, ledger.Reason.PRIZE)  # at least 5 BC left, 3 of them carried over
    new = season_rollover(season)
    assert ledger.balance(new, team) == league.budget + 3 - sum(m.player.price for m in kept)
    entries = LedgerEntry.objects.filter(season=new, team=team)
    assert entries.get(reason="carry_over").amount == 3
    assert sorted(entries.filter(reason="keeper").values_list("amount", flat=True)) == sorted(
        -m.player.price for m in kept
    )
    assert set(SquadMember.objects.filter(season=new, team=team).values_list("player", flat=True)) == {
        m.player_id for m in kept
    }


def test_a_league_keeper_price_is_charged_instead_of_the_cards(season, team_ids):
    play_all(season)
    season.league.keepers_max, season.league.keeper_price = 1, 4
    season.league.save()
    member = SquadMember.objects.filter(season=season, team_id=team_ids[3]).first()
    Keeper.objects.create(season=season, team_id=team_ids[3], player=member.player)
    new = season_rollover(season)
    assert LedgerEntry.objects.get(season=new, reason="keeper").amount == -4


def test_unfinished_seasons_are_refused_until_closed_and_the_close_lists_what_was_left(season):
    before = counts()
    with pytest.raises(ValidationError, match="not finished") as refused:
        season_rollover(season)
    assert "season" in refused.value.message_dict
    assert counts() == before
    first = season.matches.order_by("round", "kickoff", "id").first()
    Match.objects.filter(pk=first.pk).update(status=Match.Status.PLAYED, home_goals=1, away_goals=0)
    note = season_close(season)
    left = season.matches.count() - 1
    assert note.startswith(f"{left} matches left unplayed and cancelled: round ")
    assert season.matches.filter(status=Match.Status.CANCELLED).count() == left
    with pytest.raises(ValidationError, match="closed already"):
        season_close(season)
    assert season_rollover(season).previous == season


def test_a_season_rolls_over_once(season):
    play_all(season)
    new = season_rollover(season)
    before = counts()
    with pytest.raises(ValidationError, match=f"rolled over already, into {new}"):
        season_rollover(season)
    assert counts() == before


def test_moves_that_do_not_balance_the_divisions_are_refused(season):
    divide(season, relegated=2, promoted=1)
    play_all(season)
    before = counts()
    with pytest.raises(ValidationError) as refused:
        season_rollover(season)
    message = refused.value.message_dict["divisions"][0]
    assert "Championship sends 1 up but Premier sends 2 down: Premier would have 3 teams" in message
    assert counts() == before


def test_zones_larger_than_the_division_are_refused(season):
    divide(season, relegated=5, promoted=5)
    play_all(season)
    with pytest.raises(ValidationError, match="Premier has 4 teams, fewer than the 5 places"):
        season_rollover(season)


def test_keepers_over_the_number_are_refused_with_nothing_changed(season, team_ids):
    play_all(season)
    season.league.keepers_max = 1
    season.league.save()
    for member in SquadMember.objects.filter(season=season, team_id=team_ids[0])[:2]:
        Keeper.objects.create(season=season, team_id=team_ids[0], player=member.player)
    before = counts()
    with pytest.raises(ValidationError) as refused:
        season_rollover(season)
    assert "keeps 2 cards, over the league's 1 (keepers_max)" in refused.value.message_dict["keepers"][0]
    assert counts() == before


def test_keepers_over_the_budget_are_refused_with_nothing_changed(season, team_ids):
    play_all(season)
    season.league.keepers_max, season.league.keeper_price = 1, season.league.budget + 1
    season.league.save()
    member = SquadMember.objects.filter(season=season, team_id=team_ids[0]).first()
    Keeper.objects.create(season=season, team_id=team_ids[0], player=member.player)
    before = counts()
    with pytest.raises(ValidationError, match="not enough to pay"):
        season_rollover(season)
    assert counts() == before


def test_teams_are_added_to_the_bottom_division_and_withdrawn(season, team_ids):
    top, second = divide(season, relegated=1, promoted=1)
    play_all(season)
    newcomer = season.league.teams.create(name="Newcomers FC")
    leaving = season.teams.get(pk=team_ids[6])
    later = season.first_kickoff + timedelta(days=90)
    new = season_rollover(season, add=[newcomer], withdraw=[leaving], first_kickoff=later)
    places = division_of(new)
    assert places[newcomer.pk] == "Championship" and leaving.pk not in places
    assert new.first_kickoff == later
    with pytest.raises(ValidationError) as refused:
        season_rollover(new)
    assert "season" in refused.value.message_dict


def test_a_team_in_two_divisions_of_one_season_is_impossible(season, team_ids):
    top, _ = divide(season, relegated=1, promoted=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeasonTeam.objects.create(season=season, team_id=team_ids[5], division=top)


def test_a_team_left_out_of_the_divisions_is_named(season, team_ids):
    divide(season, relegated=1, promoted=1)
    play_all(season)
    SeasonTeam.objects.filter(season=season, team_id=team_ids[7]).update(division=None)
    left_out = season.teams.get(pk=team_ids[7]).name
    with pytest.raises(ValidationError) as refused:
        season_rollover(season)
    assert refused.value.message_dict["teams"] == [
        f"In no division of {season}: {left_out}. Put every team in a division."
    ]


def test_the_new_seasons_draft_passes_the_turns_a_kept_card_fills(season, team_ids):
    play_all(season)
    season.league.keepers_max = 2
    season.league.save()
    for member in SquadMember.objects.filter(season=season, team_id=team_ids[0])[:2]:
        Keeper.objects.create(season=season, team_id=team_ids[0], player=member.player)
    new = season_rollover(season)
    draft = run_autodraft(Draft.objects.get(season=new).pk)
    size = season.league.squad_rules.size
    assert draft.state == Draft.State.DONE
    squads = Counter(SquadMember.objects.filter(season=new).values_list("team_id", flat=True))
    assert squads == dict.fromkeys(team_ids, size)
    assert draft.picks.filter(team_id=team_ids[0]).count() == size - 2
