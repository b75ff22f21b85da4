"""Why a card is refused, read from a board built by hand, and the pick as people count it
(found by mutation testing: the draft tests reach these through moves that stop at the first
refusal, so the boundaries and the other team's refusal went unpinned)."""

import pytest

from engines.core import SquadRules
from leagues.models import League, Season
from rosters.drafts.moves import move_make
from rosters.drafts.state import Board, DraftError, board_for, on_the_clock, pick_label, pick_refusal
from rosters.models import Draft, Player
from tests.rosters.conftest import give

RULES = SquadRules({"field": 1, "goalkeeper": 1}, reserves=1)


def player(name: str, role: str, price: int) -> Player:
    return Player(name=name, role=role, price=price)


def board(free: list[Player], squads: dict[int, list[Player]], coins: dict[int, int]) -> Board:
    return Board(RULES, sorted(free, key=lambda p: -p.price), squads, coins, paid={})


def test_a_card_gone_is_refused_by_name():
    taken = player("Taken", "field", 1)
    assert pick_refusal(board([], {1: []}, {1: 9}), 1, taken) == "Taken is no longer available"


def test_a_role_is_full_only_once_its_places_and_the_reserve_places_are_taken():
    keeper, spare = player("Keeper", "goalkeeper", 1), player("Spare", "goalkeeper", 1)
    free = [spare, player("Field", "field", 1), player("Field 2", "field", 1)]
    # the goalkeeper's place is taken, the reserve place is free: a second goalkeeper may come
    assert pick_refusal(board(free, {1: [keeper]}, {1: 9}), 1, spare) is None
    # both taken: refused, saying how many of the role a squad holds
    full = board(free, {1: [keeper, player("Striker", "field", 1), player("Reserve", "field", 1)]}, {1: 9})
    assert pick_refusal(full, 1, spare) == (
        "the squad has no place left for a goalkeeper (1 needed, no reserve places left)"
    )
    # a role the game's squads do not hold has no place but a reserve one
    coach = player("Coach", "coach", 1)
    assert pick_refusal(board([coach], full.squads, {1: 9}), 1, coach) == (
        "the squad has no place left for a coach (0 needed, no reserve places left)"
    )


def test_a_team_may_spend_its_last_coins_but_not_more():
    dear = player("Dear", "field", 4)
    free = [dear, player("Keeper", "goalkeeper", 0), player("Reserve", "field", 0)]
    assert pick_refusal(board(free, {1: []}, {1: 4}), 1, dear) is None
    assert pick_refusal(board(free, {1: []}, {1: 3}), 1, dear) == "Dear costs 4 BC and the team has 3 BC"


def test_a_card_that_leaves_the_teams_own_squad_unfinished_is_refused():
    dear = player("Dear", "field", 4)
    free = [dear, player("Keeper", "goalkeeper", 1), player("Reserve", "field", 0)]
    assert pick_refusal(board(free, {1: []}, {1: 4}), 1, dear) == (
        "after Dear the team could not complete its squad with the 0 BC left"
    )


def test_a_card_that_leaves_another_squad_unfinished_is_refused_with_that_reason():
    """Both teams still need a goalkeeper: the cheap one is the only one team 2 can pay for."""
    cheap, dear = player("Cheap", "goalkeeper", 1), player("Dear", "goalkeeper", 4)
    full_but_keeper = [player("Field", "field", 0), player("Reserve", "field", 0)]
    squads = {1: list(full_but_keeper), 2: list(full_but_keeper)}
    coins = {1: 9, 2: 1}
    assert pick_refusal(board([cheap, dear], squads, coins), 1, cheap) == (
        "Cheap would leave another team unable to complete its squad from the cards left"
    )
    assert pick_refusal(board([cheap, dear], squads, coins), 1, dear) is None


@pytest.mark.django_db
def test_the_pick_on_the_clock_is_counted_from_one_and_a_snake_says_of_how_many():
    league = League.objects.create(name="Draft League", engine="futti")
    season = Season.objects.create(league=league, name="2026")
    size = league.squad_rules.size
    snake = Draft(season=season, format=Draft.Format.SNAKE, order=[1, 2, 3], pick_number=4)
    assert pick_label(snake) == "not started"
    snake.state = Draft.State.RUNNING
    assert pick_label(snake) == f"pick 5 of {3 * size}"
    snake.state = Draft.State.PAUSED
    assert pick_label(snake) == f"pick 5 of {3 * size}"
    snake.state = Draft.State.DONE
    assert pick_label(snake) == "done after 4 moves"
    auction = Draft(season=season, format=Draft.Format.AUCTION, state=Draft.State.RUNNING, pick_number=4)
    assert pick_label(auction) == "pick 5"


@pytest.mark.django_db
def test_nobody_is_on_the_clock_before_the_start_and_after_the_end_a_paused_draft_keeps_its_turn():
    league = League.objects.create(name="Draft League", engine="futti")
    season = Season.objects.create(league=league, name="2026")
    draft = Draft(season=season, format=Draft.Format.SNAKE, order=[7, 8, 9], pick_number=4)
    assert on_the_clock(draft) is None
    draft.state = Draft.State.PAUSED
    # the fifth pick: the second round runs backwards, 9, 8, 7, so 8 is on the clock
    assert on_the_clock(draft) == 8
    draft.state = Draft.State.RUNNING
    draft.pick_number = 6
    assert on_the_clock(draft) == 7  # the third round runs forwards again
    draft.state = Draft.State.DONE
    assert on_the_clock(draft) is None


def test_the_next_team_in_the_order_with_a_place_left_nominates(season, pool):
    """An auction's nominator: from the team whose turn it is, on through the order (wrapping
    round), past the squads that are full."""
    teams = {team.name: team for team in season.teams.all()}
    order = [teams[name].pk for name in ("Alpha", "Beta", "Gamma", "Delta")]
    draft = Draft(season=season, format=Draft.Format.AUCTION, state=Draft.State.RUNNING, order=order)
    # Alpha's squad is full: six field players and two goalkeepers
    give(season, teams["Alpha"], "Card 00", "Card 04", *(f"Card {n:02d}" for n in (1, 2, 3, 5, 6, 7)))
    assert on_the_clock(draft) == teams["Beta"].pk
    draft.pick_number = 3  # Delta's turn, then round to Alpha (full) and on to Beta
    assert on_the_clock(draft) == teams["Delta"].pk
    draft.pick_number = 4
    assert on_the_clock(draft) == teams["Beta"].pk


def test_the_places_left_count_the_roles_and_the_reserve_places():
    striker = player("Striker", "field", 1)
    assert board([], {1: [], 2: [striker]}, {1: 9, 2: 9}).places_left() == {1: 3, 2: 2}


def test_a_refusal_names_the_part_of_the_request_it_is_about(draft, cast):
    """The API answers field by field: a move for another team is about the team."""
    cheap = Player.objects.filter(league=draft.season.league).order_by("price", "pk").first()
    with pytest.raises(DraftError) as refused:
        move_make(draft.pk, team_id=cast["beta"].pk, by=cast["carla"], player_id=cheap.pk)
    assert refused.value.field == "team"
    assert DraftError("paused").field is None


def test_the_board_holds_the_squad_of_a_team_outside_the_order(season, pool):
    """A team that joined the season after the order was set still has its cards taken."""
    teams = {team.name: team for team in season.teams.all()}
    draft = Draft(season=season, order=[teams["Alpha"].pk, teams["Beta"].pk])
    give(season, teams["Gamma"], "Card 01")
    board = board_for(draft)
    assert [p.name for p in board.squads[teams["Gamma"].pk]] == ["Card 01"]
    assert board.squads[teams["Alpha"].pk] == [] and "Card 01" not in [p.name for p in board.free]
