"""The live draft's moves as people see them: each refusal's words and the field the API files it
under, the audit entries of a pause, a resume and an undo, what an undo and a queue change leave
of other seasons', drafts' and teams' rows (found by mutation testing: the draft tests matched
the messages in part and never looked past the rows they made).

The cast and the pool as in test_draft_snake: a snake draft, Alpha, Beta, Gamma, Delta in
that order, 60 seconds a pick, started by Anna, who runs the league; Bruno manages Alpha.
"""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from audit.models import Entry
from rosters import ledger
from rosters.drafting import load_engine_pool
from rosters.drafts.moves import (
    autopick_set,
    clock_expired,
    draft_pause,
    draft_resume,
    draft_start,
    move_make,
    pick_undo_last,
    queue_set,
    run_autodraft,
)
from rosters.drafts.setup import draft_create
from rosters.drafts.state import DraftError, on_the_clock
from rosters.models import Draft, DraftPick, LedgerEntry, Player, QueuedCard, SquadMember
from tests.conftest import make_league, make_season
from tests.rosters.conftest import card, give

pytestmark = pytest.mark.django_db


def pick(draft, user, team, name, **kwargs):
    return move_make(draft.pk, team_id=team.pk, by=user, player_id=card(name).pk, **kwargs)


def refusal(action, *args, **kwargs) -> tuple[list[str], str | None]:
    """The words and the field of the refusal ``action`` raises."""
    with pytest.raises(DraftError) as refused:
        action(*args, **kwargs)
    return refused.value.messages, refused.value.field


def first_pick(team, name) -> dict:
    """What the audit log keeps of the draft's first pick, made by hand at the card's price."""
    player = card(name)
    return {"number": 0, "kind": "pick", "team": team.pk, "player": player.pk, "price": player.price, "auto": False}


def fresh(draft) -> Draft:
    return Draft.objects.get(pk=draft.pk)


def test_only_a_running_draft_pauses_and_only_a_paused_one_resumes(draft, cast):
    anna = cast["anna"]
    assert refusal(draft_resume, draft.pk, by=anna) == (["only a paused draft can be resumed"], None)
    draft_pause(draft.pk, by=anna)
    assert refusal(draft_pause, draft.pk, by=anna) == (["only a running draft can be paused"], None)
    assert refusal(draft_resume, draft.pk, by=cast["bruno"]) == (["only the league's commissioner may do that"], None)


def test_a_draft_paused_after_its_time_ran_out_has_no_time_left_and_resumes_with_a_whole_pick(draft, cast):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=5))
    paused = draft_pause(draft.pk, by=cast["anna"])
    assert paused.seconds_left == 0.0
    assert fresh(draft).clock_token == "" and fresh(draft).deadline is None
    resumed = draft_resume(draft.pk, by=cast["anna"])
    assert resumed.deadline > timezone.now() + timedelta(seconds=55)


def test_a_resumed_draft_gets_the_time_that_was_left(draft, cast):
    draft_pause(draft.pk, by=cast["anna"])
    Draft.objects.filter(pk=draft.pk).update(seconds_left=20.0)
    resumed = draft_resume(draft.pk, by=cast["anna"])
    left = (resumed.deadline - timezone.now()).total_seconds()
    assert 15 < left <= 20


def test_pause_and_resume_are_in_the_audit_log(draft, cast):
    draft_pause(draft.pk, by=cast["anna"])
    draft_resume(draft.pk, by=cast["anna"])
    logged = {e.action: (e.before, e.after, e.actor) for e in Entry.objects.filter(action__startswith="draft.")}
    # the commissioner who acted, outside a request too (a command, the shell)
    assert logged["draft.paused"] == ({"state": "running"}, {"state": "paused"}, cast["anna"])
    assert logged["draft.resumed"] == ({"state": "paused"}, {"state": "running"}, cast["anna"])


def test_there_is_nothing_to_undo_before_the_first_pick(draft, cast):
    assert refusal(pick_undo_last, draft.pk, by=cast["anna"]) == (["there is no pick to undo"], None)


def test_an_undo_takes_back_only_that_card_of_that_seasons_squad(league, draft, cast):
    last_year = make_season(league, ["Alpha", "Beta"], name="2025")
    give(last_year, cast["alpha"], "Card 02")
    pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    pick(draft, cast["carla"], cast["beta"], "Card 02")
    pick_undo_last(draft.pk, by=cast["anna"])
    kept = SquadMember.objects.values_list("season__name", "team__name", "player__name")
    assert sorted(kept) == [("2025", "Alpha", "Card 02"), ("2026", "Alpha", "Card 01")]


def test_an_undos_refund_names_the_pick_and_the_commissioner(draft, cast):
    pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    pick_undo_last(draft.pk, by=cast["anna"])
    refund = LedgerEntry.objects.get(reason=ledger.Reason.RELEASE_REFUND)
    assert refund.note == f"pick 1 of the {draft.season} draft undone"
    assert refund.created_by == cast["anna"]


def test_autopick_for_another_team_is_refused_on_the_team_field(draft, cast):
    refused = refusal(autopick_set, draft.pk, team_id=cast["beta"].pk, on=False, by=cast["bruno"])
    assert refused == (["you may only change your own team's autopick"], "team")


def test_autopick_switched_off_leaves_the_team_to_its_manager(draft, cast):
    Draft.objects.get(pk=draft.pk).autopick_teams.add(cast["beta"])
    autopick_set(draft.pk, team_id=cast["beta"].pk, on=False, by=cast["carla"])
    assert not fresh(draft).autopick_teams.exists()


def test_another_teams_queue_is_refused_on_the_team_field(draft, cast):
    refused = refusal(queue_set, draft.pk, team_id=cast["beta"].pk, player_ids=[], by=cast["bruno"])
    assert refused == (["you may only change your own team's queue"], "team")


def test_a_queue_keeps_the_order_given_and_drops_cards_of_other_leagues(draft, cast):
    other = make_league("Other Pool League")
    stranger = Player.objects.create(league=other, name="Stranger", role="field", price=1, attributes={})
    wanted = [card("Card 07").pk, stranger.pk, card("Card 03").pk, card("Card 07").pk]
    queue_set(draft.pk, team_id=cast["alpha"].pk, player_ids=wanted, by=cast["bruno"])
    queued = QueuedCard.objects.order_by("position").values_list("player__name", "position")
    assert list(queued) == [("Card 07", 0), ("Card 03", 1)]


def test_a_new_queue_replaces_only_that_teams_queue_in_that_draft(league, draft, cast):
    later = make_season(league, ["Alpha", "Beta"], name="2027")
    later_draft = draft_create(later)
    queue_set(later_draft.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 09").pk], by=cast["bruno"])
    queue_set(draft.pk, team_id=cast["beta"].pk, player_ids=[card("Card 05").pk], by=cast["carla"])
    queue_set(draft.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 06").pk], by=cast["bruno"])
    queue_set(draft.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 03").pk], by=cast["bruno"])
    queued = QueuedCard.objects.values_list("draft__season__name", "team__name", "player__name")
    assert sorted(queued) == [("2026", "Alpha", "Card 03"), ("2026", "Beta", "Card 05"), ("2027", "Alpha", "Card 09")]


def test_a_move_in_a_paused_draft_is_refused_saying_so(draft, cast):
    draft_pause(draft.pk, by=cast["anna"])
    assert refusal(pick, draft, cast["bruno"], cast["alpha"], "Card 01") == (["the draft is paused"], None)


def test_a_move_made_for_a_pick_not_yet_on_the_clock_is_refused_on_the_pick_number(draft, cast):
    refused = refusal(pick, draft, cast["bruno"], cast["alpha"], "Card 01", pick_number=2)
    assert refused == (["pick 3 is not on the clock yet; pick 1 is on now"], "pick_number")


def test_a_move_for_another_team_or_out_of_turn_is_refused_on_the_team_field(draft, cast):
    refused = refusal(pick, draft, cast["carla"], cast["alpha"], "Card 01")
    assert refused == (["you may only move for your own team"], "team")
    assert refusal(pick, draft, cast["carla"], cast["beta"], "Card 01") == (["it is Alpha's turn, not Beta's"], "team")


def test_a_manager_too_late_is_told_the_clock_picks(draft, cast):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    refused = refusal(pick, draft, cast["bruno"], cast["alpha"], "Card 01")
    assert refused == (["time ran out for this pick: the clock picks for your team"], None)


def test_a_card_of_another_leagues_pool_is_refused_on_the_player_field(draft, cast):
    stranger = Player.objects.create(league=make_league("Far"), name="Stranger", role="field", price=1, attributes={})
    with pytest.raises(DraftError) as refused:
        move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=stranger.pk)
    assert (refused.value.messages, refused.value.field) == (["that card is not in this league's pool"], "player")


def test_a_card_taken_is_refused_on_the_player_field(draft, cast):
    pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    refused = refusal(pick, draft, cast["carla"], cast["beta"], "Card 01")
    assert refused == (["Card 01 is no longer available"], "player")


def test_a_managers_pick_is_not_automatic_and_its_squad_place_has_the_price(draft, cast):
    move = pick(draft, cast["bruno"], cast["alpha"], "Card 33")
    assert (move.auto, move.auto_by) == (False, "")
    assert SquadMember.objects.get(player=card("Card 33")).price == 4


def test_a_nomination_keeps_who_made_it(season, cast, pool):
    made = draft_create(season, format=Draft.Format.AUCTION, seconds_per_pick=20)
    auction = draft_start(made.pk)
    team = on_the_clock(auction)
    move_make(auction.pk, team_id=team, by=cast["anna"], player_id=card("Card 33").pk, amount=2)
    assert fresh(auction).lot == {"player": card("Card 33").pk, "bid": 2, "team": team, "by": cast["anna"].pk}


def test_an_undo_is_in_the_audit_log_with_the_pick_it_took_back(draft, cast):
    move = pick(draft, cast["bruno"], cast["alpha"], "Card 33")
    pick_undo_last(draft.pk, by=cast["anna"])
    entry = Entry.objects.get(action="draft.undone")
    assert entry.before == first_pick(cast["alpha"], "Card 33")
    assert (entry.after, entry.season_id, entry.actor, entry.object_id) == (
        None,
        draft.season_id,
        cast["anna"],
        move.pk,
    )
    refund = LedgerEntry.objects.get(reason=ledger.Reason.RELEASE_REFUND)
    assert (refund.player, refund.amount) == (card("Card 33"), 4)


def test_an_undo_in_a_running_draft_sets_the_clock_again(draft, cast):
    pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    before = fresh(draft).clock_token
    pick_undo_last(draft.pk, by=cast["anna"])
    after = fresh(draft)
    assert after.state == "running" and after.clock_token not in ("", before)
    assert after.deadline > timezone.now() + timedelta(seconds=55)


def test_an_undo_in_a_paused_draft_leaves_it_paused_with_no_clock(draft, cast):
    pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    draft_pause(draft.pk, by=cast["anna"])
    pick_undo_last(draft.pk, by=cast["anna"])
    after = fresh(draft)
    assert (after.state, after.deadline, after.seconds_left, after.clock_token) == ("paused", None, None, "")


def test_an_undo_after_the_last_pick_pauses_the_finished_draft(draft, cast):
    assert run_autodraft(draft.pk).state == "done"  # a running draft is not resumed first
    pick_undo_last(draft.pk, by=cast["anna"])
    after = fresh(draft)
    assert (after.state, after.pick_number, after.clock_token) == ("paused", 31, "")


def test_the_autodraft_resumes_a_paused_draft(draft, cast):
    draft_pause(draft.pk, by=cast["anna"])
    assert run_autodraft(draft.pk).state == "done"


def test_an_undo_in_an_auction_closes_the_lot_up(season, cast, pool):
    made = draft_create(season, format=Draft.Format.AUCTION, seconds_per_pick=20)
    auction = draft_start(made.pk)
    for _ in range(3):  # nominated by the clock, won by the nominator, then the next lot opened
        Draft.objects.filter(pk=auction.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        clock_expired(auction.pk, fresh(auction).clock_token)
    assert fresh(auction).lot is not None
    pick_undo_last(auction.pk, by=cast["anna"])
    assert fresh(auction).lot is None


def test_the_clock_of_a_draft_gone_does_nothing(draft):
    Draft.objects.filter(pk=draft.pk).delete()
    assert clock_expired(draft.pk, draft.clock_token) is None


def test_the_clock_waits_out_the_last_second(draft, cast):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() + timedelta(seconds=0.9))
    left = clock_expired(draft.pk, fresh(draft).clock_token)
    assert 0 < left < 1 and not DraftPick.objects.exists()


def test_a_clock_that_cannot_move_pauses_the_draft_and_logs_why(draft, cast, caplog):
    ledger.post_one(draft.season, cast["alpha"], -15, ledger.Reason.FINE, note="all of it")
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    with caplog.at_level("WARNING", logger="rosters.drafts.moves"):
        assert clock_expired(draft.pk, fresh(draft).clock_token) is None
    after = fresh(draft)
    assert (after.state, after.deadline, after.seconds_left, after.clock_token) == ("paused", None, None, "")
    assert not DraftPick.objects.exists()
    why = "no card keeps every squad completable: the pool is too small or too dear"
    assert caplog.messages == [f"draft {draft.pk} paused by the clock: {why}"]


@pytest.fixture
def market(db):
    league = make_league("Mutants", engine="mutant")
    load_engine_pool(league, "mutant", seed=1)
    boss = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-12345-x")
    return draft_start(
        draft_create(make_season(league, ["Alpha", "Beta", "Gamma"]), format=Draft.Format.MARKET).pk
    ), boss


def test_a_card_off_the_markets_display_is_refused_on_the_player_field(market):
    draft, boss = market
    hidden = Player.objects.exclude(pk__in=[int(i) for i in draft.market["display"]]).first()
    with pytest.raises(DraftError) as refused:
        move_make(draft.pk, team_id=on_the_clock(draft), by=boss, player_id=hidden.pk)
    assert (refused.value.messages, refused.value.field) == ([f"{hidden.name} is not on display"], "player")


def test_a_pick_is_paid_with_a_note_naming_it_and_who_made_it(draft, cast):
    pick(draft, cast["bruno"], cast["alpha"], "Card 33")
    paid = LedgerEntry.objects.get(reason=ledger.Reason.DRAFT_PICK)
    assert (paid.amount, paid.player, paid.created_by) == (-4, card("Card 33"), cast["bruno"])
    assert paid.note == f"pick 1 of the {draft.season} draft"


def test_a_pick_is_in_the_audit_log(draft, cast):
    move = pick(draft, cast["bruno"], cast["alpha"], "Card 33")
    entry = Entry.objects.get(action="draft.pick")
    assert entry.after == first_pick(cast["alpha"], "Card 33")
    assert (entry.object_id, entry.season_id, entry.actor) == (move.pk, draft.season_id, cast["bruno"])


def test_a_card_picked_leaves_every_queue_of_that_draft_only(league, draft, cast):
    later_draft = draft_create(make_season(league, ["Alpha", "Beta"], name="2027"))
    queue_set(later_draft.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 01").pk], by=cast["bruno"])
    queue_set(draft.pk, team_id=cast["beta"].pk, player_ids=[card("Card 01").pk], by=cast["carla"])
    wanted = [card("Card 01").pk, card("Card 02").pk]
    queue_set(draft.pk, team_id=cast["alpha"].pk, player_ids=wanted, by=cast["bruno"])
    pick(draft, cast["bruno"], cast["alpha"], "Card 01")
    queued = QueuedCard.objects.values_list("draft__season__name", "team__name", "player__name")
    assert sorted(queued) == [("2026", "Alpha", "Card 02"), ("2027", "Alpha", "Card 01")]


def test_a_check_in_a_snake_draft_is_refused_on_the_kind_field(draft, cast):
    with pytest.raises(DraftError) as refused:
        move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], kind=DraftPick.Kind.CHECK)
    assert refused.value.messages == ["only the market has checks and finishes; in a snake draft every turn is a pick"]
    assert refused.value.field == "kind"


def test_the_finished_draft_has_no_clock(draft):
    done = run_autodraft(draft.pk)
    assert (done.state, done.deadline, done.clock_token, done.pick_number) == ("done", None, "", 32)


def expire(draft) -> None:
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    clock_expired(draft.pk, fresh(draft).clock_token)


def test_the_clock_picks_from_its_teams_queue_in_this_draft_only_and_says_so(league, draft, cast):
    later_draft = draft_create(make_season(league, ["Alpha", "Beta"], name="2027"))
    queue_set(later_draft.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 06").pk], by=cast["bruno"])
    queue_set(draft.pk, team_id=cast["beta"].pk, player_ids=[card("Card 05").pk], by=cast["carla"])
    expire(draft)
    move = DraftPick.objects.get()
    assert (move.price, move.auto, move.auto_by) == (4, True, "rating")  # nobody's queue but Alpha's counts
    queue_set(draft.pk, team_id=cast["beta"].pk, player_ids=[card("Card 05").pk], by=cast["carla"])
    expire(draft)
    move = DraftPick.objects.get(number=1)
    assert (move.player, move.auto, move.auto_by) == (card("Card 05"), True, "queue")


def test_the_clock_skips_a_queued_card_the_team_cannot_pay_at_its_price(draft, cast):
    ledger.post_one(draft.season, cast["alpha"], -7, ledger.Reason.FINE, note="8 BC for 8 places")
    queue_set(draft.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 33").pk, card("Card 05").pk], by=cast["bruno"])
    expire(draft)
    assert DraftPick.objects.get().player == card("Card 05")


def test_the_auction_clock_nominates_a_queued_card_the_team_can_open_at_one_coin(season, cast, pool):
    order = [
        cast["alpha"].pk,
        cast["beta"].pk,
        *season.teams.exclude(name__in=["Alpha", "Beta"]).values_list("pk", flat=True),
    ]
    made = draft_create(
        season, format=Draft.Format.AUCTION, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=20
    )
    auction = draft_start(made.pk)
    ledger.post_one(season, cast["alpha"], -7, ledger.Reason.FINE, note="8 BC for 8 places")
    queue_set(auction.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 33").pk], by=cast["bruno"])
    expire(auction)
    assert fresh(auction).lot == {"player": card("Card 33").pk, "bid": 1, "team": cast["alpha"].pk, "by": None}


def test_the_market_clock_buys_the_first_queued_card_on_display(market):
    draft, boss = market
    team = on_the_clock(draft)
    hidden = Player.objects.exclude(pk__in=[int(i) for i in draft.market["display"]]).first()
    shown = Player.objects.get(pk=int(draft.market["display"][3]))
    queue_set(draft.pk, team_id=team, player_ids=[hidden.pk, shown.pk], by=boss)
    expire(draft)
    move = DraftPick.objects.get()
    assert (move.team_id, move.player, move.auto, move.auto_by) == (team, shown, True, "queue")


def test_the_market_clock_without_a_queue_moves_as_the_computer_buyer(market):
    draft, _ = market
    expire(draft)
    move = DraftPick.objects.get()
    assert (move.auto, move.auto_by) == (True, "market")


def test_a_check_costs_nothing(market):
    draft, boss = market
    check = move_make(draft.pk, team_id=on_the_clock(draft), by=boss, kind=DraftPick.Kind.CHECK)
    assert (check.kind, check.player, check.price) == ("check", None, 0)


def test_a_draft_starts_once_and_only_with_two_teams(league, draft, cast):
    assert refusal(draft_start, draft.pk) == (["the draft is running, not waiting to start"], None)
    alone = draft_create(make_season(league, ["Alpha"], name="2028"))
    assert refusal(draft_start, alone.pk) == (["a draft needs at least two teams in the season"], None)
    assert refusal(draft_start, alone.pk, by=cast["bruno"]) == (["only the league's commissioner may do that"], None)


def test_the_start_is_in_the_audit_log_with_the_order(draft, cast):
    entry = Entry.objects.get(action="draft.started")
    order = [cast["alpha"].pk, cast["beta"].pk, *fresh(draft).order[2:]]
    assert (entry.before, entry.after) == ({"state": "setup", "order": None}, {"state": "running", "order": order})
    assert entry.object_id == draft.pk


def test_a_clock_by_value_without_values_logs_that_it_picks_by_rating(draft, cast, caplog):
    Draft.objects.filter(pk=draft.pk).update(autopick_by=Draft.AutopickBy.VALUE)
    with caplog.at_level("INFO", logger="rosters.drafts.moves"):
        expire(draft)
    assert DraftPick.objects.get().auto_by == "rating"
    why = f"draft {draft.pk}: no card values for team {cast['alpha'].pk}'s squad yet, the clock picks by rating"
    assert why in caplog.messages


@pytest.mark.parametrize("draft_format", [Draft.Format.SNAKE, Draft.Format.AUCTION])
def test_a_draft_whose_kept_cards_fill_every_squad_is_over_at_its_start(season, cast, pool, draft_format):
    """A snake with every turn passed; an auction whose squads are full before any lot is won."""
    keepers = [f"Card {n:02d}" for n in range(0, 32, 4)]
    field = [f"Card {n:02d}" for n in range(32) if n % 4]
    for number, name in enumerate(("Alpha", "Beta", "Gamma", "Delta")):  # two keepers, six field players each
        give(
            season,
            season.teams.get(name=name),
            *keepers[2 * number : 2 * number + 2],
            *field[6 * number : 6 * number + 6],
        )
    started = draft_start(draft_create(season, format=draft_format, seconds_per_pick=60).pk, by=cast["anna"])
    assert (started.state, started.deadline, started.clock_token) == (Draft.State.DONE, None, "")
    assert not started.picks.exists()


def test_the_snake_passes_the_turn_of_a_team_its_kept_cards_fill(season, cast, pool):
    kept = ["Card 00", "Card 04", "Card 01", "Card 02", "Card 03", "Card 05", "Card 06", "Card 07"]
    give(season, cast["beta"], *kept)  # two keepers and six field players: Beta's squad is full
    order = [season.teams.get(name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=60)
    started = draft_start(made.pk, by=cast["anna"])
    assert Entry.objects.get(action="draft.started", object_id=made.pk).actor == cast["anna"]
    assert (started.pick_number, on_the_clock(started)) == (0, cast["alpha"].pk)
    pick(started, cast["bruno"], cast["alpha"], "Card 33")
    after = fresh(started)
    assert (after.pick_number, on_the_clock(after)) == (2, season.teams.get(name="Gamma").pk)
