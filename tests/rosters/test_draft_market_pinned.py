"""The market's refusals as the manager reads them, the coins it keeps in step with the ledger,
and an undo that replays the moves left (found by mutation testing: the market tests undid a
single move and never read a refusal for a card on display).

Mutant Soccer's pool (seed 1), three teams, the draft started; the commissioner acts for the
team on the clock.
"""

import pytest
from django.contrib.auth import get_user_model

from audit.models import Entry
from rosters import ledger
from rosters.drafting import load_engine_pool
from rosters.drafts.market import _named, sync_market_budgets
from rosters.drafts.moves import draft_start, move_make, pick_undo_last
from rosters.drafts.setup import draft_create
from rosters.drafts.state import DraftError, market_rules, on_the_clock
from rosters.models import Draft, DraftPick, Player, SquadMember
from tests.conftest import make_league, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss():
    return get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-12345-x")


@pytest.fixture
def draft():
    league = make_league("Mutants", engine="mutant")
    load_engine_pool(league, "mutant", seed=1)
    return draft_start(draft_create(make_season(league, ["Alpha", "Beta", "Gamma"]), format=Draft.Format.MARKET).pk)


def fresh(draft) -> Draft:
    return Draft.objects.get(pk=draft.pk)


def buy_first_legal(draft, boss) -> None:
    d = fresh(draft)
    team = on_the_clock(d)
    legal = market_rules(d).legal_picks(sync_market_budgets(d), str(team))
    move_make(d.pk, team_id=team, by=boss, player_id=int(legal[0]))


def test_a_card_on_display_the_team_cannot_afford_is_refused_with_its_price_and_the_coins(draft, boss):
    team = on_the_clock(draft)
    ledger.post_one(draft.season, draft.season.teams.get(pk=team), -13, ledger.Reason.FINE, note="2 BC left")
    shown = Player.objects.filter(pk__in=[int(i) for i in draft.market["display"]]).order_by("-price", "pk")
    dear = shown[0]
    assert dear.price > 2
    expected = (
        f"{dear.name} costs {dear.price} BC: with 2 BC the team could then not complete five field players"
        " and a goalkeeper from the cards left (or its squad is full)"
    )
    with pytest.raises(DraftError) as refused:
        move_make(draft.pk, team_id=team, by=boss, player_id=dear.pk)
    assert (refused.value.messages, refused.value.field) == ([expected], "player")


def test_the_market_takes_a_fine_written_during_the_draft(draft, boss):
    fined = next(t for t in draft.order if t != on_the_clock(draft))
    ledger.post_one(draft.season, draft.season.teams.get(pk=fined), -5, ledger.Reason.FINE, note="late")
    buy_first_legal(draft, boss)
    assert fresh(draft).market["budgets"][str(fined)] == 10


def test_a_finish_before_the_team_is_complete_is_refused_in_the_markets_words(draft, boss):
    team = draft.season.teams.get(pk=on_the_clock(draft))
    with pytest.raises(DraftError) as refused:
        move_make(draft.pk, team_id=team.pk, by=boss, kind=DraftPick.Kind.FINISH)
    assert refused.value.messages == [f"{team.name}'s team is not complete (5 field players and 1 goalkeeper)"]


def test_the_markets_refusals_name_teams_and_cards_by_name_and_keep_their_figures(draft):
    team = draft.season.teams.get(pk=draft.order[0])
    card = Player.objects.filter(league=draft.season.league).order_by("pk").first()
    refusal = f"{team.pk} cannot buy '{card.pk}' (price 3 BC, 2 BC left, and the team must stay completable)"
    assert _named(refusal, draft) == (
        f"{team.name} cannot buy {card.name} (price 3 BC, 2 BC left, and the team must stay completable)"
    )
    assert _named(f"it is {team.pk}'s turn, not 999's", draft) == f"it is {team.name}'s turn, not 999's"
    unknown = Player.objects.order_by("pk").last().pk + 1000  # no card of the league: kept as written
    assert _named(f"card '{unknown}' is not on display", draft) == f"card '{unknown}' is not on display"


def test_an_undo_replays_the_moves_left_with_the_coins_in_the_ledger(draft, boss):
    fined = draft.season.teams.get(pk=draft.order[1])
    ledger.post_one(draft.season, fined, -5, ledger.Reason.FINE, note="late")
    buy_first_legal(draft, boss)
    buy_first_legal(draft, boss)
    move_make(draft.pk, team_id=on_the_clock(fresh(draft)), by=boss, kind=DraftPick.Kind.CHECK)
    kept = fresh(draft).market
    buy_first_legal(draft, boss)
    pick_undo_last(draft.pk, by=boss)
    assert fresh(draft).market == kept


def test_a_team_whose_kept_cards_fill_its_squad_has_finished_before_the_first_move(draft):
    season, alpha = draft.season, draft.season.teams.get(name="Alpha")
    Draft.objects.filter(pk=draft.pk).delete()
    cards = Player.objects.filter(league=season.league).order_by("price", "pk")
    kept = [cards.filter(role="goalkeeper")[0], *cards.filter(role="field")[: market_rules(draft).MAX_SQUAD - 1]]
    SquadMember.objects.bulk_create(SquadMember(season=season, team=alpha, player=p, price=p.price) for p in kept)
    started = draft_start(draft_create(season, format=Draft.Format.MARKET).pk)
    assert started.market["finished"] == [str(alpha.pk)]
    assert on_the_clock(started) != alpha.pk


def test_a_market_whose_kept_cards_fill_every_squad_is_over_at_its_start(draft):
    season = draft.season
    Draft.objects.filter(pk=draft.pk).delete()
    cards = list(Player.objects.filter(league=season.league).order_by("price", "pk"))
    keepers = [c for c in cards if c.role == "goalkeeper"]
    field = [c for c in cards if c.role == "field"]
    size = market_rules(draft).MAX_SQUAD - 1
    for number, team in enumerate(season.teams.order_by("pk")):
        kept = [keepers[number], *field[number * size : (number + 1) * size]]
        SquadMember.objects.bulk_create(SquadMember(season=season, team=team, player=p, price=p.price) for p in kept)
    started = draft_start(draft_create(season, format=Draft.Format.MARKET).pk)
    assert started.state == Draft.State.DONE
    assert sorted(started.market["finished"]) == sorted(str(pk) for pk in season.teams.values_list("pk", flat=True))
    assert (started.deadline, started.clock_token) == (None, "")
    assert Entry.objects.get(action="draft.started", object_id=started.pk).after["state"] == Draft.State.DONE


def test_the_market_opens_with_the_coins_in_the_ledger(draft):
    season, beta = draft.season, draft.season.teams.get(name="Beta")
    Draft.objects.filter(pk=draft.pk).delete()
    ledger.open_accounts(season, [beta.pk])
    ledger.post_one(season, beta, -5, ledger.Reason.FINE, note="before the draft")
    started = draft_start(draft_create(season, format=Draft.Format.MARKET).pk)
    assert started.market["budgets"][str(beta.pk)] == 10
