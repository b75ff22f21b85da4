from django.core.management.base import BaseCommand, CommandError

from matches.models import Match
from printing.output import add_output_argument, write_output
from printing.scoresheets.render import render_scoresheet
from printing.scoresheets.selectors import scoresheet_for_match


class Command(BaseCommand):
    help = (
        "Write a match's scoresheet as PDF: filled in from the played match, or blank (--blank) "
        "with the teams and squads, for a match played at the table."
    )

    def add_arguments(self, parser):
        parser.add_argument("match_id", metavar="MATCH_ID", help="the match's id (see the admin or the fixtures)")
        parser.add_argument("--blank", action="store_true", help="the sheet to fill in at the table")
        add_output_argument(parser)

    def handle(self, *args, match_id, blank, output, **options):
        try:
            sheet = scoresheet_for_match(int(match_id), blank=blank)
        except (ValueError, Match.DoesNotExist) as exc:
            raise CommandError(f"MATCH_ID: no match with id {match_id!r}") from exc
        pdf = render_scoresheet(sheet)
        where = write_output(pdf, output)
        if not blank and not sheet.played:
            self.stderr.write(f"Match {match_id} is {sheet.status}, not played: wrote the blank sheet.")
        if where:
            self.stdout.write(f"Wrote {where} ({len(pdf.data):,} bytes).")
