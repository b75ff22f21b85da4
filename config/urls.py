from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from ops.health import health
from web.account import language

admin.site.site_header = "Bootroom"
admin.site.site_title = "Bootroom"
admin.site.index_title = _("League office")

urlpatterns = [
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    # the language switcher (Django's set_language, and a signed-in person's stored choice)
    path("i18n/setlang/", language, name="set_language"),
    path("", include("printing.urls")),
    path("api/", include("api.urls")),
    path("", include("web.urls")),
]
