from celery import shared_task

from notifications.services import EMAIL_TASK, email_send


@shared_task(name=EMAIL_TASK, acks_late=True)
def notification_email(notification_id: int) -> None:
    """E-mail one notification (at most once: ``notifications.services.email_send``)."""
    email_send(notification_id)
