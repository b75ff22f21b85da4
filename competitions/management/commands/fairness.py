import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.fairness import Figures, figures, simulated_figures, stored_played, tactic_setting
from engines import KNOWN_ENGINES, get_engine


class Command(BaseCommand):
    help = _(
        "Print how fair a game is: home advantage, draws, goals, the dearer squad's wins, coach match-ups and "
        "how knockouts are settled, from the stored results of its leagues and from simulations (cached)."
    )

    def add_arguments(self, parser):
        parser.add_argument("engine", metavar="ENGINE", help=f"the game: {', '.join(KNOWN_ENGINES)}")
        parser.add_argument("--matches", type=int, help="simulated matches (default: the game's own number)")
        parser.add_argument("--json", action="store_true", help='print {"engine", "version", "stored", "simulated"}')

    def handle(self, *args, engine, matches, **options):
        if engine not in KNOWN_ENGINES:
            raise CommandError(
                _("ENGINE: %(engine)r is not a game; choose from %(join_known_engines)s")
                % {"engine": engine, "join_known_engines": ", ".join(KNOWN_ENGINES)}
            )
        if matches is not None and matches < 1:
            raise CommandError(_("--matches: %(matches)s is not a positive number of matches") % {"matches": matches})
        game = get_engine(engine)
        stored = figures(stored_played(engine), tactic_setting(game))
        simulated = simulated_figures(engine, matches)
        if options["json"]:
            data = {"engine": engine, "version": game.version, "stored": stored.to_dict()}
            self.stdout.write(json.dumps({**data, "simulated": simulated.to_dict()}))
            return
        self.stdout.write(
            _("%(game_name)s (engine %(game_version)s)") % {"game_name": game.name, "game_version": game.version}
        )
        for title, shown in (("Stored results", stored), ("Simulated", simulated)):
            self.stdout.write(
                _("\n%(title)s: %(shown_matches)s matches") % {"title": title, "shown_matches": shown.matches}
            )
            if shown.matches:
                self.stdout.write(summary(shown))


def summary(shown: Figures) -> str:
    lines = [
        f"  home win {shown.home_win:.1%}  draw {shown.draw:.1%}  away win {shown.away_win:.1%}",
        f"  goals per match {shown.home_goals:.2f} - {shown.away_goals:.2f}",
        "  total goals: " + ", ".join(f"{goals}: {share:.0%}" for goals, share in shown.goals),
    ]
    if shown.stronger_matches:
        lines.append(
            f"  the dearer squad won {shown.stronger_win:.1%}, the cheaper {shown.weaker_win:.1%}"
            f" ({shown.stronger_matches} matches)"
        )
    if shown.knockout_matches:
        how = ", ".join(f"{name.replace('_', ' ')} {share:.0%}" for name, share in shown.decided)
        lines.append(f"  knockout matches ({shown.knockout_matches}): {how}")
    for m in shown.matchups:
        lines.append(
            f"  {shown.tactic} {m.home} v {m.away}: {m.home_win:.0%} / {m.draw:.0%} / {m.away_win:.0%} ({m.matches})"
        )
    return "\n".join(lines)
