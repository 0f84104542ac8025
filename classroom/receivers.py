"""Whoever deletes an account (a teacher removing a child, a class deleted, the Django admin), its
sessions end with it and its open sockets close once the deletion is committed."""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_delete
from django.dispatch import receiver

from classroom.open_sessions import sessions_end
from classroom.sign_out import close_sockets_on_commit


@receiver(post_delete, sender=settings.AUTH_USER_MODEL, dispatch_uid="classroom.sign_out_deleted_account")
def sign_out_deleted_account(sender, instance, **kwargs) -> None:
    sessions_end([instance.pk])
    close_sockets_on_commit([instance.pk])
