import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from competitions.card_values import CARD_VALUE_SAMPLES, card_values_store
from engines import CardError
from rosters.drafts.state import on_the_clock
from rosters.drafts.values import fresh_values, value_rows
from rosters.models import Draft


class Command(BaseCommand):
    help = gettext(
        "Measure what each free card of a snake draft would add to a team's strength (the team on the clock by "
        "default): expected points a match over the cheapest card of its role, against the league's average "
        "squad, from the engine's simulations; stored for the draft room and the clock's autopick by value."
    )

    def add_arguments(self, parser):
        parser.add_argument("draft_id", metavar="DRAFT_ID")
        parser.add_argument("--team", type=int, help=gettext_lazy("the team's id (default: the team on the clock)"))
        parser.add_argument(
            "--samples",
            type=int,
            default=CARD_VALUE_SAMPLES,
            help=gettext_lazy("matches per figure (default %(samples)s)") % {"samples": CARD_VALUE_SAMPLES},
        )
        parser.add_argument("--json", action="store_true", help=gettext_lazy("print the values as JSON"))

    def handle(self, *args, draft_id, team, samples, **options):
        try:
            draft = Draft.objects.select_related("season__league").get(pk=int(draft_id))
        except (ValueError, Draft.DoesNotExist) as exc:
            raise CommandError(_("DRAFT_ID: no draft with id %(id)r") % {"id": draft_id}) from exc
        team_id = team or on_the_clock(draft)
        if draft.format != Draft.Format.SNAKE or team_id is None:
            raise CommandError(_("DRAFT_ID: card values are measured in a snake draft, while it runs or is paused"))
        if team_id not in draft.order:
            raise CommandError(_("--team: team %(id)s is not in the draft") % {"id": team_id})
        try:
            values = card_values_store(draft.pk, team_id, samples=samples)
        except (ValueError, CardError) as exc:
            raise CommandError(str(exc)) from exc
        if values is None:
            raise CommandError(_("DRAFT_ID: the draft is over"))
        rows = value_rows(fresh_values(draft, team_id))
        if options["json"]:
            body = {"draft": draft.pk, "team": team_id, "base": values.base, "samples": values.samples, "cards": rows}
            self.stdout.write(json.dumps(body))
            return
        self.stdout.write(
            _("The draft of %(season)s, team %(team)s: %(base).2f points a match now, %(samples)s matches each")
            % {"season": draft.season, "team": team_id, "base": values.base, "samples": values.samples}
        )
        for row in rows:
            self.stdout.write(
                f"{row['name'][:24]:<24} {row['price']:>3} BC  {row['gain']:+.2f} ± {row['stderr']:.2f}  "
                f"{row['per_coin']:.3f} EP/BC"
            )
