"""Player cards of a league's pool, and the squads drafted from them."""

from django.core.exceptions import ValidationError
from django.db import models

from engines import CardError, get_engine


class Player(models.Model):
    """A player card in a league's pool; ``attributes`` are validated by the league's engine."""

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=100)
    role = models.CharField(max_length=20)
    attributes = models.JSONField(help_text="The card's ratings for the league's game.")
    price = models.PositiveSmallIntegerField(default=0, help_text="BootCoins")
    external_id = models.CharField(max_length=50, blank=True, help_text="The card's id in its source pool.")

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
    price = models.PositiveSmallIntegerField(default=0, help_text="BootCoins paid")

    class Meta:
        ordering = ["team", "player__role", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="player_in_one_squad_per_season"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} at {self.team}"

    def clean(self) -> None:
        if self.team_id and self.season_id and self.team.league_id != self.season.league_id:
            raise ValidationError({"team": "The team does not play in this season's league."})
        if self.player_id and self.season_id and self.player.league_id != self.season.league_id:
            raise ValidationError({"player": "The player is not in this league's pool."})
