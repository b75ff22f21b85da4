import json

from django.core.management.base import BaseCommand, CommandError

from competitions.parity import season_parity
from leagues.management.commands._common import get_season
from matches.services import MatchNotPlayable


class Command(BaseCommand):
    help = (
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
            raise CommandError(f"SEASON_ID: a pairing cannot be previewed: {exc}") from exc
        if parity is None:
            raise CommandError(f"SEASON_ID: {season} has no league pairings (a knockout, a Swiss or no fixtures)")
        if options["json"]:
            self.stdout.write(json.dumps({"season": season.id, **parity.to_dict()}))
            return
        self.stdout.write(f"{season}: {parity.pairings} pairings")
        for rank, team in enumerate(parity.teams, start=1):
            self.stdout.write(f"{rank:>3}  {team.name[:24]:<24} {team.points:5.2f} points a match  {team.value:>3} BC")
        self.stdout.write(f"spread {parity.spread:.2f} points a match, standard deviation {parity.deviation:.2f}")
