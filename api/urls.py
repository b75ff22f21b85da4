from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from api import drafts, table_results, trades, transfers, views

app_name = "api"

router = DefaultRouter()
router.register("leagues", views.LeagueViewSet, basename="league")
router.register("seasons", views.SeasonViewSet, basename="season")
router.register("teams", views.TeamViewSet, basename="team")
router.register("players", views.PlayerViewSet, basename="player")
router.register("matches", views.MatchViewSet, basename="match")
router.register("drafts", drafts.DraftViewSet, basename="draft")
router.register("trades", trades.TradeViewSet, basename="trade")

urlpatterns = [
    path("matches/<int:match_id>/result/", table_results.TableResultView.as_view(), name="match-result"),
    path("matches/<int:match_id>/result/confirm/", table_results.ConfirmView.as_view(), name="match-result-confirm"),
    path("matches/<int:match_id>/result/decide/", table_results.DecideView.as_view(), name="match-result-decide"),
    path("games/<slug:engine>/fairness/", views.GameFairnessView.as_view(), name="game-fairness"),
    re_path(r"^seasons/(?P<season_id>\d{1,18})/free-agents/$", transfers.FreeAgentsView.as_view(), name="free-agents"),
    re_path(
        r"^seasons/(?P<season_id>\d{1,18})/transactions/$", transfers.TransactionsView.as_view(), name="transactions"
    ),
    re_path(r"^seasons/(?P<season_id>\d{1,18})/claims/$", transfers.ClaimsView.as_view(), name="claims"),
    re_path(r"^seasons/(?P<season_id>\d{1,18})/signings/$", transfers.SigningsView.as_view(), name="signings"),
    re_path(r"^seasons/(?P<season_id>\d{1,18})/releases/$", transfers.ReleasesView.as_view(), name="releases"),
    re_path(r"^claims/(?P<claim_id>\d{1,18})/withdraw/$", transfers.ClaimWithdrawView.as_view(), name="claim-withdraw"),
    path("", include(router.urls)),
    path("auth/token/", views.TokenView.as_view(), name="token"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
]
