"""export_league and import_league: a league restored whole, with every reference rewritten."""

import json
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from competitions.standings import compute_standings
from leagues.models import Division, League, Season, SeasonOdds, SeasonTeam, Team
from matches.models import Match, ResultSubmission, played_events
from ops import backup
from ops.backup import BackupError, league_export, league_import, league_paths, model_problems
from rosters.models import Draft, Player, SquadMember
from tournaments.models import Swiss

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def described(league: League) -> dict:
    """The league in its own words: names instead of ids, so two copies compare equal."""
    team = dict(Team.objects.filter(league=league).values_list("id", "name"))
    card = dict(Player.objects.filter(league=league).values_list("id", "name"))

    def cards(ids):
        return [card[int(i)] for i in ids]

    seasons = Season.objects.filter(league=league).order_by("name")
    draft = Draft.objects.get(season__league=league)
    market = draft.market
    tactics = SeasonTeam.objects.exclude(tactics={}).get(season__league=league, team__manager__isnull=False).tactics
    submission = ResultSubmission.objects.get(match__season__league=league, action="submit")
    division = dict(Division.objects.filter(league=league).values_list("id", "name"))
    return {
        "counts": {
            backup.label(model): model._base_manager.filter(**{path: league.pk}).count()
            for model, path in league_paths().items()
        },
        "standings": {
            s.name: (
                [{**row, "team": team[row["team"]]} for row in compute_standings(s).to_list()],
                compute_standings(s).notes,
            )
            for s in seasons
        },
        "season_teams": {s.name: sorted(s.teams.values_list("name", flat=True)) for s in seasons},
        "squads": sorted(
            SquadMember.objects.filter(season__league=league).values_list("season__name", "team__name", "player__name")
        ),
        "matches": sorted(
            Match.objects.filter(season__league=league).values_list(
                "season__name", "round", "home__name", "away__name", "status", "home_goals", "away_goals", "seed"
            )
        ),
        "events": Counter(
            (e.kind, card.get(e.player_id))
            for match_id in Match.objects.filter(season__league=league).values_list("id", flat=True)
            for e in played_events(match_id)
        ),
        "kickoffs": sorted(Match.objects.filter(season__league=league).values_list("kickoff", flat=True)),
        "tactics": {k: cards(v) if isinstance(v, list) else card[v] for k, v in tactics.items()},
        "played_with": sorted(
            (m.home.name, cards(m.played_with["lineups"]["home"]["attackers"]))
            for m in Match.objects.filter(season__league=league, played_with__lineups__home__isnull=False)
        ),
        "draft": {
            "order": [team[t] for t in draft.order],
            "lot": (card[draft.lot["player"]], team[draft.lot["team"]], draft.lot["by"] == draft_by_id()),
            "market": (
                cards(market["card_ids"]),
                [team[int(t)] for t in market["coaches"]],
                {team[int(k)]: cards(v) for k, v in market["squads"].items()},
                team[int(market["to_act"])],
            ),
            "picks": list(draft.picks.values_list("number", "team__name", "player__name", "price")),
            "queue": list(draft.queue.values_list("team__name", "player__name")),
            "autopick": sorted(draft.autopick_teams.values_list("name", flat=True)),
        },
        "swiss": [team[t] for t in Swiss.objects.get(season__league=league).ranking],
        "submission": (
            [card[e["player"]] for e in submission.payload["events"]],
            cards(submission.payload["counts"]),
            submission.by.username,
            submission.steps.get().by.username,
        ),
        "odds": [
            (row.season.name, row.round, [(team[t["team"]], division[t["division"]], t["title"]) for t in row.teams])
            for row in SeasonOdds.objects.filter(season__league=league).order_by("season__name", "round")
        ],
        "commissioners": sorted(league.commissioners.values_list("username", flat=True)),
        "managers": sorted(Team.objects.filter(league=league).values_list("name", "manager__username")),
        "created": sorted(Season.objects.filter(league=league).values_list("name", "created_at")),
    }


def draft_by_id():
    return get_user_model().objects.get(username="bruno@example.com").pk


def test_every_model_of_the_project_is_exported_or_excluded():
    assert model_problems() == []


def test_a_model_left_out_or_a_json_field_not_declared_is_named(monkeypatch):
    monkeypatch.setattr(backup, "EXCLUDED", {})
    monkeypatch.setattr(backup, "JSON_IDS", {k: v for k, v in backup.JSON_IDS.items() if k[1] != "ranking"})
    problems = model_problems()
    assert any(p.startswith("api.IdempotencyKey is not linked to a league") for p in problems)
    assert "tournaments.Swiss.ranking is a JSON field missing from JSON_IDS (ids inside, or none)" in problems


def test_a_league_is_restored_whole_after_it_was_deleted(full_league):
    before = described(full_league)
    assert all(before["counts"].values()), [name for name, n in before["counts"].items() if not n]
    data = json.loads(json.dumps(league_export(full_league)))
    full_league.delete()
    assert not Match.objects.exists()

    restored = league_import(data)

    assert described(restored) == before


def test_a_copy_sits_beside_the_original_with_every_reference_its_own(full_league):
    """Every id of the copy is new (the original's are taken), so nothing can match by luck."""
    before = described(full_league)
    data = league_export(full_league)
    data["models"]["leagues.League"][0]["slug"] = "copy"
    data["models"]["leagues.League"][0]["name"] = "Copy"

    copy = league_import(data)

    assert described(copy) == before
    assert described(full_league) == before
    assert not Match.objects.filter(season__league=copy, home__league=full_league).exists()
    assert not SquadMember.objects.filter(season__league=copy, player__league=full_league).exists()


def test_a_league_whose_slug_exists_is_refused(full_league):
    data = league_export(full_league)
    with pytest.raises(BackupError, match=f"league '{full_league.slug}' exists already"):
        league_import(data)
    assert League.objects.count() == 1


def test_people_missing_are_created_without_a_password(full_league):
    data = league_export(full_league)
    full_league.delete()
    get_user_model().objects.all().delete()

    league = league_import(data)

    bruno = get_user_model().objects.get(username="bruno@example.com")
    assert not bruno.has_usable_password() and bruno.is_staff
    assert list(bruno.groups.values_list("name", flat=True)) == ["Managers"]
    assert league.teams.get(manager=bruno)


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda d: d.update(format="other"), "format: expected 'bootroom-league'"),
        (lambda d: d["models"]["matches.Match"][0].update(status="won"), "matches.Match .*: status: 'won' is not one"),
        (lambda d: d["models"]["matches.Match"][0].update(kickoff="soon"), "matches.Match .*: kickoff: .*soon"),
        (lambda d: d["models"]["matches.Match"][-1].update(home=999999), "leagues.Team: id 999999 is referred to"),
        (lambda d: d["models"]["leagues.Team"][0].update(colour="red"), "leagues.Team .*: unknown fields colour"),
        (lambda d: d["models"].update({"leagues.Stadium": []}), "unknown model 'leagues.Stadium'"),
        (lambda d: d["users"][0].update(groups="Managers"), r"users\[0\]: groups: expected a list of group names"),
        (lambda d: d["models"]["rosters.Draft"][0].update(lot={"bid": 1}), "rosters.Draft .*: lot: not the shape"),
        (lambda d: d["models"]["leagues.Team"][1].update(name=d["models"]["leagues.Team"][0]["name"]), "refused"),
        (
            lambda d: d["models"]["matches.PlayByPlay"][0]["events"][3].pop("seq"),
            r"PlayByPlay \d+: events\.3: 'seq' is a",
        ),
        (lambda d: d["models"]["matches.PlayByPlay"][0]["events"][0].update(side="left"), r"events\.0\.side: \"left\""),
        (
            lambda d: d["models"]["matches.PlayByPlay"][0].update(events={"goals": 2}),
            "events: .* is not of type 'array'",
        ),
    ],
)
def test_a_bad_file_is_refused_whole_with_the_problem_named(full_league, spoil, message):
    data = league_export(full_league)
    full_league.delete()
    users = get_user_model().objects.count()
    spoil(data)

    with pytest.raises(BackupError, match=message):
        league_import(data)

    assert not League.objects.exists() and not Team.objects.exists() and not Match.objects.exists()
    assert get_user_model().objects.count() == users


def test_the_commands_write_and_read_the_file(full_league, tmp_path):
    before = described(full_league)
    path = tmp_path / "league.json"
    call_command("export_league", full_league.slug, "--json", "-o", str(path))
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_league", str(path))
    full_league.delete()

    call_command("import_league", str(path))

    assert described(League.objects.get()) == before


def test_the_commands_name_what_is_wrong(db, tmp_path):
    with pytest.raises(CommandError, match="no league with slug 'nowhere'"):
        call_command("export_league", "nowhere", "--json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("import_league", str(bad))
    with pytest.raises(CommandError, match="No such file"):
        call_command("import_league", str(tmp_path / "missing.json"))


def test_an_id_inside_json_that_names_no_card_of_the_league_names_none(full_league):
    """A card removed from the pool after a team named it in its tactics: the tactics were
    stale already (dropped at kickoff); the rest of the league is restored."""
    data = league_export(full_league)
    managed = next(t for t in data["models"]["leagues.SeasonTeam"] if t["tactics"])
    managed["tactics"]["goalkeeper"] = 999999
    name = Team.objects.get(pk=managed["team"]).name
    full_league.delete()

    league = league_import(data)

    tactics = SeasonTeam.objects.exclude(tactics={}).get(season__league=league, team__name=name).tactics
    assert tactics["goalkeeper"] is None
    assert Player.objects.filter(league=league, pk__in=tactics["attackers"]).count() == 2
