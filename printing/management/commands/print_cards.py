from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from engines import ENGINES
from leagues.models import Season, Team
from printing.cards.data import NothingToPrint
from printing.cards.render import render_cards
from printing.cards.selectors import card_set_for_pool, card_set_for_season, card_set_for_team
from printing.output import add_output_argument, add_page_argument, check_page, write_output, wrote_line


class Command(BaseCommand):
    help = gettext(  # type: ignore[assignment]  # lazy: worded when --help runs
        "Write player cards as PDF (63 x 88 mm, nine a page, crop marks): a team's squad, "
        "every squad of a season, or a game's whole generic pool."
    )

    def add_arguments(self, parser):
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument("--team", type=int, metavar="ID", help=gettext_lazy("a team's squad (its latest season)"))
        source.add_argument("--season", type=int, metavar="ID", help=gettext_lazy("every squad of a season"))
        source.add_argument(
            "--pool",
            metavar="ENGINE",
            help=gettext_lazy("a game's generic pool: %(engines)s") % {"engines": ", ".join(ENGINES)},
        )
        parser.add_argument("--seed", type=int, default=1, help=gettext_lazy("the pool's seed (names), with --pool"))
        add_page_argument(parser)
        parser.add_argument(
            "--bw", action="store_true", help=gettext_lazy("black and white: the away copy of a team's cards")
        )
        add_output_argument(parser)

    def handle(self, *args, team, season, pool, seed, page, bw, output, **options):
        check_page(page)
        try:
            if team is not None:
                cards = card_set_for_team(team)
            elif season is not None:
                cards = card_set_for_season(season)
            else:
                cards = card_set_for_pool(pool, seed)
        except Team.DoesNotExist:
            raise CommandError(_("--team: no team with id %(id)s") % {"id": team}) from None
        except Season.DoesNotExist:
            raise CommandError(_("--season: no season with id %(id)s") % {"id": season}) from None
        except KeyError:
            raise CommandError(
                _("--pool: %(pool)r is not a game; choose from %(engines)s")
                % {"pool": pool, "engines": ", ".join(ENGINES)}
            ) from None
        except NothingToPrint as exc:
            option = "--team" if team is not None else "--season"
            raise CommandError(f"{option}: {exc}") from None
        pdf = render_cards(cards, page=page, mono=bw)
        where = write_output(pdf, output)
        if where:
            count = len(cards.cards)
            text = ngettext(
                "Wrote %(count)s card to %(where)s (%(size)s bytes).",
                "Wrote %(count)s cards to %(where)s (%(size)s bytes).",
                count,
            )
            self.stdout.write(wrote_line(text, pdf, where, count=count))
