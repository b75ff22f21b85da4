"""Cards kept from last season in every draft format: already in the squad (not in the pool),
paid through the ledger before the draft, and holding their places in the squad's limits.

A rollover (``competitions.rollover.keep_cards``) leaves a kept card as a squad place of the new
season and a *kept card* entry in its ledger; ``keep`` below does the same.
"""

import pytest

from engines.mutant import market as mutant_market
from leagues.models import Team
from rosters import ledger
from rosters.drafting import load_engine_pool
from rosters.drafts.moves import draft_start, move_make, run_autodraft
from rosters.drafts.room import room_state
from rosters.drafts.setup import draft_create
from rosters.drafts.state import DraftError, Kind, on_the_clock
from rosters.models import Draft, DraftPick, Player, SquadMember
from tests.conftest import make_league, make_season

pytestmark = pytest.mark.django_db


def keep(season, team, players):
    """What the rollover does with a team's kept cards: into the squad, paid from the budget."""
    ledger.open_accounts(season, [team.pk])
    SquadMember.objects.bulk_create(SquadMember(season=season, team=team, player=p, price=p.price) for p in players)
    ledger.post(season, [ledger.Posting(team.pk, -p.price, ledger.Reason.KEEPER, p, "kept") for p in players])


def auction(season):
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    return draft_create(season, format=Draft.Format.AUCTION, order_method=Draft.OrderMethod.MANUAL, order=order)


def squad(season, team):
    return list(SquadMember.objects.filter(season=season, team=team).select_related("player"))


def test_an_auction_runs_around_kept_cards_and_ends_when_every_squad_is_full(season, cast, pool):
    alpha = cast["alpha"]
    kept = [Player.objects.get(name="Card 00"), Player.objects.get(name="Card 01")]  # a goalkeeper and a field card
    keep(season, alpha, kept)
    draft = run_autodraft(auction(season).pk)
    size = season.league.squad_rules.size
    assert draft.state == Draft.State.DONE
    assert {t.pk: len(squad(season, t)) for t in season.teams.all()} == dict.fromkeys(
        season.teams.values_list("pk", flat=True), size
    )
    assert not DraftPick.objects.filter(draft=draft, player__in=kept).exists()  # never up for auction
    assert DraftPick.objects.filter(draft=draft, team=alpha).count() == size - 2
    assert draft.pick_number == 4 * size - 2
    lots = sum(DraftPick.objects.filter(draft=draft, team=alpha).values_list("price", flat=True))
    assert ledger.balance(season, alpha) == season.league.budget - sum(p.price for p in kept) - lots


def test_an_auctions_team_with_kept_cards_bids_with_what_it_has_left_for_fewer_places(season, cast, pool):
    alpha = cast["alpha"]
    kept = list(Player.objects.filter(price=1).order_by("pk")[:6])  # 6 of 8 places, 9 BC left
    keep(season, alpha, kept)
    draft = draft_start(auction(season).pk)
    assert on_the_clock(draft) == alpha.pk
    star = Player.objects.get(name="Card 33")  # a 4 BC field card
    # two places left and 9 BC: a bid must leave 1 BC for the last place, so 8 BC at most
    assert ledger.balance(season, alpha) == 9
    with pytest.raises(DraftError, match="would leave 0 BC for 1 places"):
        move_make(draft.pk, team_id=alpha.pk, by=cast["anna"], player_id=star.pk, amount=9)
    with pytest.raises(DraftError, match=f"{kept[0].name} is no longer available"):  # kept: not a lot
        move_make(draft.pk, team_id=alpha.pk, by=cast["anna"], player_id=kept[0].pk, amount=1)
    move_make(draft.pk, team_id=alpha.pk, by=cast["anna"], player_id=star.pk, amount=8)
    assert Draft.objects.get(pk=draft.pk).lot["bid"] == 8


@pytest.fixture
def mutants():
    league = make_league("Mutants", engine="mutant")
    load_engine_pool(league, "mutant", seed=1)
    return make_season(league, ["Alpha", "Beta", "Gamma"])


def complete_team(season):
    """A goalkeeper and five field cards of the pool, the cheapest: a whole Mutant team."""
    cards = Player.objects.filter(league=season.league).order_by("price", "pk")
    return [cards.filter(role="goalkeeper")[0], *cards.filter(role="field")[:5]]


def test_the_market_starts_each_squad_with_its_kept_cards_outside_the_pool(mutants):
    alpha = Team.objects.get(league=mutants.league, name="Alpha")
    kept = complete_team(mutants)[:2]
    keep(mutants, alpha, kept)
    draft = draft_start(draft_create(mutants, format=Draft.Format.MARKET).pk)
    ids = [str(p.pk) for p in kept]
    assert sorted(draft.market["squads"][str(alpha.pk)]) == sorted(ids)
    assert not set(ids) & set(draft.market["card_ids"])
    assert draft.market["budgets"][str(alpha.pk)] == ledger.balance(mutants, alpha)


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-12345-x")


def test_a_market_team_whose_kept_cards_make_a_team_may_finish_at_once(mutants, boss):
    alpha = Team.objects.get(league=mutants.league, name="Alpha")
    keep(mutants, alpha, complete_team(mutants))
    draft = draft_start(draft_create(mutants, format=Draft.Format.MARKET).pk)
    while on_the_clock(draft) != alpha.pk:  # the others pass until Alpha's turn
        move_make(draft.pk, team_id=on_the_clock(draft), kind=Kind.CHECK, by=boss)
        draft = Draft.objects.get(pk=draft.pk)
    move_make(draft.pk, team_id=alpha.pk, kind=Kind.FINISH, by=boss)
    assert str(alpha.pk) in Draft.objects.get(pk=draft.pk).market["finished"]


def test_a_whole_market_counts_kept_cards_in_the_squad_limit(mutants):
    alpha = Team.objects.get(league=mutants.league, name="Alpha")
    kept = complete_team(mutants)[:3]
    keep(mutants, alpha, kept)
    draft = run_autodraft(draft_create(mutants, format=Draft.Format.MARKET).pk)
    assert draft.state == Draft.State.DONE
    for team in mutants.teams.all():
        cards = [{"role": m.player.role} for m in squad(mutants, team)]
        assert mutant_market.is_complete(cards)
        assert len(cards) <= mutant_market.MAX_SQUAD
        assert len(draft.market["squads"][str(team.pk)]) == len(cards)  # the market's squad is the whole squad
        assert ledger.balance(mutants, team) >= 0
    assert not DraftPick.objects.filter(draft=draft, player__in=kept).exists()


def test_the_room_and_the_public_board_list_kept_cards_on_the_squad_with_their_cost(client, season, cast, pool):
    alpha = cast["alpha"]
    kept = [Player.objects.get(name="Card 00"), Player.objects.get(name="Card 33")]  # 1 BC and 4 BC
    keep(season, alpha, kept)
    draft = draft_start(auction(season).pk)
    room = room_state(draft, cast["bruno"])
    assert room["me"]["kept"] == 2 and room["me"]["kept_cost"] == 5
    assert sorted((c["name"], c["price"], c["kept"]) for c in room["me"]["squad"]) == [
        ("Card 00", 1, True),
        ("Card 33", 4, True),
    ]
    assert room["me"]["coins"] == 10
    beta = next(t for t in room["teams"] if t["id"] == cast["beta"].pk)
    assert (beta["kept"], beta["kept_cost"], beta["squad"]) == (0, 0, [])
    html = client.get(f"/seasons/{season.id}/draft/").content.decode()
    assert "10 BC left · 2 cards" in html
    assert "2 kept from last season for 5 BC" in html
    assert 'Card 33 <span class="meta">field · 4 BC · kept</span>' in html
