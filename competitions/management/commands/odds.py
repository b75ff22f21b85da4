import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.odds import DEFAULT_COMPLETIONS, NoTable, season_odds_compute
from leagues.management.commands._common import get_season
from matches.services import MatchNotPlayable


class Command(BaseCommand):
    help = _("Print a season's odds: every team's chance of every final place, the title and expected points.")

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument(
            "--completions",
            type=int,
            default=DEFAULT_COMPLETIONS,
            help=f"times the season is completed (default {DEFAULT_COMPLETIONS})",
        )
        parser.add_argument("--seed", type=int, default=None, help="seed of the completions (default: the season's)")
        parser.add_argument("--json", action="store_true", help="print the odds as JSON")

    def handle(self, *args, season_id, completions, seed, **options):
        season = get_season(season_id)
        if completions < 1:
            raise CommandError(
                _("--completions: %(completions)s is not a positive number") % {"completions": completions}
            )
        try:
            odds = season_odds_compute(season, completions=completions, seed=seed)
        except NoTable as exc:
            raise CommandError(_("SEASON_ID: %(exc)s") % {"exc": exc}) from exc
        except MatchNotPlayable as exc:
            raise CommandError(_("SEASON_ID: a remaining match cannot be previewed: %(exc)s") % {"exc": exc}) from exc
        if options["json"]:
            self.stdout.write(json.dumps(odds))
            return
        names = dict(season.teams.values_list("id", "name"))
        self.stdout.write(
            _("%(season)s: %(odds_completions)s completions")
            % {"season": season, "odds_completions": odds["completions"]}
        )
        self.stdout.write(
            _("%(team)s %(exp_pts)s %(title)s  Places 1..n")
            % {"team": format("Team", "<24"), "exp_pts": format("Exp pts", ">7"), "title": format("Title", ">7")}
        )
        for team in odds["teams"]:
            places = " ".join(f"{p:5.1%}" for p in team["positions"])
            line = f"{names[team['team']][:24]:<24} {team['expected_points']:7.1f} {team['title']:7.1%}  {places}"
            self.stdout.write(line)
