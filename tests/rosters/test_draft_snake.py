"""Snake drafts with prices: order, turns, the budget and squad rules, the clock, undo and autopick.

The cast (see conftest): Anna runs the Test League, Bruno manages Alpha, Carla
Beta. The pool has 32 cards at 1 BC and 8 stars at 4 BC; a squad is six field
players and two goaltenders within 15 BC.
"""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from leagues.models import PointsDeduction, Team
from rosters import ledger
from rosters.drafts.moves import (
    autopick_set,
    clock_expired,
    draft_pause,
    draft_resume,
    draft_start,
    move_make,
    pick_undo_last,
    queue_set,
)
from rosters.drafts.setup import draft_create, draft_order_draw
from rosters.drafts.state import DraftError, board_for, on_the_clock
from rosters.models import Draft, DraftPick, LedgerEntry, Player, SquadMember
from tests.conftest import make_season

pytestmark = pytest.mark.django_db


def card(name):
    return Player.objects.get(name=name)


def pick(draft, user, team, name, **kwargs):
    return move_make(draft.pk, team_id=team.pk, by=user, player_id=card(name).pk, **kwargs)


def test_random_order_is_drawn_from_the_seed(season, pool):
    first = draft_create(season)
    again = draft_order_draw(first)
    assert first.order == again and sorted(first.order) == sorted(season.teams.values_list("pk", flat=True))


def test_a_hand_set_order_must_name_every_team_once(season):
    alpha = season.teams.get(name="Alpha")
    with pytest.raises(DraftError, match="every team of the season exactly once"):
        draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=[alpha.pk, alpha.pk])


def test_reverse_of_last_seasons_table_puts_the_last_first_and_newcomers_before(league, season):
    last = make_season(league, ["Alpha", "Beta", "Gamma"], name="2025")
    # level on points: the default tie-breakers end with lots; a deduction puts Beta last
    PointsDeduction.objects.create(season=last, team=last.teams.get(name="Beta"), points=1, reason="late sheet")
    draft = draft_create(season, order_method=Draft.OrderMethod.REVERSE_TABLE, previous_season=last)
    names = [Team.objects.get(pk=t).name for t in draft.order]
    assert names[0] == "Delta" and names[1] == "Beta"


def test_the_order_snakes_back_every_round(draft, cast):
    anna = cast["anna"]
    names = []
    for _ in range(8):
        team = Team.objects.get(pk=on_the_clock(Draft.objects.get(pk=draft.pk)))
        names.append(team.name)
        free = board_for(Draft.objects.get(pk=draft.pk)).free
        cheap = next(p for p in reversed(free) if p.role == "field")
        move_make(draft.pk, team_id=team.pk, by=anna, player_id=cheap.pk)
    assert names == ["Alpha", "Beta", "Gamma", "Delta", "Delta", "Gamma", "Beta", "Alpha"]


def test_a_pick_is_charged_to_the_ledger_and_joins_the_squad(draft, cast):
    move = pick(draft, cast["bruno"], cast["alpha"], "Card 33")
    assert move.price == 4 and move.made_by == cast["bruno"]
    assert SquadMember.objects.filter(team=cast["alpha"], player__name="Card 33").exists()
    assert ledger.balance(draft.season, cast["alpha"]) == 11


def test_out_of_turn_and_for_another_team_are_refused(draft, cast):
    with pytest.raises(DraftError, match="it is Alpha's turn, not Beta's"):
        pick(draft, cast["carla"], cast["beta"], "Card 01")
    with pytest.raises(DraftError, match="only move for your own team"):
        pick(draft, cast["carla"], cast["alpha"], "Card 01")
    with pytest.raises(DraftError, match="only move for your own team"):
        pick(draft, cast["dino"], cast["alpha"], "Card 01")
    assert not DraftPick.objects.exists()


def test_a_double_click_charges_once(draft, cast):
    pick(draft, cast["bruno"], cast["alpha"], "Card 01", pick_number=0)
    with pytest.raises(DraftError, match="pick 1 has already been made; pick 2 is on now"):
        pick(draft, cast["bruno"], cast["alpha"], "Card 01", pick_number=0)
    assert LedgerEntry.objects.filter(reason="draft_pick").count() == 1


def test_a_taken_card_is_refused(draft, cast):
    pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    with pytest.raises(DraftError, match="Card 01 is no longer available"):
        pick(draft, cast["carla"], cast["beta"], "Card 01")


def test_the_budget_and_the_squad_rules_are_enforced_with_the_reason(draft, cast):
    anna, alpha = cast["anna"], cast["alpha"]
    ledger.post_one(draft.season, alpha, -12, ledger.Reason.FINE, note="test")  # 3 BC left
    with pytest.raises(DraftError, match="Card 33 costs 4 BC and the team has 3 BC"):
        pick(draft, anna, alpha, "Card 33")
    ledger.post_one(draft.season, alpha, 12, ledger.Reason.GRANT, note="back")
    # 15 BC: three stars (12) would leave 3 BC for five more cards
    for name in ("Card 33", "Card 34"):
        pick(draft, anna, alpha, name)
        for _ in range(6):  # the others take cheap cards until Alpha is on again
            d = Draft.objects.get(pk=draft.pk)
            team = on_the_clock(d)
            if team == alpha.pk:
                break
            cheap = next(p for p in reversed(board_for(d).free) if p.role == "field")
            move_make(draft.pk, team_id=team, by=anna, player_id=cheap.pk)
    with pytest.raises(DraftError, match="after Card 35 the team could not complete its squad with the 3 BC left"):
        pick(draft, anna, alpha, "Card 35")


def test_a_full_role_is_refused(season, cast, pool):
    other = draft_create(season, seconds_per_pick=60)
    other = draft_start(other.pk)
    anna = cast["anna"]
    keepers = iter(Player.objects.filter(role="goalkeeper", price=1).order_by("pk"))
    alpha_keepers = 0
    while alpha_keepers < 2:
        d = Draft.objects.get(pk=other.pk)
        team = on_the_clock(d)
        if team == cast["alpha"].pk:
            move_make(d.pk, team_id=team, by=anna, player_id=next(keepers).pk)
            alpha_keepers += 1
        else:
            cheap = next(p for p in reversed(board_for(d).free) if p.role == "field")
            move_make(d.pk, team_id=team, by=anna, player_id=cheap.pk)
    while on_the_clock(Draft.objects.get(pk=other.pk)) != cast["alpha"].pk:
        d = Draft.objects.get(pk=other.pk)
        cheap = next(p for p in reversed(board_for(d).free) if p.role == "field")
        move_make(d.pk, team_id=on_the_clock(d), by=anna, player_id=cheap.pk)
    with pytest.raises(DraftError, match="no place left for a goalkeeper"):
        move_make(other.pk, team_id=cast["alpha"].pk, by=anna, player_id=next(keepers).pk)


def test_a_managers_pick_after_the_clock_ran_out_is_refused_the_commissioner_may(draft, cast):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(DraftError, match="time ran out"):
        pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    assert pick(draft, cast["anna"], cast["alpha"], "Card 01").made_by == cast["anna"]


def test_the_clock_picks_from_the_queue_when_time_runs_out(draft, cast, clock_tasks):
    queue_set(draft.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 05").pk, card("Card 06").pk], by=cast["bruno"])
    draft_id, token = draft.pk, Draft.objects.get(pk=draft.pk).clock_token
    assert clock_expired(draft_id, token) > 50  # early: wait for the rest
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert clock_expired(draft_id, token) is None
    move = DraftPick.objects.get()
    assert (move.player.name, move.auto, move.team) == ("Card 05", True, cast["alpha"])
    assert clock_expired(draft_id, token) is None and DraftPick.objects.count() == 1  # delivered twice


def test_without_a_queue_the_clock_takes_the_dearest_card_that_keeps_squads_completable(draft, cast, clock_tasks):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    clock_expired(draft.pk, Draft.objects.get(pk=draft.pk).clock_token)
    assert DraftPick.objects.get().price == 4


def test_each_pick_queues_a_clock_task_for_its_deadline(draft, cast, clock_tasks, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    fresh = Draft.objects.get(pk=draft.pk)
    assert clock_tasks == [((draft.pk, fresh.clock_token), fresh.deadline)]
    assert clock_expired(draft.pk, "an old token") is None


def test_pause_keeps_the_time_left_and_resume_gives_it_back(draft, cast):
    paused = draft_pause(draft.pk, by=cast["anna"])
    assert paused.state == "paused" and 55 < paused.seconds_left <= 60
    with pytest.raises(DraftError, match="paused"):
        pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    resumed = draft_resume(draft.pk, by=cast["anna"])
    assert resumed.state == "running" and resumed.deadline > timezone.now() + timedelta(seconds=50)


def test_undo_refunds_the_last_pick_and_gives_the_turn_back(draft, cast):
    pick(draft, cast["bruno"], cast["alpha"], "Card 33")
    undone = pick_undo_last(draft.pk, by=cast["anna"])
    assert undone.player.name == "Card 33"
    assert ledger.balance(draft.season, cast["alpha"]) == 15
    assert not SquadMember.objects.exists()
    assert on_the_clock(Draft.objects.get(pk=draft.pk)) == cast["alpha"].pk
    assert LedgerEntry.objects.filter(reason="release_refund", amount=4).exists()


def test_only_the_commissioner_starts_pauses_and_undoes(draft, cast):
    for action in (draft_pause, pick_undo_last):
        with pytest.raises(DraftError, match="commissioner"):
            action(draft.pk, by=cast["bruno"])
        with pytest.raises(DraftError, match="commissioner"):
            action(draft.pk, by=cast["dino"])


def test_autopick_switched_on_picks_at_once_for_that_team(draft, cast):
    autopick_set(draft.pk, team_id=cast["alpha"].pk, on=True, by=cast["bruno"])
    assert DraftPick.objects.get().team == cast["alpha"]
    with pytest.raises(DraftError, match="your own team"):
        autopick_set(draft.pk, team_id=cast["beta"].pk, on=True, by=cast["bruno"])


def test_the_autodraft_command_fills_every_squad_within_budget(season, pool, capsys):
    call_command("autodraft", str(season.pk))
    draft = Draft.objects.get(season=season)
    assert draft.state == "done" and draft.picks.count() == 32
    for team in season.teams.all():
        roles = sorted(SquadMember.objects.filter(season=season, team=team).values_list("player__role", flat=True))
        assert roles == ["field"] * 6 + ["goalkeeper"] * 2
        assert ledger.balance(season, team) >= 0
    assert "32 moves, draft done" in capsys.readouterr().out
