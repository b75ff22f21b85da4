"""A cup after the league without a second draft: "Start a tournament" copies each team's squad
from a season of the league (``rosters.squads.squads_copy``), autodrafts them, or keeps the
squads drafted; and refuses a copy that cannot be made, naming why, with nothing changed."""

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.utils import timezone

from audit.models import Entry
from competitions.start import tournament_start
from leagues.models import Season, SeasonTeam, Team
from ops.demo import demo_season_create
from rosters import ledger
from rosters.models import Draft, LedgerEntry, SquadMember
from rosters.squads import squads_copy
from tournaments.models import Bracket

pytestmark = pytest.mark.django_db


@pytest.fixture
def league_season():
    return demo_season_create(engine="futti", teams=4, seed=3)


def cup_after(season: Season, teams=None) -> Season:
    """A new season of the league with the league's teams (or ``teams``), no squads yet."""
    cup = Season.objects.create(
        league=season.league,
        name="Cup",
        seed=11,
        first_kickoff=timezone.now() + timedelta(days=1),
        round_interval=timedelta(days=1),
    )
    cup.teams.set(season.teams.all() if teams is None else teams)
    return cup


def squads(season: Season) -> dict[int, set[int]]:
    found: dict[int, set[int]] = {}
    for team_id, player_id in SquadMember.objects.filter(season=season).values_list("team_id", "player_id"):
        found.setdefault(team_id, set()).add(player_id)
    return found


@pytest.fixture
def commissioner(client, league_season):
    user = User.objects.create_superuser("chair", "chair@example.com", "pw-for-tests-only")
    league_season.league.commissioners.add(user)
    client.force_login(user)
    return user


def start(client, season, **fields):
    data = {"season": season.id, "format": "knockout", "groups": 2, "advance": 2, "top": 4} | fields
    return client.post(f"/admin/tournaments/bracket/start/?season={season.id}", data, follow=True)


def test_copying_gives_each_team_its_squad_paid_what_it_cost_there(league_season):
    cup = cup_after(league_season)
    league_season.league.keeper_price = 3  # for kept cards of a next season, not for a copy
    league_season.league.save()
    SquadMember.objects.filter(season=league_season).update(price=1)  # bought at 1 BC each there
    SeasonTeam.objects.filter(season=league_season).update(tactics={"note": "press high"})
    squads_copy(league_season, cup)
    assert squads(cup) == squads(league_season)
    assert set(SquadMember.objects.filter(season=cup).values_list("price", flat=True)) == {1}
    size = len(next(iter(squads(cup).values())))
    team = cup.teams.first()
    assert ledger.balance(cup, team) == cup.league.budget - size
    assert LedgerEntry.objects.filter(season=cup, reason=LedgerEntry.Reason.KEEPER).count() == 4 * size
    assert list(SeasonTeam.objects.filter(season=cup).values_list("tactics", flat=True)) == [{"note": "press high"}] * 4
    entries = Entry.objects.filter(action="squad.copied", season_id=cup.id)
    assert entries.count() == 4 and entries.first().after["from"] == league_season.id
    assert not Entry.objects.filter(action="ledger.entry", season_id=cup.id).exists()  # part of the copy's entry


def test_each_card_costs_what_it_cost_in_the_season_it_comes_from(league_season):
    cup = cup_after(league_season)
    first = SquadMember.objects.filter(season=league_season, player__price__gte=1).order_by("id").first()
    first.price = first.player.price - 1  # bought below its price (an auction, say)
    first.save()
    squads_copy(league_season, cup)
    paid = dict(SquadMember.objects.filter(season=cup).values_list("player_id", "price"))
    assert paid == dict(SquadMember.objects.filter(season=league_season).values_list("player_id", "price"))
    assert paid[first.player_id] == first.player.price - 1


def test_a_season_of_another_league_is_refused(league_season):
    other = demo_season_create(engine="futti", teams=4, seed=4)
    cup = cup_after(league_season)
    with pytest.raises(ValidationError, match=f"{other} is a season of {other.league}, not of {cup.league}"):
        squads_copy(other, cup)
    assert not SquadMember.objects.filter(season=cup).exists()


def test_squads_already_present_are_refused_and_named(league_season):
    cup = cup_after(league_season)
    team = cup.teams.order_by("name").first()
    card = SquadMember.objects.filter(season=league_season, team=team).first()
    SquadMember.objects.create(season=cup, team=team, player=card.player, price=1)
    with pytest.raises(ValidationError, match=f"Teams of {cup} have squads already: {team.name}\\."):
        squads_copy(league_season, cup)
    assert SquadMember.objects.filter(season=cup).count() == 1


def test_a_team_without_a_squad_there_is_named_and_nothing_is_copied(league_season):
    newcomer = Team.objects.create(league=league_season.league, name="Upton Wanderers")
    cup = cup_after(league_season, [*league_season.teams.all(), newcomer])
    with pytest.raises(ValidationError, match=f"Teams without a squad in {league_season}: Upton Wanderers\\."):
        squads_copy(league_season, cup)
    assert not SquadMember.objects.filter(season=cup).exists()
    assert not LedgerEntry.objects.filter(season=cup).exists()


def test_the_admin_copies_squads_and_starts_the_cup(client, commissioner, league_season):
    cup = cup_after(league_season)
    response = start(client, cup, squads="copy", squads_from=league_season.id)
    assert response.redirect_chain[-1][0] == f"/seasons/{cup.id}/"
    assert squads(cup) == squads(league_season)
    assert Bracket.objects.get(season=cup).entrants.count() == 4
    assert cup.matches.exists()
    assert Entry.objects.filter(action="squad.copied", season_id=cup.id, actor=commissioner).count() == 4


def test_the_admin_autodrafts_and_starts_the_cup(client, commissioner, league_season):
    cup = cup_after(league_season)
    response = start(client, cup, squads="autodraft", format="swiss")
    assert response.redirect_chain[-1][0] == f"/seasons/{cup.id}/"
    rules = cup.league.squad_rules
    assert {len(cards) for cards in squads(cup).values()} == {rules.size}
    assert len(squads(cup)) == 4 and cup.matches.exists()


def test_the_admin_keeps_the_squads_drafted(client, commissioner, league_season):
    cup = cup_after(league_season)
    squads_copy(league_season, cup)
    before = squads(cup)
    response = start(client, cup, squads="keep")
    assert response.redirect_chain[-1][0] == f"/seasons/{cup.id}/"
    assert squads(cup) == before and Bracket.objects.filter(season=cup).exists()


def test_keeping_no_squads_is_refused_as_before(client, commissioner, league_season):
    cup = cup_after(league_season)
    html = start(client, cup).content.decode()
    assert "Teams without a complete squad for" in html
    assert not Bracket.objects.filter(season=cup).exists()


def test_the_admin_names_a_refused_copy_and_changes_nothing(client, commissioner, league_season):
    newcomer = Team.objects.create(league=league_season.league, name="Upton Wanderers")
    cup = cup_after(league_season, [*league_season.teams.all(), newcomer])
    html = start(client, cup, squads="copy", squads_from=league_season.id).content.decode()
    assert f"Teams without a squad in {league_season}: Upton Wanderers." in html
    assert not SquadMember.objects.filter(season=cup).exists() and not Bracket.objects.filter(season=cup).exists()
    html = start(client, cup, squads="copy").content.decode()
    assert "Choose the season to copy the squads from." in html


def test_a_refused_format_option_undoes_the_copy(league_season):
    cup = cup_after(league_season)
    with pytest.raises(ValidationError, match="Two-legged rounds must be among"):
        tournament_start(cup, "knockout", two_legged_rounds=[5], squads="copy", squads_from=league_season)
    assert not SquadMember.objects.filter(season=cup).exists()


def test_the_copy_lists_the_leagues_other_seasons_by_name(client, commissioner, league_season):
    cup = cup_after(league_season)
    other = demo_season_create(engine="futti", teams=4, seed=4)
    html = client.get(f"/admin/tournaments/bracket/start/?season={cup.id}").content.decode()
    assert f"{league_season.league.name}: {league_season.name}</option>" in html
    assert f"{other.league.name}: {other.name}</option>" not in html.split('name="squads_from"')[1]


def test_the_command_copies_squads_and_names_a_refusal(league_season):
    cup = cup_after(league_season)
    out = StringIO()
    call_command("copy_squads", str(league_season.id), str(cup.id), stdout=out)
    assert f"{cup}: 4 squads" in out.getvalue() and squads(cup) == squads(league_season)
    assert set(Entry.objects.filter(action="squad.copied").values_list("via", flat=True)) == {"command"}
    with pytest.raises(CommandError, match="have squads already"):
        call_command("copy_squads", str(league_season.id), str(cup.id))


def test_the_start_page_groups_options_by_the_formats_that_use_them(client, commissioner, league_season):
    html = client.get(f"/admin/tournaments/bracket/start/?season={league_season.id}").content.decode()
    assert '<fieldset class="module aligned formats format-knockout format-groups format-league_playoffs"' in html
    assert '<fieldset class="module aligned formats format-swiss"' in html
    assert '<fieldset class="module aligned "' in html  # season and format, squads, tie-break: every format's
    assert 'id="id_squads_from_helptext"' in html and "a defeat ends a team&#x27;s tournament" in html


def test_the_admin_names_a_team_that_cannot_pay_its_copied_squad(client, commissioner, league_season):
    league_season.league.budget = 1
    league_season.league.save()
    cup = cup_after(league_season)
    response = start(client, cup, squads="copy", squads_from=league_season.id)
    assert response.status_code == 200 and "not enough to pay" in response.content.decode()
    assert not SquadMember.objects.filter(season=cup).exists() and not Bracket.objects.filter(season=cup).exists()


def test_autodraft_now_is_refused_while_the_seasons_draft_is_not_done(league_season):
    cup = cup_after(league_season)
    Draft.objects.create(season=cup, format=Draft.Format.SNAKE)
    with pytest.raises(ValidationError, match="has a draft that is not done"):
        tournament_start(cup, "knockout", squads="autodraft")
    assert not SquadMember.objects.filter(season=cup).exists()
