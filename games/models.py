"""Assignments, matches, seats, the move log and the attempts the reports are built from.

The engine state on a Match is a cache: the Move log plus the seed rebuilds it
(games.services.replay). Behaviour lives in games.services; reads in games.selectors.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from classroom.models import Classroom, Student

GAME_CHOICES = [
    ("fultiples", "Fultiples"),
    ("four_in_a_row", "Four-in-a-Row Multiplication"),
    ("multiplin", "Multiplin"),
    ("stepping_divisors", "Stepping By Divisors"),
]
BOT_LEVEL_CHOICES = [("easy", "Easy"), ("hard", "Hard")]


class Assignment(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    game = models.CharField(max_length=30, choices=GAME_CHOICES)
    title = models.CharField(max_length=100, blank=True)
    players_per_match = models.PositiveSmallIntegerField(default=2)
    options = models.JSONField(default=dict, blank=True, help_text="Engine options, checked by the engine's setup.")
    hints = models.BooleanField(default=False)
    bots_allowed = models.BooleanField(default=True)
    bot_levels = models.JSONField(default=list, blank=True)
    idle_takeover_s = models.PositiveIntegerField(default=180)
    students = models.ManyToManyField(Student, blank=True, related_name="assignments",
                                      help_text="Leave empty for the whole class.")
    opens_at = models.DateTimeField(default=timezone.now)
    closes_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-opens_at", "-id"]
        indexes = [models.Index(fields=["classroom", "closed_at"])]

    def __str__(self) -> str:
        return self.title or self.get_game_display()

    def is_open(self, now=None) -> bool:
        now = now or timezone.now()
        return (self.closed_at is None and self.opens_at <= now
                and (self.closes_at is None or self.closes_at > now))


class Match(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", "Waiting for players"
        ACTIVE = "active", "Playing"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Ended"

    class Kind(models.TextChoices):
        QUICK = "quick", "Quick match"
        CHALLENGE = "challenge", "Challenge"
        COMPUTER = "computer", "Against the computer"

    assignment = models.ForeignKey(Assignment, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="matches")
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(max_length=30, choices=GAME_CHOICES)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.QUICK)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    start_ms = models.BigIntegerField(null=True, blank=True)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    next_due_ms = models.BigIntegerField(null=True, blank=True,
                                         help_text="When the scheduler must next look: a deadline or a bot turn.")
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="hosted_matches")
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "next_due_ms"]),
            models.Index(fields=["assignment", "status"]),
            models.Index(fields=["classroom", "status"]),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.pk} ({self.status})"

    def seat_list(self, *, reload: bool = False) -> list[Seat]:
        """The seats in order, read once per match object (services reload them under the lock)."""
        if reload or getattr(self, "_seat_cache", None) is None:
            prefetched = getattr(self, "_prefetched_objects_cache", {}).get("seats")
            if prefetched is not None and not reload:
                self._seat_cache = sorted(prefetched, key=lambda seat: seat.index)
            else:
                self._seat_cache = list(Seat.objects.filter(match=self).select_related("user").order_by("index"))
        return self._seat_cache


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="seats")
    bot_level = models.CharField(max_length=10, choices=BOT_LEVEL_CHOICES, blank=True)
    taken_over = models.BooleanField(default=False, help_text="An easy bot plays while the student is away.")
    last_active_ms = models.BigIntegerField(default=0)
    bot_due_ms = models.BigIntegerField(null=True, blank=True)
    bot_action = models.JSONField(null=True, blank=True)
    bot_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_index_per_match"),
            models.UniqueConstraint(fields=["match", "user"], condition=models.Q(user__isnull=False),
                                    name="seat_user_once_per_match"),
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of match {self.match_id}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def bot_playing(self) -> bool:
        return self.is_bot or self.taken_over


class Move(models.Model):
    """One accepted change to a match: an action by a seat, or a tick. version has no gaps."""

    class Source(models.TextChoices):
        PLAYER = "player", "Player"
        BOT = "bot", "Computer"
        TIMER = "timer", "Timer"
        TEACHER = "teacher", "Teacher"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    version = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices)
    action = models.JSONField(null=True, blank=True)
    client_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001 - NULL: no id given
    now_ms = models.BigIntegerField()
    events = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="move_version_per_match"),
            models.UniqueConstraint(fields=["match", "seat", "client_id"], condition=models.Q(client_id__isnull=False),
                                    name="move_client_id_per_match"),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} v{self.version}"


class Attempt(models.Model):
    """One arithmetic claim by a student, right or wrong (games.md, Attempt kinds)."""

    student = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts")
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="attempts")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="attempts")
    game = models.CharField(max_length=30, choices=GAME_CHOICES)
    kind = models.CharField(max_length=12)
    a = models.IntegerField()
    b = models.IntegerField()
    answer = models.IntegerField(null=True, blank=True)
    correct = models.BooleanField()
    think_ms = models.PositiveIntegerField()
    fact_a = models.PositiveSmallIntegerField(null=True, blank=True)
    fact_b = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            models.Index(fields=["classroom", "created_at"]),
            models.Index(fields=["student", "created_at"]),
            models.Index(fields=["student", "fact_a", "fact_b"]),
            models.Index(fields=["match"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.a},{self.b} -> {self.answer} ({'ok' if self.correct else 'wrong'})"


class Challenge(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        CANCELLED = "cancelled", "Cancelled"

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="challenges")
    from_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent")
    to_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="challenges_received")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    match = models.ForeignKey(Match, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["to_user", "status"])]

    def __str__(self) -> str:
        return f"challenge {self.from_user_id} -> {self.to_user_id} ({self.status})"
