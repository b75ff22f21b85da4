import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.previews import PREVIEW_SAMPLES, match_preview
from matches.models import Match
from matches.services import MatchNotPlayable

#: What ``--json`` prints, exactly.
JSON_KEYS = ("home_win", "draw", "away_win", "expected_home_goals", "expected_away_goals", "samples")


class Command(BaseCommand):
    help = _("Print a scheduled match's preview: win, draw and loss chances and expected goals (cached).")

    def add_arguments(self, parser):
        parser.add_argument("match_id", metavar="MATCH_ID")
        parser.add_argument(
            "--samples", type=int, default=PREVIEW_SAMPLES, help=f"matches to play (default {PREVIEW_SAMPLES})"
        )
        parser.add_argument("--json", action="store_true", help="print the preview as JSON")

    def handle(self, *args, match_id, samples, **options):
        try:
            match = Match.objects.select_related("season__league", "home", "away").get(id=int(match_id))
        except (ValueError, Match.DoesNotExist) as exc:
            raise CommandError(_("MATCH_ID: no match with id %(match_id)r") % {"match_id": match_id}) from exc
        if samples < 1:
            raise CommandError(_("--samples: %(samples)s is not a positive number of matches") % {"samples": samples})
        try:
            preview = match_preview(match, samples=samples).to_dict()
        except MatchNotPlayable as exc:
            raise CommandError(_("MATCH_ID: %(exc)s") % {"exc": exc}) from exc
        if options["json"]:
            self.stdout.write(json.dumps({"match": match.id, **{key: preview[key] for key in JSON_KEYS}}))
            return
        self.stdout.write(
            _("%(match)s (%(preview_samples)s samples)") % {"match": match, "preview_samples": preview["samples"]}
        )
        self.stdout.write(
            _("home win %(preview_home_win)s  draw %(preview_draw)s  away win %(preview_away_win)s")
            % {
                "preview_home_win": format(preview["home_win"], ".1%"),
                "preview_draw": format(preview["draw"], ".1%"),
                "preview_away_win": format(preview["away_win"], ".1%"),
            }
        )
        self.stdout.write(
            _("expected goals %(preview_expected_home_goals)s - %(preview_expected_away_goals)s")
            % {
                "preview_expected_home_goals": format(preview["expected_home_goals"], ".2f"),
                "preview_expected_away_goals": format(preview["expected_away_goals"], ".2f"),
            }
        )
        likely = ", ".join(f"{s['home']}-{s['away']} ({s['probability']:.1%})" for s in preview["likely_scores"])
        self.stdout.write(_("most likely scores: %(likely)s") % {"likely": likely})
