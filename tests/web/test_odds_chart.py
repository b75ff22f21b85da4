"""The odds chart's geometry (``web.charts.odds_chart``): a plain function, no database."""

from web.charts import LEGEND_STEP, ODDS_LEFT, ODDS_PLOT_HEIGHT, PALETTE, RIGHT, TOP, WIDTH, odds_chart


def points(line) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in line.points.split()]


def test_a_chart_needs_two_rounds():
    assert odds_chart([], {}) is None
    assert odds_chart([3], {1: ("Alpha", [0.5])}) is None
    assert odds_chart([0, 1], {1: ("Alpha", [0.5, 0.6])}) is not None


def test_the_points_map_rounds_to_x_and_chances_to_y():
    chart = odds_chart([0, 1, 4], {7: ("Beta", [0.25, None, 1.0]), 3: ("Alpha", [0.0, 0.5, 0.0])})
    assert [line.team for line in chart.lines] == ["Alpha", "Beta"]  # by name, as the positions chart
    right, bottom = WIDTH - RIGHT, TOP + ODDS_PLOT_HEIGHT
    assert chart.bottom == bottom and chart.right == right
    alpha, beta = chart.lines
    quarter = (right - ODDS_LEFT) / 4  # x is the round number: round 1 a quarter of the way to round 4
    assert points(alpha) == [(ODDS_LEFT, bottom), (round(ODDS_LEFT + quarter, 1), bottom - ODDS_PLOT_HEIGHT / 2),
                             (right, bottom)]  # fmt: skip
    assert points(beta) == [(ODDS_LEFT, bottom - ODDS_PLOT_HEIGHT / 4), (right, TOP)]  # no point where no odds
    assert beta.percents == (25.0, None, 100.0) and alpha.colour == PALETTE[0] and beta.colour == PALETTE[1]
    assert [tick.value for tick in chart.percent_ticks] == ["0%", "25%", "50%", "75%", "100%"]
    assert [tick.at for tick in chart.percent_ticks] == [bottom, bottom - 60, bottom - 120, bottom - 180, TOP]
    assert [tick.value for tick in chart.round_ticks] == [0, 1, 4]


def test_the_legend_names_every_team_and_makes_room_for_many():
    teams = {t: (f"Team {t:02}", [0.0, 1 / 14]) for t in range(14)}
    chart = odds_chart([1, 2], teams)
    assert [line.legend_y for line in chart.lines] == [TOP + LEGEND_STEP * i for i in range(14)]
    assert chart.height >= chart.lines[-1].legend_y + LEGEND_STEP
    assert [line.dashed for line in chart.lines] == [False] * 12 + [True] * 2  # the palette's colours reused, dashed
