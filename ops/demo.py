"""A demo league that shows Bootroom end to end in one command."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from competitions.knockout import bracket_draw
from competitions.round_robin import fixtures_generate
from engines import DEFAULT_ENGINE, get_engine
from leagues.models import Division, League, Season, SeasonTeam, Team
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


def demo_season_create(
    *,
    engine: str = DEFAULT_ENGINE,
    teams: int = 8,
    seed: int = 1,
    double: bool = True,
    knockout: bool = False,
    third_place: bool = False,
    divisions: int = 1,
) -> Season:
    """A league with ``teams`` drafted squads and a round robin (or a knockout bracket)
    whose kickoffs are already due. With ``divisions`` of ``teams`` each (tier 1 the first
    teams), two go up and two down between tiers (``demo_divisions``)."""
    if not 2 <= teams <= len(TEAM_NAMES):
        raise ValueError(f"teams: {teams} is not between 2 and {len(TEAM_NAMES)}")
    if divisions < 1 or teams * divisions > len(TEAM_NAMES):
        raise ValueError(f"divisions: {divisions} of {teams} teams is not between 1 and {len(TEAM_NAMES)} teams")
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
        season.teams.set(Team.objects.create(league=league, name=name) for name in TEAM_NAMES[: teams * divisions])
        if divisions > 1:
            demo_divisions(season, divisions, teams)
        load_sample_pool(league, teams=teams * divisions, seed=seed)
        autodraft(season)
        rounds = (teams - 1 + teams % 2) * (2 if double else 1)
        interval = timedelta(hours=1)
        season.first_kickoff = timezone.now() - interval * (rounds + 1)
        season.round_interval = interval
        season.save(update_fields=["first_kickoff", "round_interval"])
        if knockout:
            bracket_draw(season, third_place=third_place)
        else:
            fixtures_generate(season)
    return season


#: Teams that go up and down between two tiers of the demo.
DEMO_MOVES = 2


def demo_divisions(season: Season, divisions: int, teams: int) -> None:
    """Tiers 1 to ``divisions`` of ``teams`` each, in the order the season's teams were made;
    ``DEMO_MOVES`` up and down between neighbours (fewer if a division is too small for them)."""
    moves = min(DEMO_MOVES, teams // 2)
    entries = list(SeasonTeam.objects.filter(season=season).order_by("team_id"))
    for tier in range(1, divisions + 1):
        division = Division.objects.create(
            league=season.league,
            name=f"Division {tier}",
            tier=tier,
            promoted=moves if tier > 1 else 0,
            relegated=moves if tier < divisions else 0,
        )
        chunk = [e.pk for e in entries[(tier - 1) * teams : tier * teams]]
        SeasonTeam.objects.filter(pk__in=chunk).update(division=division)
