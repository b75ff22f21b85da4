"""The admin's "Start a tournament" form: every format's options, grouped by the formats that
use them (``FIELDSETS``), so the page shows the chosen format's options only
(``admin/tournaments/start.js``); the work is ``competitions.start.tournament_start``."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from competitions.bracket import parse_rounds
from competitions.start import FORMATS, SQUADS
from leagues.models import League, Season

#: What each format does, shown under the format's choice.
FORMAT_HELP = {
    "knockout": _("One bracket, seeded; a defeat ends a team's tournament."),
    "double_elimination": _("Winners' and losers' brackets: a team is out after its second defeat."),
    "groups": _("Round robins in groups drawn from seeded pots; the top of each group go on to a knockout."),
    "swiss": _("Every round pairs teams on the same score; the most wins after the last round wins."),
    "league_playoffs": _("The season's round robin, then a knockout of the top teams of the table."),
}

#: (heading, formats that read its options or () for all, description, fields).
FIELDSETS = [
    (_("Season and format"), (), "", ["season", "format"]),
    (
        _("Squads"),
        (),
        _(
            "Every team needs a complete squad before round one. A cup after the league: copy each team's "
            "squad from the league's season, paid from the new season's budget like kept cards."
        ),
        ["squads", "squads_from"],
    ),
    (
        _("Knockout rounds"),
        ("knockout", "groups", "league_playoffs"),
        _("The single-elimination bracket, the knockout after the groups, or the play-offs."),
        ["third_place", "two_legged_rounds", "away_goals"],
    ),
    (_("Double elimination"), ("double_elimination",), "", ["bracket_reset"]),
    (_("Groups"), ("groups",), "", ["groups", "groups_by_hand", "advance"]),
    (_("Round robin"), ("groups", "league_playoffs"), "", ["double"]),
    (_("Swiss"), ("swiss",), "", ["rounds"]),
    (_("Play-offs"), ("league_playoffs",), "", ["top"]),
    (_("Tie-break"), (), "", ["tie_break"]),
]


def start_fieldsets() -> list[tuple[str, dict]]:
    """``FIELDSETS`` as Django admin's fieldsets: a fieldset used by some formats only carries
    the class ``formats`` and one ``format-KEY`` per format, which the page's script reads."""
    result = []
    for name, formats, description, fields in FIELDSETS:
        classes = ["formats", *(f"format-{key}" for key in formats)] if formats else []
        result.append((name, {"fields": fields, "classes": classes, "description": description}))
    return result


class SeasonNamed(forms.ModelChoiceField):
    """A season by its league's name and its own, as people tell seasons apart."""

    def label_from_instance(self, obj: Season) -> str:
        return f"{obj.league.name}: {obj.name}"


class StartForm(forms.Form):
    """Every format's options on one form; each format reads the ones it uses."""

    season = SeasonNamed(
        queryset=Season.objects.none(),
        help_text=_("Its teams play; its first kickoff and round interval set the dates."),
    )
    format = forms.ChoiceField(
        choices=FORMATS.items(),
        widget=forms.RadioSelect,
        help_text=_("Only the options the chosen format uses are shown below."),
    )
    squads = forms.ChoiceField(choices=SQUADS.items(), initial="keep", required=False, widget=forms.RadioSelect)
    squads_from = SeasonNamed(
        queryset=Season.objects.none(),
        required=False,
        label=_("Copy squads from"),
        help_text=_("A season of the same league (the league the cup follows); every team must have a squad there."),
    )
    third_place = forms.BooleanField(required=False, help_text=_("Play a match for third place."))
    two_legged_rounds = forms.CharField(
        required=False,
        help_text=_(
            "Rounds played home and away, e.g. 1, 2 (the last round's number: the final and the third-place match too)."
        ),
    )
    away_goals = forms.BooleanField(required=False, help_text=_("Two-legged ties: away goals count double when level."))
    bracket_reset = forms.BooleanField(
        required=False, help_text=_("A second grand final when the losers' champion wins the first.")
    )
    groups = forms.IntegerField(initial=2, min_value=2, help_text=_("How many groups to draw from seeded pots."))
    groups_by_hand = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        help_text=_(
            "Instead of seeded pots: one group per line, its teams by name or id, e.g. "
            "'A: Ashford Rovers, Bellbrook Athletic, Castlegate United'."
        ),
    )
    advance = forms.IntegerField(initial=2, min_value=1, help_text=_("How many of each group go through."))
    double = forms.BooleanField(required=False, help_text=_("Each pair plays home and away."))
    rounds = forms.IntegerField(required=False, min_value=1, help_text=_("Empty: enough rounds for one winner."))
    top = forms.IntegerField(initial=4, min_value=2, help_text=_("How many teams of the table go through."))
    tie_break = forms.ChoiceField(
        required=False,
        choices=[
            ("", _("as the league's engine settings say")),
            ("sudden_death", _("sudden death")),
            ("penalties", _("penalties")),
        ],
        help_text=_("Fütti only: how a level knockout match is settled in this tournament, every stage of it."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        seasons = Season.objects.filter(league__in=League.objects.run_by(user)).select_related("league")
        self.fields["season"].queryset = seasons
        chosen = seasons.filter(pk=self.initial.get("season") or 0).first()
        # with the season known, only its league's other seasons can give squads
        self.fields["squads_from"].queryset = (
            seasons.filter(league=chosen.league).exclude(pk=chosen.pk) if chosen else seasons
        ).order_by("league__name", "-first_kickoff", "-id")
        self.format_help = [(key, FORMATS[key], text) for key, text in FORMAT_HELP.items()]

    def clean_groups_by_hand(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["groups_by_hand"].splitlines() if line.strip()]

    def clean_squads(self) -> str:
        return self.cleaned_data["squads"] or "keep"

    def clean_two_legged_rounds(self) -> list[int]:
        try:
            return parse_rounds(self.cleaned_data["two_legged_rounds"])
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("squads") == "copy" and not cleaned.get("squads_from"):
            self.add_error("squads_from", _("Choose the season to copy the squads from."))
        return cleaned
