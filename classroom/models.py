"""Teachers, students, classes. Behaviour lives in services.py, reads in selectors.py."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


class User(AbstractUser):
    """A teacher (signs in with email and password) or a student (class code and a secret)."""

    class Role(models.TextChoices):
        TEACHER = "teacher", "Teacher"
        STUDENT = "student", "Student"

    role = models.CharField(max_length=10, choices=Role.choices, default=Role.TEACHER)
    name = models.CharField(max_length=150, blank=True)
    # Teachers only; students carry no email (nor any birth date).
    # The ignore: Django lets a model replace a field of its abstract parent; the stubs keep the parent's
    # type (never None) and refuse the nullable one.
    email = models.EmailField(blank=True, null=True, default=None)  # type: ignore[assignment]  # noqa: DJ001 - NULLs keep the unique index open for students

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("email"), name="user_email_unique_ci"),
        ]

    @property
    def is_teacher(self) -> bool:
        return self.role == self.Role.TEACHER

    @property
    def is_student(self) -> bool:
        return self.role == self.Role.STUDENT

    def __str__(self) -> str:
        return self.name or self.username


class Classroom(models.Model):
    class SignInMode(models.TextChoices):
        PICTURES = "pictures", "Picture passwords"
        PASSWORD = "password", "Typed passwords"

    teacher = models.ForeignKey(User, on_delete=models.CASCADE, related_name="classrooms")
    name = models.CharField(max_length=100)
    join_code = models.CharField(max_length=6, unique=True)
    sign_in_mode = models.CharField(max_length=10, choices=SignInMode.choices, default=SignInMode.PICTURES)
    archived_at = models.DateTimeField(null=True, blank=True)
    sounds = models.BooleanField(default=False, help_text="The teacher allows game sounds (each tablet still "
                                 "turns them on).")
    games_paused_at = models.DateTimeField(null=True, blank=True,
                                           help_text="The teacher paused every game: none runs or starts.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["teacher", "archived_at"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.join_code})"


class Student(models.Model):
    """A child in one class. The secrets are stored hashed (classroom.secrets)."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="student")
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="students")
    first_name = models.CharField(max_length=50)
    last_name = models.CharField(max_length=50, blank=True)
    display_name = models.CharField(max_length=60)
    picture_secret_hash = models.CharField(max_length=128, blank=True)
    password_hash = models.CharField(max_length=128, blank=True)
    password_set_by_teacher = models.BooleanField(default=False)
    card_token_hash = models.CharField(max_length=64, blank=True, default="")
    card_issued_at = models.DateTimeField(null=True, blank=True)
    failed_sign_ins = models.PositiveSmallIntegerField(default=0)
    locked_until = models.DateTimeField(null=True, blank=True)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    # The child's own avatar (classroom/avatars.json); blank until they choose one.
    avatar = models.CharField(max_length=20, blank=True, default="")
    avatar_colour = models.CharField(max_length=20, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["classroom", "display_name"], name="student_display_name_per_class"),
            models.UniqueConstraint(
                fields=["card_token_hash"],
                condition=~models.Q(card_token_hash=""),
                name="student_card_token_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def has_card(self) -> bool:
        return bool(self.card_token_hash)

    @property
    def sign_in_warning(self) -> bool:
        """Many wrong tries from addresses the class does not sign in from, or their allowance is spent:
        the roster tells the teacher, whose Unlock clears it (classroom.child_sign_in_limits)."""
        locked = self.locked_until is not None and self.locked_until > timezone.now()
        return locked or self.failed_sign_ins >= settings.SIGN_IN_WARN_AFTER
