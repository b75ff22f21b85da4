from django.contrib import admin
from django.urls import include, path

from ops.health import health

admin.site.site_header = "Bootroom"
admin.site.site_title = "Bootroom"
admin.site.index_title = "League office"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    path("", include("printing.urls")),
    path("api/", include("api.urls")),
    path("", include("web.urls")),
]
