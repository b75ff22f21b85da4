"""Knockout brackets: a season whose matches are the ties of a bracket."""

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Bracket(models.Model):
    """A single-elimination bracket over a season's teams; its matches belong to that season."""

    season = models.OneToOneField("leagues.Season", on_delete=models.CASCADE, related_name="bracket")
    third_place = models.BooleanField(
        default=False, help_text=_("Play a match for third place between the losing semi-finalists.")
    )
    two_legged_rounds = models.JSONField(
        default=list,
        blank=True,
        help_text=_(
            "Round numbers played over two legs, e.g. [1, 2]; the last round's number makes the final "
            "and the third-place match two-legged."
        ),
    )
    away_goals = models.BooleanField(
        default=False, help_text=_("Two-legged ties: level on aggregate, the side with more away goals goes through.")
    )
    double_elimination = models.BooleanField(
        default=False, help_text=_("A losers' bracket: a team is out after its second defeat; a grand final.")
    )
    bracket_reset = models.BooleanField(
        default=False,
        help_text=_("Double elimination: if the losers' bracket winner wins the grand final, it is played again."),
    )
    rounds = models.PositiveSmallIntegerField(default=0, editable=False)
    drawn_at = models.DateTimeField(null=True, blank=True, editable=False)

    def __str__(self) -> str:
        return gettext("%(season)s knockout") % {"season": self.season}


class Entrant(models.Model):
    """A team's seed in the bracket (1 is the strongest)."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="entrants")
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="bracket_entries")
    seed = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["bracket", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "seed"], name="one_team_per_seed"),
            models.UniqueConstraint(fields=["bracket", "team"], name="one_seed_per_team"),
        ]

    def __str__(self) -> str:
        return f"{self.seed}. {self.team}"


class Tie(models.Model):
    """One place in the bracket: two teams (or a team and a bye), a match, a winner."""

    class Side(models.TextChoices):
        WINNERS = "W", _("winners' bracket")
        LOSERS = "L", _("losers' bracket")
        FINAL = "F", _("grand final")

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="ties")
    side = models.CharField(max_length=1, choices=Side.choices, default=Side.WINNERS)
    round = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField(help_text=_("Position in the round, from the top of the bracket."))
    third_place = models.BooleanField(default=False)
    home = models.ForeignKey("leagues.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    away = models.ForeignKey("leagues.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    home_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    away_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    bye = models.BooleanField(default=False, help_text=_("The home team goes through without a match."))
    first_leg = models.OneToOneField(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="first_leg_of",
        help_text=_("Two-legged ties: the first leg, at the lower seed's ground; ``match`` is the second leg."),
    )
    match = models.OneToOneField("matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="tie")
    decider = models.OneToOneField(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="decider_of",
        help_text=_("Two-legged ties still level after the second leg's own decider: one deciding match."),
    )
    winner = models.ForeignKey("leagues.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["bracket", "round", "third_place", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["bracket", "side", "round", "slot", "third_place"], name="one_tie_per_place_and_side"
            ),
        ]

    def __str__(self) -> str:
        """ "R2 Alpha v Beta", "R1 Alpha v bye", "R3 (3rd place) ...": the row of the bracket's
        admin page, in the reader's language."""
        values = {"round": self.round, "home": self.home or "?", "away": self.away or "?"}
        if self.third_place:
            text = (
                gettext("R%(round)s (3rd place) %(home)s v bye")
                if self.bye
                else gettext("R%(round)s (3rd place) %(home)s v %(away)s")
            )
        else:
            text = gettext("R%(round)s %(home)s v bye") if self.bye else gettext("R%(round)s %(home)s v %(away)s")
        return text % values

    @property
    def loser_id(self) -> int | None:
        if self.winner_id is None or self.bye:
            return None
        return self.away_id if self.winner_id == self.home_id else self.home_id


class GroupStage(models.Model):
    """A season's teams drawn into groups. Each group is a season of its own, so its
    round robin, table and tie-breakers are the league's, exactly, with no group filter
    to forget anywhere; the knockout after it is a further season with a Bracket."""

    season = models.OneToOneField("leagues.Season", on_delete=models.CASCADE, related_name="group_stage")
    group_count = models.PositiveSmallIntegerField()
    advance = models.PositiveSmallIntegerField(default=2, help_text=_("How many teams of each group go through."))
    third_place = models.BooleanField(
        default=False, help_text=_("The knockout after the groups plays for third place.")
    )
    two_legged_rounds = models.JSONField(
        default=list, blank=True, help_text=_("The knockout's rounds played over two legs, e.g. [1, 2].")
    )
    away_goals = models.BooleanField(default=False, help_text=_("The knockout's two-legged ties count away goals."))
    knockout = models.OneToOneField(
        "leagues.Season", null=True, blank=True, on_delete=models.SET_NULL, related_name="group_stage_of"
    )
    drawn_at = models.DateTimeField(null=True, blank=True, editable=False)

    def __str__(self) -> str:
        return gettext("%(season)s groups") % {"season": self.season}


class Group(models.Model):
    """One group of a group stage: a label and the season its round robin is played in."""

    stage = models.ForeignKey(GroupStage, on_delete=models.CASCADE, related_name="groups")
    label = models.CharField(max_length=2)
    season = models.OneToOneField("leagues.Season", on_delete=models.CASCADE, related_name="group")

    class Meta:
        ordering = ["stage", "label"]
        constraints = [models.UniqueConstraint(fields=["stage", "label"], name="one_group_per_label")]

    def __str__(self) -> str:
        return gettext("Group %(label)s") % {"label": self.label}


class Swiss(models.Model):
    """A Swiss tournament over a season's teams: a fixed number of rounds, each drawn from
    the table when the round before it is complete. Its matches are the season's."""

    season = models.OneToOneField("leagues.Season", on_delete=models.CASCADE, related_name="swiss")
    rounds = models.PositiveSmallIntegerField()
    ranking = models.JSONField(
        default=list, editable=False, help_text=_("Team ids, best first: the seeding that breaks the last ties.")
    )
    drawn_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name_plural = _("Swiss tournaments")

    def __str__(self) -> str:
        return gettext("%(season)s Swiss") % {"season": self.season}


class SwissBye(models.Model):
    """A round a team sat out (an odd number of teams): it scores as a win."""

    swiss = models.ForeignKey(Swiss, on_delete=models.CASCADE, related_name="byes")
    round = models.PositiveSmallIntegerField()
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["swiss", "round"]
        constraints = [models.UniqueConstraint(fields=["swiss", "round"], name="one_swiss_bye_per_round")]

    def __str__(self) -> str:
        return gettext("R%(round)s bye: %(team)s") % {"round": self.round, "team": self.team}


class Playoffs(models.Model):
    """League then play-offs: the season's round robin, then a knockout of its top teams,
    drawn by the worker that stores the season's last league result."""

    season = models.OneToOneField("leagues.Season", on_delete=models.CASCADE, related_name="playoffs")
    top = models.PositiveSmallIntegerField(default=4, help_text=_("How many teams of the final table go through."))
    third_place = models.BooleanField(default=False, help_text=_("The play-offs play for third place."))
    two_legged_rounds = models.JSONField(
        default=list, blank=True, help_text=_("The knockout's rounds played over two legs, e.g. [1, 2].")
    )
    away_goals = models.BooleanField(default=False, help_text=_("The knockout's two-legged ties count away goals."))
    knockout = models.OneToOneField(
        "leagues.Season", null=True, blank=True, on_delete=models.SET_NULL, related_name="playoffs_of"
    )

    class Meta:
        verbose_name_plural = _("play-offs")

    def __str__(self) -> str:
        return gettext("%(season)s play-offs (top %(top)s)") % {"season": self.season, "top": self.top}
