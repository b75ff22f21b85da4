"""How fair each game is: the figures of a set of matches, the stored and the simulated
matches they are made from, and the page, API and command that show them."""

import json

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from competitions import fairness
from competitions.fairness import (
    FAIRNESS_TASK,
    Played,
    figures,
    game_fairness,
    simulated_figures,
    simulated_played,
    stored_played,
)
from competitions.results import matches_play
from config.celery import app, task_route
from leagues.models import PlayMode
from matches.models import Match
from ops.demo import demo_season_create
from rosters.models import SquadMember


def played(home, away, winner="", *, required=False, decided="regulation", values=(10, 10), tactics=("a", "a")):
    if not winner:
        winner = None if home == away else "home" if home > away else "away"
    return Played(home, away, winner, decided, required, *values, *tactics)


def test_the_figures_of_a_handful_of_matches():
    matches = [
        played(2, 0, values=(12, 10), tactics=("a", "b")),
        played(1, 1, "home", required=True, decided="penalties", values=(9, 11)),
        played(0, 3, values=(8, 11), tactics=("b", "a")),
        played(9, 0),
    ]
    shown = figures(matches, "coach")
    assert (shown.matches, shown.home_win, shown.draw, shown.away_win) == (4, 0.5, 0.25, 0.25)
    assert (shown.home_goals, shown.away_goals) == (12 / 4, 4 / 4)
    assert dict(shown.goals) == {"0": 0, "1": 0, "2": 0.5, "3": 0.25, "4": 0, "5": 0, "6": 0, "7": 0, "8+": 0.25}
    # the dearer squad won the first and the third; the cheaper one the shoot-out
    assert (shown.stronger_matches, shown.stronger_win, shown.weaker_win) == (3, 2 / 3, 1 / 3)
    assert (shown.knockout_matches, shown.decided) == (1, (("penalties", 1.0),))
    assert [(m.home, m.away, m.matches, m.home_win, m.draw) for m in shown.matchups] == [
        ("a", "a", 2, 0.5, 0.5),
        ("a", "b", 1, 1.0, 0.0),
        ("b", "a", 1, 0.0, 0.0),
    ]
    assert figures([], "coach").home_win == 0 and figures(matches).matchups == ()


def test_simulations_cycle_the_coach_pairings_and_replay_the_same():
    first = simulated_played("mutant", 12)
    assert first == simulated_played("mutant", 12)  # seeds of their own, the same every run
    pairings = [(p.home_tactic, p.away_tactic) for p in first]
    assert pairings[:4] == [
        ("careful", "careful"),
        ("careful", "reckless"),
        ("reckless", "careful"),
        ("reckless", "reckless"),
    ]
    assert pairings[4:8] == pairings[:4]
    knockouts = [p for p in first if p.winner_required]
    assert len(knockouts) == 3 and all(p.winner is not None for p in knockouts)
    assert {p.home_tactic for p in simulated_played("futti", 4)} == {""}  # Fütti has no coaches
    # a slow game stops when its time is spent, after the least number of matches
    assert len(simulated_played("futti", 1000, budget=0)) == fairness.MIN_SIMULATED_MATCHES


@pytest.mark.django_db
def test_stored_results_are_the_engines_own_with_the_squads_values():
    season = demo_season_create(engine="futti", teams=4, seed=3, double=False)
    ids = list(Match.objects.filter(season=season).order_by("id").values_list("id", flat=True))
    matches_play(ids[:4])
    Match.objects.filter(id=ids[3]).update(play_mode=PlayMode.TABLE)  # a table result is not the engine's
    Match.objects.filter(id=ids[4]).update(status=Match.Status.FORFEITED, home_goals=3, away_goals=0)
    rows = stored_played("futti")
    assert len(rows) == 3
    SquadMember.objects.filter(season=season, team=Match.objects.get(id=ids[0]).home).update(price=0)
    first = Match.objects.get(id=ids[0])
    value = sum(m.player.price for m in SquadMember.objects.filter(season=season, team=first.home))
    assert stored_played("futti")[0].home_value == value  # the cards' prices, not what was paid
    assert stored_played("mutant") == []


@pytest.mark.django_db
def test_the_page_shows_the_stored_results_and_asks_a_worker_for_the_simulations_once(client, monkeypatch):
    sent = []
    monkeypatch.setattr(app, "send_task", lambda name, args, **kw: sent.append((name, *args)))
    season = demo_season_create(engine="futti", teams=4, seed=3, double=False)
    matches_play(Match.objects.filter(season=season).values_list("id", flat=True))
    html = client.get("/games/futti/").content.decode()
    assert "Stored results (6)" in html and "Only 6 stored results" in html
    assert "being played by a worker" in html
    client.get("/games/futti/")
    assert sent == [(FAIRNESS_TASK, "futti")]
    assert task_route(FAIRNESS_TASK, (), {}, {})["queue"].endswith("-odds")
    monkeypatch.setattr(fairness, "MAX_SIMULATED_MATCHES", 40)
    simulated_figures("futti")  # what the worker's task does
    html = client.get("/games/futti/").content.decode()
    assert "Simulations (40)" in html and "being played" not in html
    Match.objects.filter(season=season).update(status=Match.Status.POSTPONED)
    assert "Stored results (6)" in client.get("/games/futti/").content.decode()  # read again after 5 minutes
    assert client.get("/games/croquet/").status_code == 404
    assert "/games/futti/" in client.get(f"/leagues/{season.league.slug}/").content.decode()


@pytest.mark.django_db
def test_the_api_and_the_command(monkeypatch, capsys):
    monkeypatch.setattr(app, "send_task", lambda *args, **kw: None)
    monkeypatch.setattr(fairness, "MAX_SIMULATED_MATCHES", 24)
    body = APIClient().get("/api/games/flexdeck/fairness/").json()
    assert body["engine"] == "flexdeck" and body["stored"]["matches"] == 0 and body["simulated"] is None
    call_command("fairness", "flexdeck", "--json")
    printed = json.loads(capsys.readouterr().out)
    assert printed["simulated"] == figures(simulated_played("flexdeck", 24), "coach_style").to_dict()
    body = APIClient().get("/api/games/flexdeck/fairness/").json()
    assert body["simulated"] == printed["simulated"] == game_fairness("flexdeck").simulated.to_dict()
    assert body["simulated"]["matchups"]["tactic"] == "coach style"
    assert APIClient().get("/api/games/croquet/fairness/").status_code == 404
    with pytest.raises(CommandError, match="ENGINE: 'croquet' is not a game"):
        call_command("fairness", "croquet")
    with pytest.raises(CommandError, match="--matches: 0 is not a positive number"):
        call_command("fairness", "futti", "--matches", "0")
