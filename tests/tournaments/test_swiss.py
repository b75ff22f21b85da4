"""Swiss: pairings on equal scores with no rematch when one can be avoided, rotating byes,
Buchholz, and each round drawn once when the round before it completes."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.pairing import SwissResult, pair_round, swiss_table
from competitions.results import match_play
from competitions.swiss import swiss_draw, swiss_lines, swiss_standings
from matches.models import Match
from ops.demo import demo_season_create
from tournaments.models import SwissBye


def test_round_one_folds_the_seeding():
    teams = list(range(1, 9))
    pairs, bye = pair_round(teams, dict.fromkeys(teams, 0), set(), set())
    assert pairs == [(1, 5), (2, 6), (3, 7), (4, 8)] and bye is None


def test_teams_on_equal_scores_meet():
    ranked = [1, 2, 3, 4, 5, 6]
    scores = {1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0}
    pairs, _ = pair_round(ranked, scores, {frozenset(p) for p in [(1, 4), (2, 5), (3, 6)]}, set())
    # the odd one of the winners floats down to meet the best of the losers
    assert pairs == [(1, 2), (3, 4), (5, 6)]


def test_the_bye_goes_to_the_lowest_ranked_team_without_one():
    ranked = [1, 2, 3, 4, 5]
    scores = dict.fromkeys(ranked, 0)
    assert pair_round(ranked, scores, set(), set())[1] == 5
    assert pair_round(ranked, scores, set(), {5})[1] == 4
    assert pair_round(ranked, scores, set(), {1, 2, 3, 4, 5})[1] == 5


def test_buchholz_breaks_a_level_score():
    # 1 beats 2, 3 beats 4, then 1 beats 3 and 4 beats 2: 3 and 4 are both on one win;
    # 3 met 1 (two wins) and 4 (one), 4 met 3 (one) and 2 (none): 3 goes above 4, seeded higher
    results = [
        SwissResult(1, 1, 2, 1, 0, 1),
        SwissResult(1, 3, 4, 2, 0, 3),
        SwissResult(2, 1, 3, 1, 0, 1),
        SwissResult(2, 4, 2, 1, 0, 4),
    ]
    rows = swiss_table([4, 2, 3, 1], results, [])
    assert [r.team for r in rows] == [1, 3, 4, 2]
    assert [r.buchholz for r in rows] == [1, 3, 1, 3]
    assert rows[1].score == rows[2].score == 1


def has_perfect_matching(teams, met):
    """Brute force, independent of the search under test."""
    if not teams:
        return True
    first = teams[0]
    return any(
        frozenset((first, o)) not in met and has_perfect_matching([t for t in teams[1:] if t != o], met)
        for o in teams[1:]
    )


@settings(max_examples=60, deadline=None)
@given(teams=st.integers(min_value=2, max_value=9), rounds=st.integers(min_value=1, max_value=8), seed=st.integers())
def test_no_rematch_when_one_can_be_avoided_and_byes_rotate(teams, rounds, seed):
    rng = random.Random(seed)
    ids = list(range(1, teams + 1))
    scores = dict.fromkeys(ids, 0)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for _ in range(rounds):
        ranked = sorted(ids, key=lambda t: (-scores[t], t))
        pairs, bye = pair_round(ranked, scores, met, set(byes))
        assert sorted([t for p in pairs for t in p] + ([bye] if bye else [])) == ids
        avoidable = any(has_perfect_matching([t for t in ids if t != b], met) for b in (ids if teams % 2 else [None]))
        rematches = [p for p in pairs if frozenset(p) in met]
        assert not (avoidable and rematches)
        if bye is not None:
            fresh = [t for t in ids if t not in byes]
            fresh_ok = any(has_perfect_matching([t for t in ids if t != b], met) for b in fresh)
            if fresh_ok and avoidable:
                assert bye not in byes  # nobody sits out twice while someone has not
            byes.append(bye)
            scores[bye] += 1
        for a, b in pairs:
            met.add(frozenset((a, b)))
            scores[rng.choice((a, b))] += 1


@pytest.mark.django_db
def test_a_whole_swiss_is_played_round_by_round(play_out, client):
    season = demo_season_create(engine="futti", teams=7, seed=31)
    swiss = swiss_draw(season, rounds=5)
    assert set(season.matches.values_list("round", flat=True)) == {1}
    assert season.matches.count() == 3 and SwissBye.objects.filter(swiss=swiss, round=1).exists()
    play_out()
    matches = list(season.matches.all())
    assert len(matches) == 5 * 3 and all(m.winner_required and m.winner_id for m in matches)
    pairs = [frozenset((m.home_id, m.away_id)) for m in matches]
    assert len(pairs) == len(set(pairs))  # no rematch in five rounds of seven teams
    bye_teams = list(swiss.byes.values_list("team_id", flat=True))
    assert len(bye_teams) == len(set(bye_teams)) == 5
    rows = swiss_standings(swiss)
    assert sum(r.score for r in rows) == 5 * 4  # three wins and a bye a round
    assert all(len(r.opponents) + r.byes == 5 for r in rows)
    assert len(swiss_lines(swiss)) == 8
    # the season page ranks the Swiss its own way, leader first
    html = client.get(f"/seasons/{season.id}/").content.decode()
    assert "Swiss ranking" in html
    leader = season.teams.get(id=rows[0].team).name
    ranking = html.split('id="swiss"')[1].split('id="table"')[0]
    assert ranking.index(leader) < min(ranking.index(t.name) for t in season.teams.exclude(id=rows[0].team))
    assert f'<td class="num">{rows[0].buchholz}</td>' in ranking


@pytest.mark.django_db
def test_swiss_refusals():
    season = demo_season_create(engine="futti", teams=4, seed=32)
    with pytest.raises(ValidationError, match="between 1 and 3 for 4 teams"):
        swiss_draw(season, rounds=4)
    swiss_draw(season, rounds=2)
    match_play(match_id=season.matches.first().id)
    with pytest.raises(ValidationError, match="cannot be drawn again"):
        swiss_draw(season, rounds=2)


@pytest.mark.django_db(transaction=True)
def test_a_round_finishing_on_two_workers_at_once_draws_the_next_once(play_at_once):
    """The last two matches of round one are stored at the same moment: round two is drawn once."""
    season = demo_season_create(engine="futti", teams=4, seed=33)
    swiss_draw(season, rounds=3)
    first = list(Match.objects.filter(season=season).values_list("id", flat=True))
    assert len(first) == 2
    play_at_once(first)
    assert Match.objects.filter(season=season, round=2).count() == 2
    met = [frozenset(p) for p in Match.objects.filter(season=season).values_list("home_id", "away_id")]
    assert len(set(met)) == 4


@pytest.mark.django_db
def test_the_command_draws_round_one(capsys):
    season = demo_season_create(engine="futti", teams=5, seed=34)
    with pytest.raises(CommandError, match="rounds: 9 rounds: between 1 and 5 for 5 teams"):
        call_command("draw_swiss", str(season.id), "--rounds", "9")
    call_command("draw_swiss", str(season.id), "--rounds", "3")
    out = capsys.readouterr().out
    assert "round 1 of 3 drawn, 2 matches (bye: " in out


@pytest.mark.django_db
def test_the_season_page_names_each_rounds_bye(client):
    """Byes were counted in the ranking but never shown: each round now says who sat out."""
    season = demo_season_create(engine="futti", teams=5, seed=35)
    swiss = swiss_draw(season, rounds=2)
    first = SwissBye.objects.get(swiss=swiss, round=1).team
    for match in season.matches.filter(round=1):
        match_play(match_id=match.id)
    second = SwissBye.objects.get(swiss=swiss, round=2).team
    html = client.get(f"/seasons/{season.id}/").content.decode()
    rounds = html.split('id="round-1"')[1]
    one, two = rounds.split('id="round-2"')
    assert f'Bye: <a href="/teams/{first.id}/">{first.name}</a>' in one
    assert f'Bye: <a href="/teams/{second.id}/">{second.name}</a>' in two
    assert first != second
