from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from web import account, embed, views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("me/", account.home, name="me"),
    path("account/notifications/", account.notifications, name="notifications"),
    # an invitation's one-time link (rosters.accounts.set_password_link): Django's password reset
    path(
        "account/set-password/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="web/set_password.html", success_url=reverse_lazy("web:password-set")
        ),
        name="set-password",
    ),
    path(
        "account/password-set/",
        auth_views.PasswordResetCompleteView.as_view(template_name="web/password_set.html"),
        name="password-set",
    ),
    path("leagues/<slug:slug>/", views.league, name="league"),
    path("leagues/<slug:slug>/fixtures.ics", views.league_calendar, name="league-calendar"),
    path("leagues/<slug:slug>/history/", views.league_history, name="history"),
    path("leagues/<slug:slug>/all-time/", views.all_time, name="all-time"),
    path("leagues/<slug:slug>/records/", views.records, name="records"),
    path("leagues/<slug:slug>/players/", views.all_time_players, name="all-time-players"),
    path("players/<int:player_id>/", views.player, name="player"),
    path("seasons/<int:season_id>/", views.season, name="season"),
    path("seasons/<int:season_id>/bracket/", views.bracket, name="bracket"),
    path("seasons/<int:season_id>/bracket.pdf", views.bracket_pdf, name="bracket-pdf"),
    path("seasons/<int:season_id>/summary.pdf", views.season_summary_pdf, name="season-summary-pdf"),
    path("seasons/<int:season_id>/groups/", views.groups, name="groups"),
    path("seasons/<int:season_id>/draft/", views.draft, name="draft"),
    path("seasons/<int:season_id>/transactions/", views.transactions, name="transactions"),
    path("seasons/<int:season_id>/fixtures.ics", views.season_calendar, name="season-calendar"),
    path("matches/<int:match_id>/", views.match, name="match"),
    # widgets for a club's own site, the only pages that may be framed (web.embed)
    path("embed/seasons/<int:season_id>/table/", embed.table, name="embed-table"),
    path("embed/seasons/<int:season_id>/fixtures/", embed.fixtures, name="embed-fixtures"),
    path("embed/seasons/<int:season_id>/bracket/", embed.bracket, name="embed-bracket"),
    path("games/", views.games, name="games"),
    path("games/<slug:engine>/", views.game, name="game"),
    path("teams/<int:team_id>/", views.team, name="team"),
    path("teams/<int:team_id>/versus/<int:opponent_id>/", views.head_to_head, name="head-to-head"),
    path("teams/<int:team_id>/fixtures.ics", views.team_calendar, name="team-calendar"),
]
