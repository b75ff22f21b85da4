from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from leagues.errors import validation_message
from leagues.management.commands._common import get_season
from rosters.drafts.moves import run_autodraft
from rosters.drafts.room import squad_lines
from rosters.drafts.setup import draft_create
from rosters.models import Draft


class Command(BaseCommand):
    help = _("Run a season's whole draft with autopick for every team (creating a snake draft if it has none).")

    def add_arguments(self, parser):
        parser.add_argument("season_id")
        parser.add_argument("--format", choices=Draft.Format.values, default=Draft.Format.SNAKE)

    def handle(self, *args, season_id, format, **options):
        season = get_season(season_id)
        try:
            draft = Draft.objects.filter(season=season).first() or draft_create(season, format=format)
            draft = run_autodraft(draft.pk)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write(
            _("%(season)s: %(draft_picks_count)s moves, draft %(draft_get_state_display)s.")
            % {
                "season": season,
                "draft_picks_count": draft.picks.count(),
                "draft_get_state_display": draft.get_state_display(),
            }
        )
        for line in squad_lines(draft):
            self.stdout.write(line)
