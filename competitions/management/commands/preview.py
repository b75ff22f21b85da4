import json

from django.core.management.base import BaseCommand, CommandError

from competitions.previews import PREVIEW_SAMPLES, match_preview
from matches.models import Match
from matches.services import MatchNotPlayable

#: What ``--json`` prints, exactly.
JSON_KEYS = ("home_win", "draw", "away_win", "expected_home_goals", "expected_away_goals", "samples")


class Command(BaseCommand):
    help = "Print a scheduled match's preview: win, draw and loss chances and expected goals (cached)."

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
            raise CommandError(f"MATCH_ID: no match with id {match_id!r}") from exc
        if samples < 1:
            raise CommandError(f"--samples: {samples} is not a positive number of matches")
        try:
            preview = match_preview(match, samples=samples).to_dict()
        except MatchNotPlayable as exc:
            raise CommandError(f"MATCH_ID: {exc}") from exc
        if options["json"]:
            self.stdout.write(json.dumps({"match": match.id, **{key: preview[key] for key in JSON_KEYS}}))
            return
        self.stdout.write(f"{match} ({preview['samples']} samples)")
        self.stdout.write(
            f"home win {preview['home_win']:.1%}  draw {preview['draw']:.1%}  away win {preview['away_win']:.1%}"
        )
        self.stdout.write(f"expected goals {preview['expected_home_goals']:.2f} - {preview['expected_away_goals']:.2f}")
        likely = ", ".join(f"{s['home']}-{s['away']} ({s['probability']:.1%})" for s in preview["likely_scores"])
        self.stdout.write(f"most likely scores: {likely}")
