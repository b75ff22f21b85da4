"""The Tactics pages: a team's orders to its computer coach in one season (``SeasonTeam``).

A team playing a league and a cup at once has a squad in each, so it has orders in each. The
page is a form built from the engine's tactics schema: choices (coach, style) are selects,
numbers are number boxes, and keys that name cards are selects of the team's cards of that
season, by name and role. The engine judges the orders with that squad when they are saved
(``matches.tactics``); its reason is the field's error, and what it accepts is confirmed
with what the orders cost (Mutant Soccer's extra tactical cards, charged to the ledger).

Who sees what: a league's commissioners every team's tactics; a manager only his own
team's (tactics are kept from opponents), which he may change, nothing else.
"""

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engines import Engine, get_engine
from leagues.admin import EngineSettingsAdmin, LeagueScopedAdmin, run_or_managed
from leagues.engine_forms import TACTICS, has_form, tactics_help
from leagues.models import SeasonTeam
from matches.tactics import season_tactics_set, tactics_judge, tactics_paid
from rosters import ledger
from rosters.models import SquadMember


def season_cards(entry: SeasonTeam) -> list[tuple[str, str]]:
    """The team's cards of the season, each as (id, "name (role)"), by name."""
    rows = SquadMember.objects.filter(season_id=entry.season_id, team_id=entry.team_id).order_by("player__name")
    return [
        (str(pk), f"{name} ({role})")
        for pk, name, role in rows.values_list("player_id", "player__name", "player__role")
    ]


@admin.register(SeasonTeam)
class TacticsAdmin(EngineSettingsAdmin, LeagueScopedAdmin):
    schema_box = TACTICS
    league_field = "season__league"

    list_display = ["team", "season", "division", "has_tactics"]
    list_filter = ["season__league", "season"]
    search_fields = ["team__name", "season__name"]
    fields = ["team", "season", "division", "tactics"]
    readonly_fields = ["team", "season", "division"]

    @admin.display(boolean=True, description=_("tactics set"))
    def has_tactics(self, obj: SeasonTeam) -> bool:
        return bool(obj.tactics)

    def get_queryset(self, request):
        queryset = admin.ModelAdmin.get_queryset(self, request).select_related("team", "season__league", "division")
        return queryset.filter(run_or_managed(request.user, "season__league", "team__manager"))

    def manages(self, request, obj) -> bool:
        return obj is not None and obj.team.manager_id == request.user.pk

    def has_add_permission(self, request):
        return False  # a season's teams are chosen on the season's page

    def has_delete_permission(self, request, obj=None):
        return False

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) or self.manages(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) or self.manages(request, obj)

    def settings_engine(self, obj) -> Engine | None:
        if obj is None:
            return None
        engine = get_engine(obj.season.league.engine)
        return engine if has_form(engine, TACTICS, with_cards=True) else None

    def schema_cards(self, obj) -> list[tuple[str, str]] | None:
        return season_cards(obj) if obj is not None else None

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)

        class JudgedTacticsForm(form):
            """The engine's judgement (and the ledger's, for what the orders buy) as the form's errors."""

            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                if obj is not None and "tactics" in self.fields:
                    names = ", ".join(f"{pk} {label}" for pk, label in season_cards(obj))
                    cards = (
                        gettext(" The cards of %(season)s by id: %(names)s.") % {"season": obj.season, "names": names}
                        if names
                        else ""
                    )

                    self.fields["tactics"].help_text = format_html(
                        "{}{}", tactics_help(get_engine(obj.season.league.engine)), cards
                    )

            def clean(self):
                data = super().clean()
                if obj is None or self.errors:
                    return data
                tactics = data.get("tactics") if "tactics" in self.fields else self.instance.tactics
                try:
                    _, due = tactics_judge(obj, tactics)
                    if due:
                        ledger.lock_teams([obj.team_id])  # held to the end of the admin's transaction
                        posting = ledger.Posting(obj.team_id, -due, ledger.Reason.TACTICAL_CARDS)
                        ledger.check_postings(obj.season, [posting])
                except ledger.InsufficientFunds as exc:
                    self.add_error(
                        "tactics",
                        gettext("The tactics buy %(due)s BC more: %(reason)s")
                        % {"due": due, "reason": exc.messages[0]},
                    )
                except ValidationError as exc:
                    for text in exc.message_dict.get("tactics", exc.messages):
                        self.add_error("tactics", text)
                except Exception as exc:  # noqa: BLE001 - whatever the engine makes of bad orders is the field's error
                    self.add_error("tactics", gettext("not understood: %(reason)s") % {"reason": exc})
                return data

        return JudgedTacticsForm

    def save_model(self, request, obj, form, change):
        paid_before = tactics_paid(obj)
        season_tactics_set(obj, obj.tactics, by=request.user)
        charged = tactics_paid(obj) - paid_before
        cost = (
            gettext("; %(charged)s BC charged to the ledger for what they buy") % {"charged": charged}
            if charged
            else ""
        )
        judged = (
            gettext("the league's coach decides")
            if not obj.tactics
            else gettext("the engine accepts them with the squad of %(season)s") % {"season": obj.season}
        )

        self.message_user(
            request,
            _("Tactics of %(team)s in %(season)s: %(judged)s%(cost)s.")
            % {"team": obj.team, "season": obj.season, "judged": judged, "cost": cost},
            messages.SUCCESS,
        )
