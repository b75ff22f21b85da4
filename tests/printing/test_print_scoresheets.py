"""Scoresheets read back: team names, score, scorers and minute marks in their boxes; the blank
sheet of every game; early endings; a game without a layout of its own still prints."""

import re

import pytest

from competitions.results import match_forfeit, match_play
from engines import ENGINES, MatchOptions, get_engine
from engines.mutant import engine as mutant_engine
from engines.mutant import match as mutant_match
from matches.models import Match, PlayByPlay, played_events
from matches.services import team_sheets
from ops.demo import demo_season_create
from printing.scoresheets.data import Scoresheet, SheetEvent, SheetPlayer, SheetSide, is_shootout_kick, layout_for
from printing.scoresheets.render import render_scoresheet, render_scoresheets
from printing.scoresheets.selectors import blank_scoresheet, scoresheet_for_match
from rosters.models import Player


def goal_match(season) -> Match:
    """The season's match with the most goals (every seed used here has one with goals)."""
    matches = sorted(Match.objects.filter(season=season), key=lambda m: -(m.home_goals + m.away_goals))
    assert matches[0].home_goals + matches[0].away_goals > 0
    return matches[0]


@pytest.mark.django_db
def test_it_fills_in_a_played_futti_match(played_season, pdf):
    season = played_season("futti", teams=4, seed=3)
    match = goal_match(season)
    match.home.name = "Fütti Schwalbenkönigin"
    match.home.save()
    sheet = render_scoresheet(scoresheet_for_match(match.id))
    assert sheet.content_type == "application/pdf"
    assert (
        sheet.filename
        == f"match-{match.id}-futti-schwalbenkonigin-v-{match.away.name.lower().replace(' ', '-')}-scoresheet.pdf"
    )
    text = pdf.text(sheet.data)
    assert "FÜTTI SCORESHEET" in text
    assert "Fütti Schwalbenkönigin" in text  # umlauts survive the embedded font
    assert match.away.name in text
    assert f"\n{match.home_goals}\n" in text and f"\n{match.away_goals}\n" in text
    assert f"seed {match.seed}" in text and f"futti {match.engine_version}" in text
    goals = [e for e in played_events(match.id) if e.kind == "goal"]
    assert goals
    for goal in goals:
        assert f"goal {Player.objects.get(id=goal.player_id).name}" in text  # in the match report
        assert f"{goal.minute}'" in text  # and as a minute mark in the scorer's Goals box
    assert "30' +3 ends it" in text and "35' V+2 / H+1" in text


@pytest.mark.django_db
def test_visitors_come_first_on_the_futti_sheet(played_season, pdf):
    match = goal_match(played_season("futti", teams=2, seed=5))
    text = pdf.text(render_scoresheet(scoresheet_for_match(match.id)).data)
    assert text.index("VISITORS") < text.index("HOSTS")
    assert text.index(f"VISITORS: {match.away.name}") < text.index(f"HOSTS: {match.home.name}")


@pytest.mark.django_db
def test_starters_are_the_players_on_at_kickoff(played_season):
    match = goal_match(played_season("futti", teams=2, seed=5))
    sheet = scoresheet_for_match(match.id)
    for side in (sheet.home, sheet.away):
        starters = [p for p in side.players if p.starter]
        assert len(starters) == 5  # two attackers, two defenders, a goaltender
        assert [p.position for p in starters].count("GT") == 1
        assert side.players[: len(starters)] == tuple(starters)


@pytest.mark.django_db
def test_a_lineup_event_naming_attackers_and_defenders_marks_their_boxes(played_season):
    match = goal_match(played_season("futti", teams=2, seed=5))
    starters = [p for p in scoresheet_for_match(match.id).home.players if p.starter and p.position != "GT"]
    stored = PlayByPlay.objects.get(match=match)
    [lineup] = [e for e in stored.events if e["kind"] == "lineup" and e["side"] == "home"]
    lineup["detail"] = {**lineup["detail"], "attackers": [starters[0].key], "defenders": [starters[1].key]}
    stored.save()
    positions = {p.key: p.position for p in scoresheet_for_match(match.id).home.players}
    assert positions[starters[0].key] == "ATT" and positions[starters[1].key] == "DEF"


@pytest.mark.django_db
def test_the_blank_sheet_of_a_match_names_the_squads_and_fills_in_nothing(played_season, pdf):
    match = goal_match(played_season("futti", teams=2, seed=5))
    sheet = scoresheet_for_match(match.id, blank=True)
    assert not sheet.played and sheet.events == ()
    result = render_scoresheet(sheet)
    assert result.filename.endswith("-blank-scoresheet.pdf")
    text = pdf.text(result.data)
    assert match.home.name in text and match.away.name in text
    assert "MATCH REPORT" not in text and "NOTES" in text
    assert not re.search(r"^goal ", text, re.M)
    assert not re.search(r"^\d+' ?$", text, re.M)  # no minute marks (the 30'/35' labels say more)
    numbers = set(re.findall(r"^\s*(\d+)\s*$", text, re.M))
    assert {str(n) for n in range(1, 41)} <= numbers  # the forty minute boxes


@pytest.mark.parametrize("engine", ENGINES)
def test_every_game_has_a_blank_sheet(engine, pdf):
    result = render_scoresheet(blank_scoresheet(engine))
    assert result.filename == f"{engine}-blank-scoresheet.pdf"
    text = pdf.text(result.data)
    assert layout_for(engine).title in text
    assert len(pdf(result.data).pages) == 1


@pytest.mark.django_db
@pytest.mark.parametrize("engine", [e for e in ENGINES if e != "futti"])
def test_every_game_fills_in_its_sheet(engine, played_season, pdf):
    match = goal_match(played_season(engine, teams=4, seed=5))
    text = pdf.text(render_scoresheet(scoresheet_for_match(match.id)).data)
    assert layout_for(engine).title in text
    assert match.home.name in text and match.away.name in text
    assert "MATCH REPORT" in text
    for goal in [e for e in played_events(match.id) if e.kind == "goal" and e.player_id is not None]:
        assert Player.objects.get(id=goal.player_id).name in text
        assert f"{goal.minute}'" in text


def _sheet(events, *, engine="futti", home_goals=0, away_goals=0, decided_by="regulation", **fields) -> Scoresheet:
    players = (SheetPlayer(key="1", name="Bell", role="field", starter=True),)
    return Scoresheet(
        engine=engine,
        game="Fütti",
        home=SheetSide("home", "Hosts FC", players),
        away=SheetSide("away", "Visitors FC", ()),
        match_id=1,
        played=True,
        home_goals=home_goals,
        away_goals=away_goals,
        decided_by=decided_by,
        seed=7,
        engine_version="1.1",
        events=tuple(events),
        **fields,
    )


def test_an_early_ending_is_shown_on_the_timer(pdf):
    goals = [SheetEvent(n, minute, "goal", "home", "Bell") for n, minute in enumerate((5, 10, 15), start=1)]
    events = [*goals, SheetEvent(4, 20, "half_time", "", ""), SheetEvent(5, 30, "full_time", "", "")]
    text = pdf.text(render_scoresheet(_sheet(events, home_goals=3)).data)
    assert "Game ended early at 30'" in text


def test_a_shootout_prints_its_kicks(pdf):
    kicks = [
        SheetEvent(10 + n, 40, "penalty_kick", side, "Bell", {"shootout": True, "scored": n % 3 != 0})
        for n, side in enumerate(["home", "away"] * 5)
    ]
    sheet = _sheet(kicks, engine="futti", shootout_home=3, shootout_away=4)
    text = pdf.text(render_scoresheet(sheet).data)
    assert "PENALTY SHOOT-OUT" in text
    assert text.count("●") - 1 == 6 and text.count("○") - 1 == 4  # ten kicks, and the legend


def test_a_game_without_a_layout_prints_every_event(pdf):
    events = [SheetEvent(n, n, kind, "home", "Bell") for n, kind in enumerate(["whistle", "goal", "wobble"], 1)]
    sheet = _sheet(events, engine="croquet", home_goals=1)
    text = pdf.text(render_scoresheet(sheet).data)
    assert "CROQUET SCORESHEET" in text
    for line in ("whistle Bell", "goal Bell", "wobble Bell"):
        assert line in text


def test_a_long_match_report_runs_onto_more_pages(pdf):
    events = [SheetEvent(n, n // 10, "goal", "home", "Bell") for n in range(1, 600)]
    data = render_scoresheet(_sheet(events, engine="croquet", home_goals=599)).data
    reader = pdf(data)
    assert len(reader.pages) >= 2
    assert "(cont.)" in reader.pages[1].extract_text()


def test_several_sheets_go_in_one_file(pdf):
    sheets = [_sheet([]), blank_scoresheet("futti")]
    result = render_scoresheets(sheets)
    assert len(pdf(result.data).pages) == 2
    with pytest.raises(ValueError):
        render_scoresheets([])


@pytest.mark.django_db
def test_a_forfeit_prints_the_awarded_score(played_season, pdf):
    match = goal_match(played_season("futti", teams=2, seed=5))
    match_forfeit(match, forfeited_by=Match.Side.HOME)
    sheet = scoresheet_for_match(match.id)
    assert sheet.played and sheet.events == () and (sheet.home_goals, sheet.away_goals) == (0, 3)
    text = pdf.text(render_scoresheet(sheet).data)
    assert "Decided by: forfeit" in text and "Replay" not in text


@pytest.mark.django_db
def test_a_mutant_knockout_decided_on_penalties_prints_its_shootout(pdf, monkeypatch):
    """Whatever kind Mutant Soccer logs its shoot-out kicks as, the sheet finds them through the
    engine's data: the score block and the shoot-out boxes show every kick."""
    for rules in (mutant_engine, mutant_match):  # no sudden death: a level knockout goes to penalties
        if hasattr(rules, "SUDDEN_DEATH_TURNS"):
            monkeypatch.setattr(rules, "SUDDEN_DEATH_TURNS", 0)
    season = demo_season_create(engine="mutant", teams=2, seed=5, double=False)
    season.engine_settings = {"turn_cap": 1}  # a one-turn match: mostly 0-0
    season.save()
    match = Match.objects.filter(season=season).first()
    match.winner_required = True
    engine = get_engine("mutant")
    home, away = team_sheets(match)
    options = MatchOptions(winner_required=True, settings=season.match_settings)
    match.seed = next(
        seed for seed in range(200) if engine.simulate(home, away, seed=seed, options=options).decided_by == "penalties"
    )
    match.save()
    played = match_play(match_id=match.id)
    assert played.decided_by == "penalties" and played.shootout_home != played.shootout_away
    text = pdf.text(render_scoresheet(scoresheet_for_match(match.id)).data)
    assert "Decided by: penalties" in text
    assert "PENALTY SHOOT-OUT" in text
    scored = played.shootout_home + played.shootout_away
    assert text.count("●") - 1 == scored  # one mark a goal, and the legend
    kicks = scoresheet_for_match(match.id).events
    assert text.count("○") - 1 == sum(is_shootout_kick(e, layout_for("mutant")) for e in kicks) - scored
    assert scored > 0
