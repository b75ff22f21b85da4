"""Invariants of any Fütti match, over generated squads and seeds, and the
fast paths checked against the plain ones."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engines import Dice, ScriptedDice, get_engine
from engines.futti.charts import DEFAULT_CHARTS
from engines.futti.match import Match

ENGINE = get_engine("futti")

rating = st.integers(1, 6)
field_card = st.fixed_dictionaries(
    {
        "role": st.just("field"),
        "offence": rating,
        "defence": rating,
        "sportsmanship": rating,
        "stars": st.integers(0, 3),
    }
)
keeper_card = st.fixed_dictionaries(
    {
        "role": st.just("goalkeeper"),
        "goaltending": st.tuples(rating, rating).map(lambda digits: digits[0] * 10 + digits[1]),
        "sportsmanship": rating,
    }
)
squad = st.tuples(st.lists(field_card, min_size=6, max_size=6), st.lists(keeper_card, min_size=2, max_size=2))


def _sheet(prefix: str, cards: tuple[list[dict], list[dict]]) -> dict:
    players = [{**card, "id": f"{prefix}{n}"} for n, card in enumerate([*cards[0], *cards[1]])]
    return {"name": prefix, "players": players}


@settings(max_examples=40, deadline=None)
@given(home=squad, away=squad, seed=st.integers(0, 2**32), winner_required=st.booleans())
def test_every_match_keeps_the_books_straight(home, away, seed, winner_required):
    result = ENGINE.simulate(
        _sheet("h", home), _sheet("a", away), seed=seed, options={"winner_required": winner_required}
    )
    goals = Counter(event.side for event in result.events if event.kind == "goal")
    assert (result.home_goals, result.away_goals) == (goals["home"], goals["away"])
    last = result.events[-1]
    assert last.kind == "full_time" and last.minute == max(event.minute for event in result.events)
    assert last.minute in (30, 35, 40) or (winner_required and last.minute > 40)
    if winner_required:
        assert result.winner is not None
    on_pitch_minutes = sum(stats["minutes"] for stats in result.player_stats.values())
    assert on_pitch_minutes <= 10 * last.minute
    for player_id, stats in result.player_stats.items():
        assert 0 <= stats["minutes"] <= last.minute
        assert stats["red_cards"] <= 1 and stats["yellow_cards"] <= 2
        side = "home" if player_id.startswith("h") else "away"
        assert stats["goals"] == sum(1 for e in result.events if e.kind == "goal" and e.player_id == player_id)
        assert all(e.side == side for e in result.events if e.player_id == player_id)


def test_match_rolls_draw_what_dice_roll_draws():
    home, away = ENGINE.prepare(ENGINE.sample_team(1), ENGINE.sample_team(2))
    match = Match(home, away, Dice(11), DEFAULT_CHARTS)
    plain = Dice(11)
    assert [match.d6() for _ in range(50)] == [plain.d6() for _ in range(50)]
    assert [match.d12() for _ in range(50)] == [plain.d12() for _ in range(50)]
    assert [match.next_pair() for _ in range(50)] == [plain.roll(36) - 1 for _ in range(50)]
    assert match.next_minute() == DEFAULT_CHARTS.minute_table()[plain.roll(15552) - 1]


def test_scripted_rolls_are_read_die_by_die():
    home, away = ENGINE.prepare(ENGINE.sample_team(1), ENGINE.sample_team(2))
    match = Match(home, away, ScriptedDice([6, 2, 3, 5, 1, 4, 4, 3, 7]), DEFAULT_CHARTS)
    assert (match.d6(), match.d12(), match.next_pair()) == (6, 2, 16)
    assert match.next_minute()[:5] == (DEFAULT_CHARTS.offence_slot[1], DEFAULT_CHARTS.defence_slot[4], 4, 3, 7)
    assert match.dice.remaining == []
