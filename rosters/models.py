"""Player cards of a league's pool, and the squads drafted from them."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engines import CardError, get_engine
from leagues.zones import zone_time_text


class Player(models.Model):
    """A player card in a league's pool; ``attributes`` are validated by the league's engine."""

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=100)
    role = models.CharField(max_length=20)
    attributes = models.JSONField(help_text=_("The card's ratings for the league's game."))
    price = models.PositiveSmallIntegerField(default=0, help_text=_("BootCoins"))
    external_id = models.CharField(max_length=50, blank=True, help_text=_("The card's id in its source pool."))

    class Meta:
        ordering = ["name"]
        indexes = [models.Index(fields=["league", "role"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.role}, {self.price} BC)"

    def clean(self) -> None:
        if not self.league_id:
            return
        try:
            self.attributes = get_engine(self.league.engine).validate_card(self.attributes or {})
        except CardError as exc:
            raise ValidationError({"attributes": str(exc)}) from exc
        self.role = self.attributes.get("role", self.role)

    def card(self) -> dict:
        """The card as a team sheet entry for the engine."""
        return {**self.attributes, "id": str(self.pk), "name": self.name}


class SquadMember(models.Model):
    """A player in a team's squad for one season, and what the team paid for him."""

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="squad_members")
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="squad_members")
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="squad_memberships")
    price = models.PositiveSmallIntegerField(default=0, help_text=_("BootCoins paid"))

    class Meta:
        ordering = ["team", "player__role", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="player_in_one_squad_per_season"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} at {self.team}"

    def clean(self) -> None:
        if self.team_id and self.season_id and self.team.league_id != self.season.league_id:
            raise ValidationError({"team": _("The team does not play in this season's league.")})
        if self.player_id and self.season_id and self.player.league_id != self.season.league_id:
            raise ValidationError({"player": _("The player is not in this league's pool.")})


#: Ledger reasons that take BootCoins away (their amounts are <= 0); the others bring them in.
SPENDING_REASONS = [
    "draft_pick",
    "auction_win",
    "signing",
    "fine",
    "keeper",
    "tactical_cards",
    "waiver_claim",
    "trade_out",
]


class LedgerEntry(models.Model):
    """One movement of a team's BootCoins in a season; the balance is the sum of the entries.

    Entries are never edited or deleted: a correction is a new entry, so the ledger
    tells the whole story. Write them through ``rosters.ledger`` only, which locks the
    team's row and refuses an entry that would take the balance below zero.
    """

    class Reason(models.TextChoices):
        BUDGET = "budget", _("season budget")
        DRAFT_PICK = "draft_pick", _("draft pick")
        AUCTION_WIN = "auction_win", _("auction win")
        SIGNING = "signing", _("signing")
        RELEASE_REFUND = "release_refund", _("release refund")
        GRANT = "grant", _("commissioner grant")
        FINE = "fine", _("commissioner fine")
        PRIZE = "prize", _("prize money")
        KEEPER = "keeper", _("kept card")
        CARRY_OVER = "carry_over", _("coins carried over")
        TACTICAL_CARDS = "tactical_cards", _("extra tactical cards")
        WAIVER_CLAIM = "waiver_claim", _("waiver claim")
        TRADE_OUT = "trade_out", _("traded away")
        TRADE_IN = "trade_in", _("received in a trade")

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="ledger_entries")
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="ledger_entries")
    amount = models.IntegerField(help_text=_("BootCoins: negative when spent, positive when received."))
    reason = models.CharField(max_length=20, choices=Reason.choices)
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="ledger_entries",
        help_text=_("The card it paid for or refunded."),
    )
    note = models.CharField(
        max_length=200, blank=True, help_text=_("What it refers to, e.g. 'pick 12 of the 2026 draft'.")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "team", "id"]
        verbose_name_plural = _("ledger entries")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "team"], condition=models.Q(reason="budget"), name="one_budget_per_team_and_season"
            ),
            models.CheckConstraint(
                condition=models.Q(reason__in=SPENDING_REASONS, amount__lte=0)
                | (~models.Q(reason__in=SPENDING_REASONS) & models.Q(amount__gte=0)),
                name="ledger_amount_sign_follows_reason",
            ),
        ]
        indexes = [models.Index(fields=["season", "team"])]

    def __str__(self) -> str:
        return f"{self.team} {self.amount:+d} BC ({self.get_reason_display()})"


class Keeper(models.Model):
    """A card of a team's squad in ``season`` that the team keeps into the next season: chosen
    by its manager until the season's ``keepers_deadline``, paid from the new budget at the
    rollover (``competitions.rollover``)."""

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="keepers")
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="keepers")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="kept")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "team", "player__name"]
        constraints = [models.UniqueConstraint(fields=["season", "player"], name="card_kept_once_per_season")]

    def __str__(self) -> str:
        return f"{self.team} keeps {self.player.name}"

    def settled(self) -> str:
        """Why the season's keepers can no longer change ("" while they can): its deadline has
        passed, or it was rolled over and the kept cards were paid for."""
        season = self.season
        deadline = season.keepers_deadline
        if deadline is not None and timezone.now() > deadline:
            return _("Keepers of %(season)s were due by %(deadline)s.") % {
                "season": season,
                "deadline": zone_time_text(deadline, season.league.time_zone),
            }
        if hasattr(season, "next_season"):
            return _("%(season)s was rolled over already: its keepers are settled.") % {"season": season}
        return ""

    def clean(self) -> None:
        """A card of the team's squad in the season, within the league's number of keepers,
        chosen before the season's deadline and before the season is rolled over."""
        if not (self.season_id and self.team_id and self.player_id):
            return
        season, league = self.season, self.season.league
        if settled := self.settled():
            raise ValidationError({"season": settled})
        if not SquadMember.objects.filter(season=season, team_id=self.team_id, player_id=self.player_id).exists():
            raise ValidationError(
                {
                    "player": _("%(player_name)s is not in %(team)s's squad of %(season)s.")
                    % {"player_name": self.player.name, "team": self.team, "season": season}
                }
            )
        others = Keeper.objects.filter(season=season, team_id=self.team_id).exclude(pk=self.pk).count()
        if others + 1 > league.keepers_max:
            allowed = f"{league} lets a team keep {league.keepers_max} cards (keepers_max)"
            raise ValidationError(
                {
                    "player": _("%(allowed)s; %(team)s has %(others)s.")
                    % {"allowed": allowed, "team": self.team, "others": others}
                }
            )


class Draft(models.Model):
    """A season's draft: its format, the order of the teams, and the clock.

    The draft row is the lock every move takes (``select_for_update``), so moves are
    made one at a time in every format, and ``pick_number`` says which pick is on
    the clock: a request made for an older pick number is a double click or came
    too late, and is refused.
    """

    class Format(models.TextChoices):
        SNAKE = "snake", _("snake with prices")
        MARKET = "market", _("market (Mutant Soccer)")
        AUCTION = "auction", _("auction")

    class OrderMethod(models.TextChoices):
        RANDOM = "random", _("random (with the season's seed)")
        MANUAL = "manual", _("set by hand")
        REVERSE_TABLE = "reverse_table", _("reverse of last season's table")

    class State(models.TextChoices):
        SETUP = "setup", _("not started")
        RUNNING = "running", _("running")
        PAUSED = "paused", _("paused")
        DONE = "done", _("done")

    class AutopickBy(models.TextChoices):
        RATING = "rating", _("rating: the dearest card that keeps every squad completable")
        VALUE = "value", _("value: the most expected points per BootCoin")

    season = models.OneToOneField("leagues.Season", on_delete=models.CASCADE, related_name="draft")
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.SNAKE)
    order_method = models.CharField(max_length=20, choices=OrderMethod.choices, default=OrderMethod.RANDOM)
    order = models.JSONField(
        default=list, blank=True, help_text=_("Team ids in first-round order; drawn at the start unless set by hand.")
    )
    previous_season = models.ForeignKey(
        "leagues.Season",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("Whose final table gives the order (worst team first), for that order method."),
    )
    seconds_per_pick = models.PositiveIntegerField(default=90)
    state = models.CharField(max_length=10, choices=State.choices, default=State.SETUP)
    pick_number = models.PositiveIntegerField(default=0, help_text=_("The pick on the clock, from 0."))
    deadline = models.DateTimeField(null=True, blank=True)
    seconds_left = models.FloatField(null=True, blank=True, help_text=_("Time left on the clock while paused."))
    clock_token = models.CharField(max_length=32, blank=True, help_text=_("The clock task that may act now."))
    autopick_teams = models.ManyToManyField("leagues.Team", blank=True, related_name="+")
    autopick_by = models.CharField(
        max_length=10,
        choices=AutopickBy.choices,
        default=AutopickBy.RATING,
        help_text=_(
            "What the clock picks when a team's queue has nothing it may take (snake drafts): the dearest "
            "card that keeps every squad completable, or the card with the most expected points a match per "
            "BootCoin (its card value in the draft room, from the engine's simulations). Until a team's values "
            "are computed for its squad the clock picks by rating, and the board says so."
        ),
    )
    market = models.JSONField(
        null=True, blank=True, help_text=_("The market's display, pile and turn (market format).")
    )
    lot = models.JSONField(
        null=True, blank=True, help_text=_("The card up for auction, the highest bid and bidder (auction format).")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return gettext("%(season)s draft") % {"season": self.season}


class DraftPick(models.Model):
    """A move of a draft: a card bought, or in the market a check (pass) or a finish."""

    class Kind(models.TextChoices):
        PICK = "pick", _("pick")
        CHECK = "check", _("check (pass)")
        FINISH = "finish", _("finish")

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="picks")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PICK)
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="+")
    price = models.PositiveSmallIntegerField(default=0)
    auto = models.BooleanField(default=False, help_text=_("Made by the clock or autopick."))
    auto_by = models.CharField(
        max_length=10,
        blank=True,
        help_text=_("How the clock chose the card: queue, rating or value (blank for a manager's own move)."),
    )
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["draft", "number"]
        constraints = [
            models.UniqueConstraint(fields=["draft", "number"], name="one_move_per_pick_number"),
            models.UniqueConstraint(
                fields=["draft", "player"], condition=models.Q(player__isnull=False), name="card_drafted_once"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number + 1} {self.team}: {self.player.name if self.player else self.get_kind_display()}"


class QueuedCard(models.Model):
    """A card a manager wants next: the clock picks from the queue first when time runs out."""

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="queue")
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["draft", "team", "position", "id"]
        constraints = [models.UniqueConstraint(fields=["draft", "team", "player"], name="card_queued_once")]

    def __str__(self) -> str:
        return f"{self.team} wants {self.player}"


class CardValue(models.Model):
    """What a free card of a draft would add to a team's strength, measured for the squad the
    team had then (``squad``): written by ``competitions.card_values`` (the engine's simulations),
    read by the draft room and by the clock's autopick by value, which only trusts the rows of
    the team's current squad."""

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="card_values")
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    squad = models.TextField(help_text="The ids of the team's cards when measured, sorted and comma-separated.")
    strength = models.FloatField(help_text="Expected points a match with the card (the rest at replacement level).")
    gain = models.FloatField(help_text="Expected points a match the card adds over the cheapest card of its role.")
    stderr = models.FloatField(help_text="Standard error of the gain (paired simulations).")
    samples = models.PositiveIntegerField(help_text="Simulated matches behind each figure.")
    engine_version = models.CharField(max_length=20)
    computed_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["draft", "team", "player"], name="one_value_per_card_and_team")]

    def __str__(self) -> str:
        return f"{self.player} for {self.team}: {self.gain:+.2f} points a match"

    @property
    def per_coin(self) -> float:
        """The gain per BootCoin of the card's price (a free card counts as 1 BC)."""
        return self.gain / max(self.player.price, 1)


class TransferWindow(models.Model):
    """A time in a season when cards move: free agents are claimed until ``claims_deadline``
    (settled then by the league's ``claims_by``), signed first come first served after it, and
    released and traded until ``closes_at``. Outside every window of its season nothing moves."""

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="transfer_windows")
    opens_at = models.DateTimeField()
    claims_deadline = models.DateTimeField(help_text=_("Claims on free agents are settled at this time."))
    closes_at = models.DateTimeField()
    after_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("A mid-season window: the round it follows (empty: before the first match).")
    )
    claims_settled_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["season", "opens_at"]

    def __str__(self) -> str:
        return f"{self.season} window {self.opens_at:%Y-%m-%d}"

    def clean(self) -> None:
        times = (self.opens_at, self.claims_deadline, self.closes_at)
        if all(times) and not (self.opens_at <= self.claims_deadline <= self.closes_at):
            raise ValidationError(
                {
                    "claims_deadline": _(
                        "A window opens, then its claims are settled, then it closes (opens_at <= "
                        "claims_deadline <= closes_at)."
                    )
                }
            )


class Claim(models.Model):
    """A team's claim on a free agent in a window, settled at its claims deadline: the card and,
    when the squad is full, the card it lets go to make room; ``bid`` counts where the league
    settles claims by sealed bids (at least the card's price)."""

    class State(models.TextChoices):
        PENDING = "pending", _("Pending")
        WON = "won", _("Won")
        LOST = "lost", _("lost (the reason says why)")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    window = models.ForeignKey(TransferWindow, on_delete=models.CASCADE, related_name="claims")
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="claims")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    release = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text=_("A card of the squad released to make room, if the claim wins."),
    )
    bid = models.PositiveSmallIntegerField(default=0, help_text=_("BootCoins offered (sealed bids)."))
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    reason = models.CharField(max_length=300, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["window", "team", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["window", "team", "player"], condition=models.Q(state="pending"), name="one_pending_claim"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} claims {self.player.name}"


class Trade(models.Model):
    """A proposal of cards and BootCoins between two teams of a season: the receiving manager
    accepts or declines; the league may make it wait for a commissioner's approval or a veto
    period (``executes_at``); it executes under the teams' locks, or is refused with the reason."""

    class State(models.TextChoices):
        PROPOSED = "proposed", _("Proposed")
        ACCEPTED = "accepted", _("accepted (waiting for approval or the veto deadline)")
        EXECUTED = "executed", _("Executed")
        DECLINED = "declined", _("Declined")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        VETOED = "vetoed", _("Vetoed")
        REFUSED = "refused", _("refused (the reason says why)")

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="trades")
    proposer = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="trades_proposed")
    receiver = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="trades_received")
    coins_offered = models.PositiveSmallIntegerField(default=0, help_text=_("BootCoins the proposer pays."))
    coins_asked = models.PositiveSmallIntegerField(default=0, help_text=_("BootCoins the receiver pays."))
    state = models.CharField(max_length=10, choices=State.choices, default=State.PROPOSED)
    reason = models.CharField(max_length=300, blank=True)
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    executes_at = models.DateTimeField(null=True, blank=True, help_text=_("The end of the veto period."))
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "-created_at", "-id"]
        constraints = [models.CheckConstraint(condition=~Q(proposer=F("receiver")), name="trade_between_two_teams")]

    def __str__(self) -> str:
        return f"Trade {self.proposer} - {self.receiver} ({self.state})"


class TradeCard(models.Model):
    """A card a trade moves from ``from_team`` to the other side."""

    trade = models.ForeignKey(Trade, on_delete=models.CASCADE, related_name="cards")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    from_team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["trade", "id"]
        constraints = [models.UniqueConstraint(fields=["trade", "player"], name="card_once_in_a_trade")]

    def __str__(self) -> str:
        return f"{self.player.name} from {self.from_team}"
