"""Keeps the games' derived rows in step when another app deletes what they count: deleting a child's account
(classroom.services) cascades to their attempts, and the class tallies must lose them too; and the stored
reports, files and match logs must stop naming the child (games.services.student_erase)."""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import pre_delete
from django.dispatch import receiver

from classroom.models import Classroom, Student
from games.services.student_erase import student_erase
from games.services.tallies import tally_forget_student


@receiver(pre_delete, sender=settings.AUTH_USER_MODEL, dispatch_uid="games.tallies.forget_student")
def forget_deleted_student(sender, instance, **kwargs) -> None:
    tally_forget_student(user_id=instance.pk)


@receiver(pre_delete, sender=Student, dispatch_uid="games.student_erase")
def erase_deleted_student(sender, instance, origin=None, **kwargs) -> None:
    if isinstance(origin, Classroom):  # the whole class goes, its reports and files with it
        return
    student_erase(student_id=instance.pk, user_id=instance.user_id, classroom_id=instance.classroom_id)
