"""Setting a draft up: its format checked against the league's game and its first-round order."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.conf import settings
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from engines import ENGINES, get_engine
from leagues.models import Season
from rosters.drafts.state import DraftError, market_rules
from rosters.models import Draft


def draft_create(
    season: Season,
    *,
    format: str = Draft.Format.SNAKE,
    order_method: str = Draft.OrderMethod.RANDOM,
    seconds_per_pick: int = 90,
    order: Sequence[int] = (),
    previous_season: Season | None = None,
    autopick_by: str = Draft.AutopickBy.RATING,
) -> Draft:
    """A draft for the season, not started. The order is checked now and drawn again at the start."""
    draft = Draft(
        season=season,
        format=format,
        order_method=order_method,
        seconds_per_pick=seconds_per_pick,
        order=list(order),
        previous_season=previous_season,
        autopick_by=autopick_by,
    )
    draft.order = check_setup(draft)
    draft.save()
    return draft


def check_setup(draft: Draft) -> list[int]:
    """The draft's first-round order, once its format is checked against the league's game."""
    if draft.format == Draft.Format.MARKET and market_rules(draft) is None:
        markets = ", ".join(get_engine(key).name for key in ENGINES if get_engine(key).market is not None)
        raise DraftError(
            {
                "format": _("the market is the selection of %(markets)s; this league plays another game")
                % {"markets": markets}
            }
        )
    return draft_order_draw(draft)


def draft_order_draw(draft: Draft) -> list[int]:
    """Team ids in first-round order, by the draft's method.

    Random uses the season's seed, so the draw can be checked afterwards. The reverse
    table puts last season's bottom team first (of its bottom division, if it had divisions);
    teams that did not play last season go before all of them, in id order (they come in
    with nothing).
    """
    teams = sorted(draft.season.teams.values_list("id", flat=True))
    method = draft.order_method
    if method == Draft.OrderMethod.MANUAL:
        order = [int(t) for t in draft.order]
        if sorted(order) != teams:
            raise DraftError({"order": _("give every team of the season exactly once")})
        return order
    if method == Draft.OrderMethod.REVERSE_TABLE:
        if draft.previous_season is None:
            raise DraftError({"previous_season": _("choose the season whose table gives the order")})
        table = import_string(settings.DRAFT_TABLE_ORDER)(draft.previous_season)
        return [t for t in teams if t not in table] + [t for t in reversed(table) if t in teams]
    random.Random(draft.season.seed).shuffle(teams)
    return teams
