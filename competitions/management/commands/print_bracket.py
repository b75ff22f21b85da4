from django.core.management.base import BaseCommand, CommandError

from competitions.bracket_pdf import render_bracket
from rosters.management.commands._printing import add_output_argument, write_output
from rosters.pdfbase import page_size
from tournaments.models import Bracket


class Command(BaseCommand):
    help = "Write a season's knockout bracket as a one-page PDF, to print for the club room's wall."

    def add_arguments(self, parser):
        parser.add_argument("season_id", type=int)
        parser.add_argument("--page", default="A4", metavar="A4|Letter", help="paper size (default A4)")
        add_output_argument(parser)

    def handle(self, *args, season_id, page, output, **options):
        try:
            page_size(page)
        except ValueError as exc:
            raise CommandError(f"--page: {exc}") from None
        try:
            pdf = render_bracket(season_id, page=page)
        except Bracket.DoesNotExist:
            raise CommandError(f"season_id: season {season_id} has no bracket") from None
        where = write_output(pdf, output)
        if where:
            self.stdout.write(f"Wrote the bracket to {where} ({len(pdf.data):,} bytes).")
