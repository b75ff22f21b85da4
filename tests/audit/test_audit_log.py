"""The audit log: each action that changes a result, a match's status, a points deduction, a
ledger, a draft or a squad is one entry with who, via where, and the changed fields before and
after; the admin shows them per match, team and season, read-only and scoped to the reader."""

from contextlib import contextmanager

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db.models import Max, Q
from django.urls import reverse
from rest_framework.authtoken.models import Token

from audit.context import acting_as
from audit.models import Entry
from competitions import results
from competitions.round_robin import fixtures_generate
from competitions.swiss import swiss_draw
from competitions.tasks import play_match
from competitions.withdrawals import tournament_team_replace
from leagues.models import PlayMode, PointsDeduction, Team
from matches import services
from matches.models import Match
from rosters import ledger
from rosters.accounts import invite_manager
from rosters.drafting import autodraft
from rosters.drafts.moves import move_make, pick_undo_last
from rosters.models import Player, SquadMember

pytestmark = pytest.mark.django_db


@contextmanager
def recorded():
    """The entries recorded inside the block, oldest first."""
    start = Entry.objects.aggregate(last=Max("id"))["last"] or 0
    found: list[Entry] = []
    yield found
    found.extend(Entry.objects.filter(id__gt=start).order_by("id"))


@pytest.fixture
def boss(db):
    return User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only")


@pytest.fixture
def played_season(season, cast, pool):
    """The cast's season with its squads drafted and its fixtures generated."""
    autodraft(season)
    fixtures_generate(season)
    return season


@pytest.fixture
def match(played_season, cast):
    """A match of Alpha's (Bruno's team) that Beta (Carla's) does not play in."""
    alphas = Match.objects.filter(Q(home=cast["alpha"]) | Q(away=cast["alpha"]), season=played_season)
    return alphas.exclude(home=cast["beta"]).exclude(away=cast["beta"]).select_related("home", "away").first()


def test_a_result_played_by_the_worker_is_one_entry_by_nobody_via_the_worker(match):
    with recorded() as entries:
        play_match.apply(args=(match.id,))
    match.refresh_from_db()
    [entry] = entries
    assert (entry.action, entry.actor, entry.via) == ("match.result", None, "worker")
    assert entry.before["status"] == "scheduled" and entry.before["home_goals"] is None
    assert entry.after["status"] == "played" and entry.after["home_goals"] == match.home_goals
    assert (entry.match_id, entry.season_id, entry.team_id, entry.opponent_id) == (
        match.id,
        match.season_id,
        match.home_id,
        match.away_id,
    )


def test_a_failure_written_by_a_bulk_update_is_one_entry(match):
    with recorded() as entries, acting_as(None, via="worker"):
        services.match_fail(match_id=match.id, error="EngineError: boom")
    [entry] = entries
    assert (entry.action, entry.actor, entry.via, entry.match_id) == ("match.failed", None, "worker", match.id)
    assert entry.before == {"status": "scheduled", "error": ""}
    assert entry.after == {"status": "failed", "error": "EngineError: boom"}


def test_a_postponement_in_the_admin_records_who_did_it(client, boss, match):
    client.force_login(boss)
    with recorded() as entries:
        client.post("/admin/matches/match/", {"action": "postpone", "_selected_action": [match.id]})
    [entry] = entries
    assert (entry.action, entry.actor, entry.actor_name, entry.via) == ("match.postponed", boss, "boss", "admin")
    assert (entry.before, entry.after) == ({"status": "scheduled"}, {"status": "postponed"})


def test_the_api_records_the_token_user(client, cast, match):
    token = Token.objects.create(user=cast["anna"])
    with recorded() as entries:
        answer = client.post(f"/api/matches/{match.id}/cancel/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert answer.status_code == 200
    [entry] = entries
    assert (entry.action, entry.actor, entry.via) == ("match.cancelled", cast["anna"], "api")
    assert (entry.before, entry.after) == ({"status": "scheduled"}, {"status": "cancelled"})


def test_a_forfeit_is_one_entry_with_the_old_and_the_awarded_result(cast, match):
    with recorded() as entries, acting_as(cast["anna"], via="command"):
        results.match_forfeit(match, forfeited_by=Match.Side.HOME)
    [entry] = entries
    assert (entry.action, entry.actor, entry.via) == ("match.forfeited", cast["anna"], "command")
    assert entry.before == {
        "status": "scheduled",
        "home_goals": None,
        "away_goals": None,
        "decided_by": "",
        "forfeited_by": "",
    }
    assert entry.after == {
        "status": "forfeited",
        "home_goals": 0,
        "away_goals": 3,
        "decided_by": "forfeit",
        "forfeited_by": "home",
    }


def test_a_deduction_added_changed_and_deleted_in_the_admin_is_one_entry_each(client, cast, season):
    anna, alpha = cast["anna"], cast["alpha"]
    client.force_login(anna)
    form = {"season": season.pk, "team": alpha.pk, "points": 2, "reason": "late sheet"}
    with recorded() as added:
        assert client.post(reverse("admin:leagues_pointsdeduction_add"), form).status_code == 302
    deduction = PointsDeduction.objects.get()
    with recorded() as changed:
        url = reverse("admin:leagues_pointsdeduction_change", args=[deduction.pk])
        assert client.post(url, {**form, "points": 3}).status_code == 302
    with recorded() as deleted:
        url = reverse("admin:leagues_pointsdeduction_delete", args=[deduction.pk])
        assert client.post(url, {"post": "yes"}).status_code == 302
    [add], [change], [delete] = added, changed, deleted
    assert (add.action, add.actor, add.before) == ("deduction.added", anna, None)
    assert add.after == {"season": season.pk, "team": alpha.pk, "points": 2, "reason": "late sheet"}
    assert (change.action, change.before, change.after) == ("deduction.changed", {"points": 2}, {"points": 3})
    assert (delete.action, delete.after) == ("deduction.deleted", None)
    assert delete.before == {"season": season.pk, "team": alpha.pk, "points": 3, "reason": "late sheet"}
    assert {e.season_id for e in (add, change, delete)} == {season.pk}
    assert {e.team_id for e in (add, change, delete)} == {alpha.pk}


def test_a_grant_in_the_admin_is_one_ledger_entry(client, cast, season):
    client.force_login(cast["anna"])
    form = {"season": season.pk, "team": cast["alpha"].pk, "reason": "grant", "amount": 3, "note": "late joiner"}
    with recorded() as entries:
        assert client.post(reverse("admin:rosters_ledgerentry_add"), form).status_code == 302
    [entry] = entries
    assert (entry.action, entry.actor, entry.via, entry.before) == ("ledger.entry", cast["anna"], "admin", None)
    assert entry.after == {"amount": 3, "reason": "grant", "player": None, "note": "late joiner"}
    assert (entry.season_id, entry.team_id) == (season.pk, cast["alpha"].pk)


def test_a_draft_pick_and_its_undo_are_one_entry_each(draft, cast):
    card = Player.objects.get(name="Card 01")
    with recorded() as picked:
        move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card.pk)
    with recorded() as undone:
        pick_undo_last(draft.pk, by=cast["anna"])
    [pick], [undo] = picked, undone
    move = {"number": 0, "kind": "pick", "team": cast["alpha"].pk, "player": card.pk, "price": 1, "auto": False}
    assert (pick.action, pick.actor, pick.before, pick.after) == ("draft.pick", cast["bruno"], None, move)
    assert (undo.action, undo.actor, undo.before, undo.after) == ("draft.undone", cast["anna"], move, None)
    assert {pick.season_id, undo.season_id} == {draft.season_id}
    assert {pick.team_id, undo.team_id} == {cast["alpha"].pk}
    assert ledger.balance(draft.season, cast["alpha"]) == 15  # paid, then refunded: no ledger entry of its own


def test_a_squad_place_added_and_removed_in_the_admin_is_one_entry_each(client, cast, season, pool):
    client.force_login(cast["anna"])
    card = pool[0]
    form = {"season": season.pk, "team": cast["alpha"].pk, "player": card.pk, "price": 1}
    with recorded() as added:
        assert client.post(reverse("admin:rosters_squadmember_add"), form).status_code == 302
    member = SquadMember.objects.get()
    with recorded() as removed:
        url = reverse("admin:rosters_squadmember_delete", args=[member.pk])
        assert client.post(url, {"post": "yes"}).status_code == 302
    [add], [remove] = added, removed
    place = {"season": season.pk, "team": cast["alpha"].pk, "player": card.pk, "price": 1}
    assert (add.action, add.actor, add.before, add.after) == ("squad.added", cast["anna"], None, place)
    assert (remove.action, remove.before, remove.after) == ("squad.deleted", place, None)


# --- the admin ---------------------------------------------------------------------------


@pytest.fixture
def history(cast, match):
    """A forfeit of Alpha's match (an entry of both its teams) and a deduction of Beta's."""
    with acting_as(cast["anna"], via="admin"):
        results.match_forfeit(match, forfeited_by=Match.Side.AWAY)
        PointsDeduction.objects.create(season=match.season, team=cast["beta"], points=1, reason="no show")
    return Entry.objects.get(action="match.forfeited"), Entry.objects.get(action="deduction.added")


def listed(client, query: str = "") -> set[str]:
    response = client.get(reverse("admin:audit_entry_changelist") + query)
    assert response.status_code == 200
    return {entry.action for entry in response.context["cl"].result_list}


def test_the_admin_shows_entries_per_match_team_and_season(client, boss, cast, match, history):
    client.force_login(boss)
    assert listed(client, f"?match_id={match.id}") == {"match.forfeited"}
    assert listed(client, f"?team={cast['beta'].pk}") >= {"deduction.added"}
    assert "match.forfeited" not in listed(client, f"?team={cast['beta'].pk}")
    assert listed(client, f"?team={match.away_id}") >= {"match.forfeited"}
    assert "deduction.added" not in listed(client, f"?team={cast['alpha'].pk}")
    assert listed(client, f"?season_id={match.season_id}") >= {
        "match.forfeited",
        "deduction.added",
        "squad.autodrafted",
    }
    for url in (
        reverse("admin:matches_match_change", args=[match.id]),
        reverse("admin:leagues_team_change", args=[match.home_id]),
        reverse("admin:leagues_season_change", args=[match.season_id]),
    ):
        assert "Audit log" in client.get(url).content.decode()


def test_nobody_adds_changes_or_deletes_an_entry_not_even_a_superuser(client, boss, history):
    client.force_login(boss)
    entry = history[0]
    assert client.get(reverse("admin:audit_entry_change", args=[entry.pk])).status_code == 200  # to read
    assert client.get(reverse("admin:audit_entry_add")).status_code == 403
    assert client.post(reverse("admin:audit_entry_add"), {"action": "forged"}).status_code == 403
    assert client.post(reverse("admin:audit_entry_change", args=[entry.pk]), {"action": "forged"}).status_code == 403
    assert client.post(reverse("admin:audit_entry_delete", args=[entry.pk]), {"post": "yes"}).status_code == 403
    changelist = reverse("admin:audit_entry_changelist")
    client.post(changelist, {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"})
    entry.refresh_from_db()
    assert entry.action == "match.forfeited"


def test_each_reads_only_their_own_leagues_and_teams_entries(client, cast, match, history):
    forfeit, deduction = history
    omega = cast["other"].teams.get(name="Omega")
    outsider, _ = invite_manager(omega, "olga@example.com")
    client.force_login(cast["anna"])
    assert {"match.forfeited", "deduction.added"} <= listed(client)
    client.force_login(cast["dino"])
    assert listed(client) == set()
    client.force_login(outsider)
    assert listed(client) == set()
    assert client.get(reverse("admin:audit_entry_change", args=[forfeit.pk])).status_code == 302  # not found
    client.force_login(cast["carla"])  # Beta's manager: Beta's deduction, not Alpha's match
    assert "deduction.added" in listed(client) and "match.forfeited" not in listed(client)
    client.force_login(cast["bruno"])  # Alpha's manager: Alpha's match, not Beta's deduction
    assert "match.forfeited" in listed(client) and "deduction.added" not in listed(client)


def test_a_table_result_entered_by_the_command_records_its_user(cast, match):
    league = match.season.league
    league.play_mode = PlayMode.TABLE
    league.save(update_fields=["play_mode"])
    with recorded() as entries:
        call_command("enter_result", match.id, "--score", "0-0", "--user", "anna")
    [entry] = entries
    assert (entry.action, entry.actor, entry.via, entry.match_id) == ("match.result", cast["anna"], "command", match.id)
    assert entry.before["status"] == "scheduled"
    assert (entry.after["status"], entry.after["home_goals"], entry.after["away_goals"]) == ("played", 0, 0)


def test_a_withdrawal_records_the_tournament_and_each_match_whose_team_changed(cast, played_season):
    swiss = swiss_draw(played_season, rounds=2)
    withdrawn = cast["alpha"]
    replacement = Team.objects.create(league=played_season.league, name="Latecomers")
    SquadMember.objects.filter(season=played_season, team=withdrawn).update(team=replacement)
    [match] = Match.objects.filter(Q(home=withdrawn) | Q(away=withdrawn), season=played_season)
    side = "home" if match.home_id == withdrawn.pk else "away"
    with recorded() as entries, acting_as(cast["anna"], via="command"):
        tournament_team_replace(played_season, withdrawn, replacement)
    tournament, swapped = entries
    assert (tournament.action, tournament.object_id, tournament.actor) == (
        "tournament.team_replaced",
        swiss.pk,
        cast["anna"],
    )
    assert (tournament.before, tournament.after) == ({"team": withdrawn.pk}, {"team": replacement.pk})
    assert (swapped.action, swapped.match_id) == ("match.team_replaced", match.id)
    assert (swapped.before, swapped.after) == ({side: withdrawn.pk}, {side: replacement.pk})


def test_a_manager_reads_who_acted_by_name_never_an_email_username(client, cast, match):
    """The other team's manager reads a match's entries; invite_manager makes e-mail usernames."""
    opponent = User.objects.create_user("rival.boss@example.com", "rival.boss@example.com", "pw-for-tests-only")
    with acting_as(opponent, via="admin"):
        results.match_forfeit(match, forfeited_by=Match.Side.AWAY)
    entry = Entry.objects.get(action="match.forfeited")
    pages = [reverse("admin:audit_entry_changelist"), reverse("admin:audit_entry_change", args=[entry.pk])]
    client.force_login(cast["bruno"])  # Alpha's manager
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 200 and "rival.boss" not in answer.content.decode(), page
    assert "a manager or commissioner" in client.get(pages[0]).content.decode()
    assert listed(client, "?q=rival") == set()  # no spelling out accounts by search
    assert client.get(pages[0] + "?actor_name__icontains=rival").status_code == 400
    client.force_login(cast["anna"])  # the league's commissioner sees the account
    assert "rival.boss@example.com" in client.get(pages[1]).content.decode()
