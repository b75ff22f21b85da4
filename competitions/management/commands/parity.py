import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.parity import season_parity
from leagues.management.commands._common import get_season
from matches.services import MatchNotPlayable


class Command(BaseCommand):
    help = _(
        "Print how strong each squad of a season is: the points it can expect a match against the rest of the "
        "league, from every pairing's preview (missing previews are played here), and the league's parity."
    )

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--json", action="store_true", help="print the strengths as JSON")

    def handle(self, *args, season_id, **options):
        season = get_season(season_id)
        try:
            parity = season_parity(season, request=False, play=True)
        except MatchNotPlayable as exc:
            raise CommandError(_("SEASON_ID: a pairing cannot be previewed: %(exc)s") % {"exc": exc}) from exc
        if parity is None:
            raise CommandError(
                _("SEASON_ID: %(season)s has no league pairings (a knockout, a Swiss or no fixtures)")
                % {"season": season}
            )
        if options["json"]:
            self.stdout.write(json.dumps({"season": season.id, **parity.to_dict()}))
            return
        self.stdout.write(
            _("%(season)s: %(parity_pairings)s pairings") % {"season": season, "parity_pairings": parity.pairings}
        )
        for rank, team in enumerate(parity.teams, start=1):
            self.stdout.write(
                _("%(rank)s  %(team_name_24)s %(team_points)s points a match  %(team_value)s BC")
                % {
                    "rank": format(rank, ">3"),
                    "team_name_24": format(team.name[:24], "<24"),
                    "team_points": format(team.points, "5.2f"),
                    "team_value": format(team.value, ">3"),
                }
            )
        self.stdout.write(
            _("spread %(parity_spread)s points a match, standard deviation %(parity_deviation)s")
            % {"parity_spread": format(parity.spread, ".2f"), "parity_deviation": format(parity.deviation, ".2f")}
        )
