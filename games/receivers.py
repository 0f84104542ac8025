"""Keeps the games' derived rows in step when another app deletes what they count: deleting a child's account
(classroom.services) cascades to their attempts, and the class tallies must lose them too."""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import pre_delete
from django.dispatch import receiver

from games.services.tallies import tally_forget_student


@receiver(pre_delete, sender=settings.AUTH_USER_MODEL, dispatch_uid="games.tallies.forget_student")
def forget_deleted_student(sender, instance, **kwargs) -> None:
    tally_forget_student(user_id=instance.pk)
