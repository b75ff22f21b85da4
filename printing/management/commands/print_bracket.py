from django.core.management.base import BaseCommand, CommandError

from competitions.drawing import bracket_drawing
from printing.brackets import render_bracket
from printing.output import add_output_argument, write_output
from printing.pdf import page_size
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
            drawing = bracket_drawing(season_id)
        except Bracket.DoesNotExist:
            raise CommandError(f"season_id: season {season_id} has no bracket") from None
        pdf = render_bracket(drawing, page=page)
        where = write_output(pdf, output)
        if where:
            self.stdout.write(f"Wrote the bracket to {where} ({len(pdf.data):,} bytes).")
