"""A demo league that shows Bootroom end to end in one command."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from competitions.knockout import draw_bracket
from competitions.round_robin import generate_fixtures
from engines import DEFAULT_ENGINE, get_engine
from leagues.models import League, Season, Team
from rosters.drafting import autodraft, load_sample_pool

TEAM_NAMES = [
    "Ashford Rovers",
    "Bellbrook Athletic",
    "Castlegate United",
    "Dunmore Wanderers",
    "Eastleigh Town",
    "Fenwick Albion",
    "Glenholm Celtic",
    "Harrowby City",
    "Ironbridge Rangers",
    "Juniper Park",
    "Kingsmere Forest",
    "Larkhill Villa",
    "Millbrook Harriers",
    "Northcote Swifts",
    "Oakvale Thistle",
    "Pembury Orient",
    "Queensbury Corinthians",
    "Redcliffe Dynamo",
    "Stonehaven Argyle",
    "Thornbury Hotspur",
]


def create_demo_season(
    *,
    engine: str = DEFAULT_ENGINE,
    teams: int = 8,
    seed: int = 1,
    double: bool = True,
    knockout: bool = False,
    third_place: bool = False,
) -> Season:
    """A league with ``teams`` drafted squads and a round robin (or a knockout bracket)
    whose kickoffs are already due."""
    if not 2 <= teams <= len(TEAM_NAMES):
        raise ValueError(f"teams: {teams} is not between 2 and {len(TEAM_NAMES)}")
    engine_name = get_engine(engine).name
    with transaction.atomic():
        base = slugify(f"demo-{engine}-{seed}")
        slug, n = base, 1
        while League.objects.filter(slug=slug).exists():
            n += 1
            slug = f"{base}-{n}"
        league = League.objects.create(
            name=f"{engine_name} Demo League {seed}" + (f" ({n})" if n > 1 else ""), slug=slug, engine=engine
        )
        season = Season.objects.create(
            league=league, name=str(timezone.now().year), seed=seed, double_round_robin=double
        )
        season.teams.set(Team.objects.create(league=league, name=name) for name in TEAM_NAMES[:teams])
        load_sample_pool(league, teams=teams, seed=seed)
        autodraft(season)
        rounds = (teams - 1 + teams % 2) * (2 if double else 1)
        interval = timedelta(hours=1)
        season.first_kickoff = timezone.now() - interval * (rounds + 1)
        season.round_interval = interval
        season.save(update_fields=["first_kickoff", "round_interval"])
        if knockout:
            draw_bracket(season, third_place=third_place)
        else:
            generate_fixtures(season)
    return season
