from django.contrib import admin

from notifications.models import Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """For superusers, to see what was told to whom and whether its e-mail went out; people read
    their own at /account/notifications/."""

    list_display = ["created_at", "user", "kind", "subject", "read_at", "emailed_at", "email_error"]
    list_filter = ["kind"]
    search_fields = ["subject", "user__username"]
    readonly_fields = [f.name for f in Notification._meta.fields]

    def has_module_permission(self, request) -> bool:
        return request.user.is_superuser

    def has_view_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
