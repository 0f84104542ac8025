"""Writes for teachers, classes, rosters, login cards and children's sign-in.

Keyword-only arguments; each function is one transaction. Shells (API views) call these.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import PasswordResetTokenGenerator, default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from classroom import avatars, child_sign_in_limits, names, roster, selectors, sign_in_guard, sign_out
from classroom.errors import Forbidden, Locked, NotFound, ServiceError, TooMany
from classroom.models import Classroom, Student, User
from classroom.pictures import SEQUENCE_LENGTH, picture_slugs
from classroom.secrets import check_secret, hash_secret, hash_token, new_card_token

# No look-alikes: no 0/O, no 1/I/L.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6
WORDS_FOR_PASSWORDS = ["sun", "cat", "dog", "sky", "red", "owl", "bee", "fox", "kiwi", "frog", "moon", "star"]


# --- Teachers --------------------------------------------------------------------------------
class _ActivationTokens(PasswordResetTokenGenerator):
    """Links that finish a sign-up; not interchangeable with password reset links. Single use: a token
    holds the account's last sign-in, which activating sets."""

    key_salt = "classroom.services.teacher_activation"


activation_tokens = _ActivationTokens()
SIGN_UP_ANSWER = "Check your email to finish signing up. The link in it opens your account."


def teacher_sign_up(*, name: str, email: str, password: str) -> None:
    """Start a teacher account. The caller learns nothing about whether the email already has one: a new
    email (or one whose sign-up was never finished) is sent a link that opens the account; the owner of
    an existing account is told someone tried to sign up with their address."""
    email = email.strip().lower()
    fields: dict[str, list[str]] = {}
    try:
        name = names.clean(name)
    except names.NameProblem as found:
        fields["name"] = [f"Your name {found}"]
    if not name:
        fields["name"] = ["Please enter your name."]
    candidate = User(username=email, email=email, name=name, role=User.Role.TEACHER, is_active=False)
    try:
        validate_password(password, user=candidate)
    except ValidationError as error:
        fields["password"] = list(error.messages)
    if fields:
        raise ServiceError("invalid", "Please correct the fields below.", fields)
    candidate.set_password(password)  # hashed either way, so both answers take as long
    existing = User.objects.filter(email__iexact=email).first()
    if existing is not None and _sign_up_unfinished(existing):
        existing.name, existing.password = name, candidate.password  # the newest sign-up wins; old links die
        existing.save(update_fields=["name", "password"])
        candidate = existing
    elif existing is None:
        try:
            with transaction.atomic():
                candidate.save()
        except IntegrityError:  # the same email signed up at the same moment
            return
    else:
        if existing.is_teacher:
            _send_someone_tried(existing)
        return
    _send_activation(candidate)


def teacher_create(*, name: str, email: str, password: str) -> User:
    """An open teacher account at once, for the operator's commands (the demo); the web's sign-up opens
    one only through the emailed link."""
    email = email.strip().lower()
    user = User(username=email, email=email, name=name.strip(), role=User.Role.TEACHER)
    user.set_password(password)
    user.save()
    return user


def _sign_up_unfinished(user: User) -> bool:
    return user.is_teacher and not user.is_active and user.last_login is None


def _site_link(path: str) -> str:
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def _token_link(kind: str, user: User, tokens) -> str:
    """`/<kind>/<uid>/<token>`: the one-use link of an activation or a password reset."""
    return _site_link(f"/{kind}/{urlsafe_base64_encode(force_bytes(user.pk))}/{tokens.make_token(user)}")


def _email(user: User, subject: str, body: str) -> None:
    if user.email is None:  # students have none: only teachers are written to
        raise ValueError(f"User {user.pk} has no email address.")
    send_mail(subject=subject, message=f"Hello {user.name},\n\n{body}", from_email=settings.DEFAULT_FROM_EMAIL,
              recipient_list=[user.email])


def _send_activation(user: User) -> None:
    link = _token_link("activate", user, activation_tokens)
    _email(user, "Finish signing up to Multiplayground",
           f"To open your teacher account, follow this link:\n{link}\n\n"
           "If you did not sign up, you can ignore this email: no account opens without the link.")


def _send_someone_tried(user: User) -> None:
    _email(user, "Someone tried to sign up to Multiplayground with your address",
           "Someone (perhaps you) tried to create a Multiplayground account with this email address, which "
           f"already has one. To use it, sign in at {_site_link('/teacher/login')} or, if you forgot your "
           "password, reset it there.\n\nIf it was not you, you can ignore this email: nothing changed.")


def teacher_activate(*, uid: str, token: str) -> User:
    """Open the account an activation link names (once)."""
    try:
        user = User.objects.get(pk=force_str(urlsafe_base64_decode(uid)), role=User.Role.TEACHER)
    except (User.DoesNotExist, ValueError, TypeError, OverflowError):
        user = None
    if user is None or not _sign_up_unfinished(user) or not activation_tokens.check_token(user, token):
        raise ServiceError("bad_token", "This link is invalid or was already used. Sign in, or sign up again.")
    user.is_active = True
    user.save(update_fields=["is_active"])
    return user


ACCOUNT_LOCKED_MESSAGE = ("Too many wrong passwords for this account. Try again in {minutes} minutes, or reset "
                          "your password: the reset link works now.")


def teacher_sign_in(*, email: str, password: str, request: HttpRequest) -> User:
    """The teacher with this email and password. Students and switched-off accounts never sign in here.

    `request` is for django-axes, which counts wrong passwords per email from any address and refuses the
    account for a cool-off (settings.AXES_*); it finds the address through api.client_address."""
    user = authenticate(request, username=email.strip().lower(), password=password)
    if getattr(request, "axes_locked_out", False):
        minutes = round(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
        raise TooMany("account_locked", ACCOUNT_LOCKED_MESSAGE.format(minutes=minutes),
                      extra={"retry_after_s": int(settings.AXES_COOLOFF_TIME.total_seconds())})
    if user is None or not user.is_teacher:
        raise ServiceError("bad_credentials", "That email and password don't match an account.")
    return user


def password_reset_request(*, email: str) -> None:
    """Email a reset link if a teacher has this address. Says nothing either way to the caller."""
    user = User.objects.filter(email__iexact=email.strip(), role=User.Role.TEACHER, is_active=True).first()
    if user is None or not user.has_usable_password():
        return
    link = _token_link("reset", user, default_token_generator)
    _email(user, "Reset your Multiplayground password",
           f"To choose a new password, open this link:\n{link}\n\n"
           "If you did not ask for this, you can ignore this email.")


@transaction.atomic
def password_reset_confirm(*, uid: str, token: str, new_password: str) -> User:
    try:
        user = User.objects.get(pk=force_str(urlsafe_base64_decode(uid)), role=User.Role.TEACHER)
    except (User.DoesNotExist, ValueError, TypeError, OverflowError):
        user = None
    if user is None or not default_token_generator.check_token(user, token):
        raise ServiceError("bad_token", "This reset link is invalid or has expired. Ask for a new one.")
    try:
        validate_password(new_password, user=user)
    except ValidationError as error:
        raise ServiceError("invalid", "Please choose a stronger password.",
                           {"new_password": list(error.messages)}) from None
    user.set_password(new_password)  # a new password hash: every session made with the old one ends
    user.save(update_fields=["password"])
    axes_reset(username=user.username)  # and the account's wrong-password count starts again
    sign_out.close_sockets_on_commit([user.pk])
    return user


# --- Classes ---------------------------------------------------------------------------------
def _new_join_code() -> str:
    for _ in range(50):
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if not Classroom.objects.filter(join_code=code).exists():
            return code
    raise RuntimeError("could not find a free join code")


def _clean_class_name(name: str) -> str:
    try:
        name = names.clean(name or "")
    except names.NameProblem as found:
        message = f"The class name {found}"
        raise ServiceError("invalid", message, {"name": [message]}) from None
    if not name:
        raise ServiceError("invalid", "Please give the class a name.", {"name": ["Please give the class a name."]})
    if len(name) > 100:
        raise ServiceError("invalid", "That name is too long.", {"name": ["At most 100 characters."]})
    return name


def classroom_create(*, teacher: User, name: str) -> Classroom:
    """The class alone; a teacher's new class also gets its starter game
    (games.services.assignments.classroom_open)."""
    return Classroom.objects.create(teacher=teacher, name=_clean_class_name(name), join_code=_new_join_code())


def classroom_update(*, classroom: Classroom, name: str | None = None, sign_in_mode: str | None = None,
                     archived: bool | None = None, sounds: bool | None = None) -> Classroom:
    if name is not None:
        classroom.name = _clean_class_name(name)
    if sign_in_mode is not None:
        if sign_in_mode not in Classroom.SignInMode.values:
            raise ServiceError("invalid", "Unknown sign-in mode.", {"sign_in_mode": ["Choose pictures or password."]})
        classroom.sign_in_mode = sign_in_mode
    if archived is not None:
        classroom.archived_at = (classroom.archived_at or timezone.now()) if archived else None
    if sounds is not None:
        classroom.sounds = sounds
    classroom.save()
    return classroom


@transaction.atomic
def classroom_regenerate_code(*, classroom: Classroom) -> Classroom:
    """A new code; the old one stops working and every child of the class is signed out."""
    classroom.join_code = _new_join_code()
    classroom.save(update_fields=["join_code"])
    sign_out.end_student_sessions(User.objects.filter(student__classroom=classroom))
    return classroom


@transaction.atomic
def classroom_delete(*, classroom: Classroom) -> None:
    """Delete the class, its students' accounts and everything they did, and sign the students out.
    The class goes first, so its reports and files go whole instead of being anonymised child by child."""
    user_ids = list(User.objects.filter(student__classroom=classroom).values_list("pk", flat=True))
    classroom.delete()
    User.objects.filter(pk__in=user_ids).delete()  # their sessions and sockets end (classroom.receivers)


# --- Rosters ---------------------------------------------------------------------------------
def _taken_display_names(classroom: Classroom) -> set[str]:
    return set(classroom.students.values_list("display_name", flat=True))


def _refuse_past_class_size(classroom: Classroom, adding: int, field: str) -> None:
    """ServiceError('class_full') when `adding` students would take the class past roster.MAX_CLASS_SIZE.
    The callers that add hold the class's row lock, so two additions at once cannot both squeeze in."""
    problem = roster.class_size_problem(classroom.students.count(), adding)
    if problem is not None:
        raise ServiceError("class_full", f"A class can have at most {roster.MAX_CLASS_SIZE} students.",
                           {field: [problem]})


def _create_students(classroom: Classroom, rows: list[roster.RosterRow]) -> list[Student]:
    users = User.objects.bulk_create(
        [
            User(username=f"student-{uuid.uuid4().hex}", role=User.Role.STUDENT, name=row.display_name,
                 password="!")  # unusable: students never sign in with the password form
            for row in rows
        ]
    )
    return Student.objects.bulk_create(
        [
            Student(
                user=user, classroom=classroom, first_name=row.first_name, last_name=row.last_name,
                display_name=row.display_name,
                password_hash=hash_secret(row.password) if row.password else "",
                password_set_by_teacher=bool(row.password),
            )
            for user, row in zip(users, rows, strict=True)
        ]
    )


@transaction.atomic
def students_add_names(*, classroom: Classroom, text: str) -> list[Student]:
    """Add students from pasted names, one a line."""
    classroom = Classroom.objects.select_for_update().get(pk=classroom.pk)
    rows = roster.parse_pasted_names(text or "")
    if not rows:
        raise ServiceError("invalid", "Type or paste at least one name.", {"names": ["Type at least one name."]})
    _refuse_past_class_size(classroom, len(rows), "names")
    problems = [f"Line {row.line}: {' '.join(row.problems)}" for row in rows if row.problems]
    if problems:
        raise ServiceError("invalid", "Some names need fixing.", {"names": problems})
    roster.assign_display_names(rows, _taken_display_names(classroom))
    return _create_students(classroom, rows)


def roster_preview_csv(*, classroom: Classroom, data: bytes) -> list[roster.RosterRow]:
    """Each row of the file with its display name and problems. ServiceError('bad_file') if unreadable."""
    try:
        rows = roster.parse_roster_csv(data)
    except roster.RosterFileError as error:
        raise ServiceError("bad_file", str(error), {"file": [str(error)]}) from None
    _refuse_past_class_size(classroom, len(rows), "file")
    roster.assign_display_names(rows, _taken_display_names(classroom))
    return rows


@transaction.atomic
def students_import_csv(*, classroom: Classroom, data: bytes) -> list[Student]:
    """Import every row, or nothing while any row is wrong (ServiceError 'invalid_rows')."""
    classroom = Classroom.objects.select_for_update().get(pk=classroom.pk)
    rows = roster_preview_csv(classroom=classroom, data=data)
    if any(row.problems for row in rows):
        raise ServiceError("invalid_rows", "Some rows have problems; nothing was imported.",
                           extra={"rows": rows})
    return _create_students(classroom, rows)


@transaction.atomic
def student_set_avatar(*, user: User, picture: str, colour: str) -> Student:
    """A child chooses their own avatar (only their own: the student is the signed-in user's)."""
    student = Student.objects.filter(user=user).first()
    if student is None:
        raise Forbidden("not_a_student", "Only a student has an avatar.")
    if picture not in avatars.picture_slugs():
        raise ServiceError("invalid", "Choose one of the pictures.", {"picture": ["Choose one of the pictures."]})
    if colour not in avatars.colour_slugs():
        raise ServiceError("invalid", "Choose one of the colours.", {"colour": ["Choose one of the colours."]})
    student.avatar, student.avatar_colour = picture, colour
    student.save(update_fields=["avatar", "avatar_colour"])
    return student


def student_update(*, student: Student, first_name: str | None = None, last_name: str | None = None,
                   password: str | None = None) -> Student:
    if first_name is not None or last_name is not None:
        row = roster.check_row(roster.RosterRow(
            line=0,
            first_name=student.first_name if first_name is None else first_name,
            last_name=student.last_name if last_name is None else last_name,
        ))
        if row.problems:
            fields: dict[str, list[str]] = {}
            for problem in row.problems:
                about_last = problem.lower().startswith(("last name", "the last name"))
                fields.setdefault("last_name" if about_last else "first_name", []).append(problem)
            raise ServiceError("invalid", " ".join(row.problems), fields)
        taken = _taken_display_names(student.classroom) - {student.display_name}
        student.first_name, student.last_name = row.first_name, row.last_name
        student.display_name = roster.unique_display_name(
            roster.base_display_name(row.first_name, row.last_name), taken)
        student.user.name = student.display_name
        student.user.save(update_fields=["name"])
    if password is not None:
        if not roster.PASSWORD_MIN <= len(password) <= roster.PASSWORD_MAX:
            message = f"Password must be {roster.PASSWORD_MIN} to {roster.PASSWORD_MAX} characters."
            raise ServiceError("invalid", message, {"password": [message]})
        student.password_hash = hash_secret(password)
        student.password_set_by_teacher = True
        sign_out.end_student_sessions([student.user])
    student.save()
    return student


@transaction.atomic
def student_delete(*, student: Student) -> None:
    """Delete the child's account and everything they did (their rows cascade from the user; the games
    anonymise what must stay, games.services.student_erase), and sign them out everywhere. The child's
    data export is games.services.student_data (classroom does not know the games' tables)."""
    student.user.delete()  # their sessions and sockets end with it (classroom.receivers)


# --- Login cards -----------------------------------------------------------------------------
@dataclass(frozen=True)
class IssuedCard:
    """What is printed on one card; the secrets exist in clear only here, never stored."""

    student: Student
    pictures: list[str]
    password: str | None
    token: str


def new_picture_sequence() -> list[str]:
    slugs = picture_slugs()
    return [slugs[i] for i in _sample_indexes(len(slugs), SEQUENCE_LENGTH)]


def _sample_indexes(population: int, count: int) -> list[int]:
    chosen: list[int] = []
    while len(chosen) < count:
        index = secrets.randbelow(population)
        if index not in chosen:
            chosen.append(index)
    return chosen


def _new_typed_password() -> str:
    return f"{secrets.choice(WORDS_FOR_PASSWORDS)}{secrets.choice(WORDS_FOR_PASSWORDS)}{secrets.randbelow(90) + 10}"


@transaction.atomic
def cards_issue(*, classroom: Classroom, students: list[Student]) -> list[IssuedCard]:
    """New picture password and QR token for each student; the old card stops working."""
    issued = []
    now = timezone.now()
    typed = classroom.sign_in_mode == Classroom.SignInMode.PASSWORD
    for student in students:
        sequence = new_picture_sequence()
        token = new_card_token()
        password = None
        student.picture_secret_hash = hash_secret("-".join(sequence))
        if typed and not student.password_set_by_teacher:
            password = _new_typed_password()
            student.password_hash = hash_secret(password)
        student.card_token_hash = hash_token(token)
        student.card_issued_at = now
        issued.append(IssuedCard(student=student, pictures=sequence, password=password, token=token))
    Student.objects.bulk_update(
        students, ["picture_secret_hash", "password_hash", "card_token_hash", "card_issued_at"])
    return issued


def cards_to_print(*, classroom: Classroom, student_ids: list[int] | None) -> list[Student]:
    """The students whose cards to print: those named, or, with no ids, every student of the class who
    has no card yet. Issues nothing: the job that makes the PDF issues the cards (games.services.exports)."""
    students = selectors.student_list_for_classroom(classroom=classroom).select_related("user")
    if student_ids is None:
        students = students.filter(card_token_hash="")
    else:
        students = students.filter(pk__in=student_ids)
        if students.count() != len(set(student_ids)):
            raise ServiceError("invalid", "Some of those students are not in this class.",
                               {"students": ["Unknown student."]})
    chosen = list(students)
    if not chosen:
        raise ServiceError("no_students", "Every student already has a card. Choose students to reissue.")
    return chosen


@transaction.atomic
def student_revoke_card(*, student: Student) -> Student:
    """The card's QR link and picture password stop working until a new card is printed, and the child
    is signed out everywhere."""
    student.card_token_hash = ""
    student.picture_secret_hash = ""
    student.card_issued_at = None
    student.save(update_fields=["card_token_hash", "picture_secret_hash", "card_issued_at"])
    sign_out.end_student_sessions([student.user])
    return student


def student_unlock(*, student: Student) -> Student:
    """Clear the child's warning and lock: every address's wait and the day's unfamiliar tries too."""
    student.failed_sign_ins = 0
    student.locked_until = None
    student.save(update_fields=["failed_sign_ins", "locked_until"])
    child_sign_in_limits.clear(student.pk)
    return student


# --- Children's sign-in ----------------------------------------------------------------------
WRONG_SECRET_MESSAGE = "That's not it. Try again!"
LOCKED_MESSAGE = "Too many tries. Take a break and ask your teacher for help."
WAIT_MESSAGE = "Too many tries. Wait {minutes} and try again, or ask your teacher."


NO_CLASS_MESSAGE = "We couldn't find that class code. Check it with your teacher."


def classroom_for_sign_in(*, code: str, address: str) -> Classroom:
    """The class a code names, for the names to tap. A wrong code spends the address's failures."""
    sign_in_guard.check(address)
    classroom = selectors.classroom_by_join_code(code=code)
    if classroom is None:
        sign_in_guard.record_failure(address)
        raise NotFound("not_found", NO_CLASS_MESSAGE)
    return classroom


def student_sign_in(*, code: str, student_id: int, address: str, pictures: list[str] | None = None,
                    password: str | None = None) -> User:
    """Check a child's secret. Wrong tries slow down the address they came from and, from addresses no
    child of the class signed in at, spend a small daily allowance (classroom.child_sign_in_limits);
    they also spend the address's allowance (classroom.sign_in_guard). Successes are never limited."""
    sign_in_guard.check(address)
    with transaction.atomic():
        student = (
            Student.objects.select_for_update(of=("self",))
            .select_related("user", "classroom")
            .filter(pk=student_id, classroom__join_code=(code or "").strip().upper(),
                    classroom__archived_at__isnull=True)
            .first()
        )
        if student is None:
            sign_in_guard.record_failure(address)
            raise ServiceError("not_found", "We couldn't find you in this class. Ask your teacher.")
        classroom = student.classroom
        _refuse_while_waiting(child_sign_in_limits.wait_left_s(student.pk, address))
        familiar = child_sign_in_limits.is_familiar(classroom.pk, address)
        now = timezone.now()
        if not familiar and (
            (student.locked_until and student.locked_until > now)
            or child_sign_in_limits.class_allowance_spent(classroom.pk, classroom.join_code)
        ):
            raise Locked("locked", LOCKED_MESSAGE)
        if _secret_matches(student, pictures, password):
            child_sign_in_limits.record_success(student_id=student.pk, classroom_id=classroom.pk, address=address)
            sign_in_guard.record_success(address, student.pk)
            return student.user
        sign_in_guard.record_failure(address)
        failure = child_sign_in_limits.record_failure(
            student_id=student.pk, classroom_id=classroom.pk, join_code=classroom.join_code,
            address=address, familiar=familiar)
        # The teacher's warning counts the tries from elsewhere than school, and those past an address's
        # free tries anywhere (a child rarely gets it wrong six times in a row; a guesser does).
        if not familiar or failure.wait_s > 0:
            student.failed_sign_ins = min(student.failed_sign_ins + 1, 32767)
            if failure.lock_unfamiliar_until is not None:
                student.locked_until = datetime.fromtimestamp(failure.lock_unfamiliar_until, tz=UTC)
            student.save(update_fields=["failed_sign_ins", "locked_until"])
    _refuse_while_waiting(failure.wait_s)
    raise ServiceError("wrong_secret", WRONG_SECRET_MESSAGE, extra={"tries_left": failure.tries_left})


def _refuse_while_waiting(seconds: int) -> None:
    if seconds > 0:
        minutes = max(1, round(seconds / 60))
        raise sign_in_guard.TooManyFailures(
            "wait", WAIT_MESSAGE.format(minutes=f"{minutes} minute{'s' if minutes != 1 else ''}"),
            extra={"retry_after_s": seconds})


def _secret_matches(student: Student, pictures: list[str] | None, password: str | None) -> bool:
    if student.classroom.sign_in_mode == Classroom.SignInMode.PASSWORD:
        return bool(password and student.password_hash and check_secret(password, student.password_hash))
    return (
        isinstance(pictures, list)
        and len(pictures) == SEQUENCE_LENGTH
        and bool(student.picture_secret_hash)
        and check_secret("-".join(str(p) for p in pictures), student.picture_secret_hash)
    )


def student_sign_in_with_token(*, token: str) -> User:
    """The QR card's link. A revoked or reissued card's token is refused."""
    student = (
        Student.objects.select_related("user")
        .filter(card_token_hash=hash_token(token or ""), classroom__archived_at__isnull=True)
        .exclude(card_token_hash="")
        .first()
    )
    if student is None:
        raise ServiceError("bad_token", "This card no longer works. Ask your teacher for a new one.")
    return student.user
