from datetime import timedelta

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.dateparse import parse_datetime, parse_duration
from django.utils.translation import gettext as _

from competitions.round_robin import fixtures_generate
from leagues.errors import validation_message
from leagues.management.commands._common import get_season


class Command(BaseCommand):
    help = _("Generate (or regenerate, before any match is played) a season's round-robin fixtures.")

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--start", help="first kickoff, ISO 8601 (e.g. 2026-12-01T19:00:00+00:00)")
        parser.add_argument("--interval", help="time between rounds, e.g. '7 00:00:00' or '01:00:00'")
        parser.add_argument("--single", action="store_true", help="one leg instead of home and away")

    def handle(self, *args, season_id, **options):
        season = get_season(season_id)
        start = interval = None
        if options["start"]:
            try:
                start = parse_datetime(options["start"])
            except ValueError:  # well formed but impossible: an offset of a day or more, 31 February
                start = None
            if start is None:
                raise CommandError(
                    _("--start: %(options_start)r is not a date and time (ISO 8601)")
                    % {"options_start": options["start"]}
                )
            if timezone.is_naive(start):
                start = timezone.make_aware(start)
        if options["interval"]:
            try:
                interval = parse_duration(options["interval"])
            except OverflowError:
                raise CommandError(
                    _("--interval: %(options_interval)r is too long") % {"options_interval": options["interval"]}
                ) from None
            if interval is None or interval <= timedelta(0):
                raise CommandError(
                    _("--interval: %(options_interval)r is not a positive duration")
                    % {"options_interval": options["interval"]}
                )
        double = False if options["single"] else None
        try:
            matches = fixtures_generate(season, first_kickoff=start, interval=interval, double=double)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        rounds = max(m.round for m in matches)
        self.stdout.write(
            _("%(count)s matches in %(rounds)s rounds for %(season)s")
            % {"count": len(matches), "rounds": rounds, "season": season}
        )
