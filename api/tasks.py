from celery import shared_task

from api.idempotency import purge_idempotency_keys


@shared_task
def purge_old_idempotency_keys() -> int:
    """Run by celery beat once a day."""
    return purge_idempotency_keys()
