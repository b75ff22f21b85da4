"""Leagues, their seasons and teams."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from engines import DEFAULT_ENGINE, ENGINE_LABELS, KNOWN_ENGINES, CardError, get_engine
from leagues.validation import check_json_fields, schedule_errors
from leagues.zones import default_time_zone, time_zone_check

ENGINE_CHOICES = list(ENGINE_LABELS.items())

#: The tie-breakers a league can put in order, and what each compares.
TIEBREAKERS = {
    "points": "points",
    "goal_difference": "goal difference",
    "goals_for": "goals scored",
    "head_to_head": "head-to-head (mini-table of the tied teams)",
    "wins": "matches won",
    "away_goals": "goals scored away",
    "fair_play": "fair play (fewer card points, by the league's card weights)",
    "lots": "drawing of lots",
}
DEFAULT_TIEBREAKERS = ["points", "goal_difference", "goals_for", "head_to_head", "lots"]

#: What each kind of booking costs a team in the fair-play count (fewer is better), per player
#: and match. FIFA's (its regulations count them as minus points): the default of a new league.
FAIR_PLAY_FIFA = {"yellow": 1, "second_yellow": 3, "direct_red": 4, "yellow_direct_red": 5}
#: The count before the weights were a setting, a yellow 1 and a red 3 (so a second yellow,
#: two yellows and a red, 5): the leagues that existed then keep it, so their tables stand.
FAIR_PLAY_BEFORE = {"yellow": 1, "second_yellow": 5, "direct_red": 3, "yellow_direct_red": 4}
FAIR_PLAY_FIELDS = {kind: f"fair_play_{kind}" for kind in FAIR_PLAY_FIFA}


class PlayMode(models.TextChoices):
    """How a match is played: by the worker's engine at kickoff, or for real at a table
    with the result entered from the scoresheet (see docs/table-results.md)."""

    SIMULATED = "simulated", "simulated by the worker at kickoff"
    TABLE = "table", "played at the table, result entered"


def default_tiebreakers() -> list[str]:
    return list(DEFAULT_TIEBREAKERS)


def new_seed() -> int:
    return secrets.randbelow(2**31)


class LeagueQuerySet(models.QuerySet):
    """Which leagues a person may run or look at: the admin scopes every page with these."""

    def run_by(self, user) -> LeagueQuerySet:
        """The leagues a user edits: all for a superuser, else those they are commissioner of."""
        if user.is_superuser:
            return self.all()
        return self.filter(commissioners=user).distinct()

    def visible_to(self, user) -> LeagueQuerySet:
        """The leagues a user sees: those they run, and those where they manage a team."""
        if user.is_superuser:
            return self.all()
        return self.filter(models.Q(commissioners=user) | models.Q(teams__manager=user)).distinct()


class ClaimsBy(models.TextChoices):
    """How a league settles two claims on one free agent."""

    WAIVER = "waiver", "waiver order (reverse of the table)"
    BIDS = "bids", "sealed bids (highest bid, ties by waiver order)"


class League(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(unique=True)
    engine = models.CharField(max_length=20, choices=ENGINE_CHOICES, default=DEFAULT_ENGINE)
    engine_settings = models.JSONField(
        default=dict, blank=True, help_text="Options passed to the engine (see the engine's README)."
    )
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    tiebreakers = models.JSONField(
        default=default_tiebreakers,
        help_text="Ordered list, from: " + ", ".join(TIEBREAKERS),
    )
    fair_play_yellow = models.PositiveSmallIntegerField(
        default=FAIR_PLAY_FIFA["yellow"],
        validators=[MaxValueValidator(99)],
        help_text="Fair-play points for a yellow card (FIFA: 1).",
    )
    fair_play_second_yellow = models.PositiveSmallIntegerField(
        default=FAIR_PLAY_FIFA["second_yellow"],
        validators=[MaxValueValidator(99)],
        help_text="For a second yellow, the sending-off included (FIFA: 3).",
    )
    fair_play_direct_red = models.PositiveSmallIntegerField(
        default=FAIR_PLAY_FIFA["direct_red"],
        validators=[MaxValueValidator(99)],
        help_text="For a direct red card (FIFA: 4).",
    )
    fair_play_yellow_direct_red = models.PositiveSmallIntegerField(
        default=FAIR_PLAY_FIFA["yellow_direct_red"],
        validators=[MaxValueValidator(99)],
        help_text="For a yellow and then a direct red to the same player in one match (FIFA: 5).",
    )
    budget = models.PositiveIntegerField(default=15, help_text="BootCoins each team may spend on its squad.")
    forfeit_goals_for = models.PositiveSmallIntegerField(
        default=3, help_text="Goals awarded to the side that did not forfeit."
    )
    forfeit_goals_against = models.PositiveSmallIntegerField(
        default=0, help_text="Goals awarded to the side that forfeited."
    )
    play_mode = models.CharField(
        max_length=10,
        choices=PlayMode.choices,
        default=PlayMode.SIMULATED,
        help_text="How matches are played unless a match says otherwise.",
    )
    keepers_max = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(99)],
        help_text="How many cards of its squad a team may keep into the next season (0: none).",
    )
    keeper_price = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="BootCoins a kept card costs from the new budget; empty: the card's own price again.",
    )
    carry_over_cap = models.PositiveIntegerField(
        default=0,
        help_text="Unspent BootCoins a team carries into the next season, at most (0: everyone starts "
        "from the budget).",
    )
    release_refund_percent = models.PositiveSmallIntegerField(
        default=50,
        validators=[MaxValueValidator(100)],
        help_text="Share of a released card's price paid back to its team, in percent, rounded down (50: half).",
    )
    claims_by = models.CharField(
        max_length=10,
        choices=ClaimsBy.choices,
        default=ClaimsBy.WAIVER,
        help_text="How competing claims on a free agent are settled at a transfer window's claims deadline.",
    )
    trades_need_approval = models.BooleanField(
        default=False, help_text="A trade both managers accepted waits for a commissioner's approval."
    )
    trade_veto_hours = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(24 * 14)],
        help_text="Without approval: hours an accepted trade waits, during which a commissioner may veto it "
        "(0: it goes through at once).",
    )
    suspension_matches = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(99)],
        help_text="Matches of the same competition a player sent off misses (0: none). Fütti and Mutant Soccer "
        'play a side short; in "11", Calciotto and the Flexdeck a player out means the team forfeits.',
    )
    yellow_cards_ban = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(99)],
        help_text="Every this many yellow cards in a season give a one-match ban (0: off).",
    )
    injury_matches = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(99)],
        help_text="Matches a player misses after a serious injury, where the game's engine reports one (0: none).",
    )
    time_zone = models.CharField(
        max_length=64,
        default=default_time_zone,
        validators=[time_zone_check],
        help_text="Kickoffs and deadlines are entered and shown in this zone (an IANA name, such as Europe/Berlin) "
        "and stored in UTC.",
    )
    commissioners = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="leagues_run")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = LeagueQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        check_json_fields(self)
        errors = {}
        if not (self.points_win >= self.points_draw >= self.points_loss):
            errors["points_draw"] = "Points must satisfy win >= draw >= loss."
        if self.forfeit_goals_for <= self.forfeit_goals_against:
            errors["forfeit_goals_for"] = errors["forfeit_goals_against"] = (
                f"A forfeit gives the side that did not forfeit more goals (forfeit_goals_for, "
                f"{self.forfeit_goals_for}) than the side that forfeited (forfeit_goals_against, "
                f"{self.forfeit_goals_against}), else the forfeiting side would win."
            )
        if problem := self._engine_change_problem():
            errors["engine"] = problem
        if not isinstance(self.tiebreakers, list) or not all(isinstance(t, str) for t in self.tiebreakers):
            errors["tiebreakers"] = "Give a list of tie-breaker names."
        else:
            unknown = [t for t in self.tiebreakers if t not in TIEBREAKERS]
            if unknown:
                errors["tiebreakers"] = (
                    f"Unknown tie-breaker {', '.join(unknown)}; choose from {', '.join(TIEBREAKERS)}."
                )
            elif len(set(self.tiebreakers)) != len(self.tiebreakers):
                errors["tiebreakers"] = "Each tie-breaker may appear only once."
        if not isinstance(self.engine_settings, dict):
            errors["engine_settings"] = "Give a JSON object."
        elif "engine" not in errors and self.engine in KNOWN_ENGINES:
            try:
                get_engine(self.engine).validate_settings(self.engine_settings)
            except CardError as exc:
                errors["engine_settings"] = str(exc)
        if errors:
            raise ValidationError(errors)

    def _engine_change_problem(self) -> str:
        """Why the game may not change: its cards, squads and results are the old game's, so
        every later match would fail. Empty when the engine is unchanged or nothing depends on it."""
        if self.pk is None:
            return ""
        stored = League.objects.filter(pk=self.pk).values_list("engine", flat=True).first()
        if stored is None or stored == self.engine:
            return ""
        seasons = Season.objects.filter(league=self)
        depends = [
            ("player cards", self.players.exists()),
            ("squads", seasons.filter(squad_members__isnull=False).exists()),
            ("results", seasons.filter(matches__status__in=("played", "forfeited")).exists()),
        ]
        held = [name for name, present in depends if present]
        if not held:
            return ""
        return (
            f"The game cannot change from {stored} to {self.engine}: the league has {', '.join(held)} "
            "of its game. Start a new league for another game."
        )

    @property
    def fair_play_weights(self) -> dict[str, int]:
        """The league's card weights by kind: ``yellow``, ``second_yellow``, ``direct_red``, ``yellow_direct_red``."""
        return {kind: getattr(self, name) for kind, name in FAIR_PLAY_FIELDS.items()}

    def fair_play_use(self, weights: dict[str, int]) -> None:
        """Set the card weights (a preset such as ``FAIR_PLAY_FIFA``) and save them; the save
        tells the cached tables of the league's seasons to be made again."""
        for kind, name in FAIR_PLAY_FIELDS.items():
            setattr(self, name, weights[kind])
        self.save(update_fields=list(FAIR_PLAY_FIELDS.values()))

    @property
    def squad_rules(self):
        """What a squad must hold in this league: the engine's rules under the league's settings."""
        return get_engine(self.engine).squad_rules_for(self.engine_settings or {})

    def is_commissioner(self, user) -> bool:
        return user.is_superuser or self.commissioners.filter(pk=user.pk).exists()


class Team(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=100)
    short_name = models.CharField(max_length=12, blank=True)
    manager = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="teams_managed"
    )
    #: Deprecated: tactics are a team's in a season (``SeasonTeam.tactics``, copied there by
    #: ``leagues/0008``); nothing reads this column any more. It stays one release, so a
    #: rollback finds it; a later migration drops it.
    tactics = models.JSONField(
        default=dict,
        blank=True,
        help_text=(
            "The team's orders to its computer coach, given to the engine as the team sheet's lineup: "
            'e.g. {"coach": "planner", "style": "attacking"} in "11", {"style": "reckless"} in Mutant Soccer, '
            '{"attackers": [id, id], "defenders": [id, id], "goalkeeper": id} in Fütti. Empty: the league\'s coach.'
        ),
    )

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="team_name_unique_in_league")]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        check_json_fields(self)


class Division(models.Model):
    """A tier of a league: in each season its teams play their own round robin and table,
    and the table sends teams up to the tier above and down to the tier below at the rollover
    (``competitions.rollover``). A league without divisions is one division, implicitly."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(max_length=100)
    tier = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(99)], help_text="1 is the top division."
    )
    promoted = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(99)], help_text="How many at the top go up to the tier above."
    )
    relegated = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(99)], help_text="How many at the bottom go down to the tier below."
    )
    promotion_playoff = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(32)],
        help_text="How many teams placed after the promoted play a knockout (the play-off format) for one more "
        "place in the tier above; 0: no promotion play-off.",
    )
    relegation_playoff = models.BooleanField(
        default=False,
        help_text="The team placed just above the relegated defends its place in the promotion play-off of the "
        "tier below (and goes down unless it wins it).",
    )

    class Meta:
        ordering = ["league", "tier"]
        constraints = [
            models.UniqueConstraint(fields=["league", "tier"], name="division_tier_unique_in_league"),
            models.UniqueConstraint(fields=["league", "name"], name="division_name_unique_in_league"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (tier {self.tier})"


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=100)
    teams = models.ManyToManyField(Team, blank=True, related_name="seasons", through="SeasonTeam")
    previous = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="next_season",
        help_text="The season this one was rolled over from (a season rolls over once).",
    )
    closed_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="Closed by the commissioner with matches left unplayed."
    )
    closed_note = models.TextField(blank=True, editable=False, help_text="The matches left unplayed when closed.")
    keepers_deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Managers choose the cards their teams keep into the next season until then.",
    )
    seed = models.BigIntegerField(
        default=new_seed, help_text="Seeds every match of the season and the drawing of lots."
    )
    double_round_robin = models.BooleanField(default=True, help_text="Play each pair home and away.")
    first_kickoff = models.DateTimeField(null=True, blank=True)
    round_interval = models.DurationField(
        null=True, blank=True, help_text="Time between rounds, e.g. '1 00:00:00' for a day."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    engine_settings = models.JSONField(
        default=dict,
        blank=True,
        help_text="Over the league's engine settings for this season's matches only, e.g. "
        '{"tie_break": "penalties"} for a Fütti cup; later stages of its tournament inherit them.',
    )
    standings_version = models.PositiveBigIntegerField(
        default=0,
        editable=False,
        help_text="Bumped after every change to what the season's table or page shows: the key of their cache.",
    )

    class Meta:
        ordering = ["league", "-created_at"]
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="season_name_unique_in_league")]

    def __str__(self) -> str:
        return f"{self.league} {self.name}"

    def save(self, *args, **kwargs) -> None:
        """Never write ``standings_version`` back: only ``standings_changed`` moves it, so saving
        a season read before a bump cannot return the version to one whose table is cached."""
        if self.pk is not None and not self._state.adding and not kwargs.get("force_insert"):
            fields = kwargs.get("update_fields")
            if fields is None:
                fields = [f.name for f in self._meta.concrete_fields if not f.primary_key]
            kwargs["update_fields"] = [name for name in fields if name != "standings_version"]
        super().save(*args, **kwargs)

    def clean(self) -> None:
        check_json_fields(self)
        errors = schedule_errors(self.first_kickoff, self.round_interval)
        if self.round_interval is not None and self.round_interval.total_seconds() <= 0:
            errors["round_interval"] = "The interval between rounds must be positive."
        if not isinstance(self.engine_settings, dict):
            errors["engine_settings"] = "Give a JSON object."
        elif self.league_id is not None and isinstance(self.league.engine_settings, dict):
            try:  # the league's with the season's over them, as the matches will read them
                get_engine(self.league.engine).validate_settings(self.match_settings)
            except CardError as exc:
                errors["engine_settings"] = str(exc)
        if errors:
            raise ValidationError(errors)

    @property
    def match_settings(self) -> dict:
        """The engine settings the season's matches are played with: the league's, with the
        season's own over them (a tournament's choice, such as Fütti's tie-break)."""
        return {**(self.league.engine_settings or {}), **(self.engine_settings or {})}


class SeasonTeam(models.Model):
    """A team's place in a season, its division there (none: the league's single division) and
    its tactics there. The table Django made for ``Season.teams``, with the division added, so
    a team plays in one division of a season; tactics are per season because a squad is: a
    team playing a league and a cup at once names different cards in each."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="season_entries")
    division = models.ForeignKey(
        Division, null=True, blank=True, on_delete=models.RESTRICT, related_name="season_teams"
    )
    tactics = models.JSONField(
        default=dict,
        blank=True,
        help_text=(
            "The team's orders to its computer coach in this season's matches, given to the engine as the "
            'team sheet\'s lineup: e.g. {"coach": "planner", "style": "attacking"} in "11", '
            '{"style": "reckless"} in Mutant Soccer, {"attackers": [id, id], "defenders": [id, id], '
            '"goalkeeper": id} in Fütti. Empty: the league\'s coach.'
        ),
    )

    class Meta:
        db_table = "leagues_season_teams"
        unique_together = [("season", "team")]  # the constraint Django made for the table
        verbose_name = "team's tactics in a season"
        verbose_name_plural = "tactics"

    def __str__(self) -> str:
        return f"{self.team} in {self.season}" + (f", {self.division.name}" if self.division is not None else "")

    def clean(self) -> None:
        check_json_fields(self)
        if not isinstance(self.tactics, dict):
            raise ValidationError({"tactics": 'Give a JSON object, e.g. {"coach": "planner"}.'})
        if self.division is not None and self.season_id and self.division.league_id != self.season.league_id:
            raise ValidationError({"division": "The division is not of this season's league."})
        if self.team_id and self.season_id and self.team.league_id != self.season.league_id:
            raise ValidationError({"team": "The team does not play in this season's league."})


class DivisionPlayoff(models.Model):
    """A division's promotion play-off in a season: a knockout (a season of its own, as the
    play-off format makes it) whose winner plays in the tier above next season."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="division_playoffs")
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="playoffs")
    knockout = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="division_playoff_of")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "division"], name="one_playoff_per_division_and_season")
        ]

    def __str__(self) -> str:
        return f"{self.season} {self.division.name} promotion play-off"


class PointsDeduction(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="deductions")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="deductions")
    points = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    reason = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"-{self.points} {self.team}: {self.reason}"

    def clean(self) -> None:
        if self.team_id and self.season_id and self.team.league_id != self.season.league_id:
            raise ValidationError({"team": "The team does not play in this season's league."})


class SeasonSummary(models.Model):
    """What the history pages read of a finished season (its division tables, record marks or
    player totals: ``kind``), worked out once and kept under ``key``, which names the season's
    ``standings_version``: a finished season's results rarely change, so a page on an empty
    cache (after a restart) reads these rows instead of every match again. A corrected result
    bumps the version, and the row is made again on the next read."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="summaries")
    kind = models.CharField(max_length=40)
    key = models.CharField(max_length=200)
    #: the summary as the cache keeps it (a pickle of plain dataclasses and tuples)
    data = models.BinaryField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "kind"], name="season_summary_one_per_kind")]

    def __str__(self) -> str:
        return f"{self.season_id}: {self.kind}"


class SeasonOdds(models.Model):
    """The season's odds (``competitions.odds``) as they stood after a round: the history the
    season page charts and ``/api/seasons/ID/odds/history/`` lists. The odds themselves live in
    the cache for the current state only; a row is kept per round so the rounds before stay."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="odds_history")
    round = models.PositiveSmallIntegerField(help_text="The last complete round (0: before any match).")
    computed_at = models.DateTimeField()
    completions = models.PositiveIntegerField()
    #: per team: ``team``, ``title``, ``expected_points``, and ``division``, ``promotion``,
    #: ``relegation``, ``playoffs`` where the season has them (as the odds give them)
    teams = models.JSONField(default=list)

    class Meta:
        ordering = ["season", "round"]
        verbose_name_plural = "season odds"
        constraints = [models.UniqueConstraint(fields=["season", "round"], name="season_odds_one_per_round")]

    def __str__(self) -> str:
        return f"{self.season_id}: odds after round {self.round}"
