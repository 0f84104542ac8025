from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from classroom import services
from classroom.errors import ServiceError
from classroom.models import Classroom, Student, User
from classroom.secrets import check_secret, hash_token
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db


def sign_in(**fields):
    return services.student_sign_in(address="192.0.2.1", **fields)


def test_teacher_sign_up_creates_a_closed_teacher_account_with_a_hashed_password():
    assert services.teacher_sign_up(name="Ms Rivera", email="Rivera@School.test", password="a-long-pass-42") is None
    user = User.objects.get(email="rivera@school.test")
    assert user.role == User.Role.TEACHER
    assert not user.is_active  # until the emailed link
    assert user.check_password("a-long-pass-42")
    assert user.password != "a-long-pass-42"


def test_a_taken_email_creates_nothing_and_changes_nothing(teacher):
    services.teacher_sign_up(name="X", email=teacher.email.upper(), password="a-long-pass-42")
    assert User.objects.filter(email__iexact=teacher.email).count() == 1
    teacher.refresh_from_db()
    assert teacher.check_password("correct horse battery")


def test_weak_password_is_refused_with_the_validators_messages():
    with pytest.raises(ServiceError) as refusal:
        services.teacher_sign_up(name="X", email="x@school.test", password="12345")
    assert any("too short" in m for m in refusal.value.fields["password"])
    assert not User.objects.filter(email="x@school.test").exists()


def test_password_reset_round_trip(teacher):
    services.password_reset_request(email=teacher.email)
    assert len(mail.outbox) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/reset/" in line)
    uid, token = link.rstrip("/").split("/")[-2:]
    services.password_reset_confirm(uid=uid, token=token, new_password="brand-new-pass-77")
    teacher.refresh_from_db()
    assert teacher.check_password("brand-new-pass-77")
    with pytest.raises(ServiceError, match="invalid or has expired"):
        services.password_reset_confirm(uid=uid, token=token, new_password="another-pass-88")


def test_password_reset_for_an_unknown_email_sends_nothing():
    services.password_reset_request(email="nobody@school.test")
    assert mail.outbox == []


def test_bad_reset_token_is_refused(teacher):
    with pytest.raises(ServiceError) as refusal:
        services.password_reset_confirm(uid="zzz", token="nope", new_password="brand-new-pass-77")
    assert refusal.value.code == "bad_token"


def test_join_codes_use_six_characters_without_look_alikes(teacher):
    codes = {services.classroom_create(teacher=teacher, name=f"C{i}").join_code for i in range(60)}
    assert len(codes) == 60
    for code in codes:
        assert len(code) == 6
        assert not set(code) & set("0O1IL")
        assert set(code) <= set(services.JOIN_CODE_ALPHABET)


def test_regenerating_the_code_changes_it(classroom):
    old = classroom.join_code
    assert services.classroom_regenerate_code(classroom=classroom).join_code != old


def test_archive_and_unarchive(classroom):
    services.classroom_update(classroom=classroom, archived=True)
    assert classroom.archived_at is not None
    services.classroom_update(classroom=classroom, archived=False)
    assert classroom.archived_at is None


def test_deleting_a_class_deletes_its_students_accounts(classroom):
    services.students_add_names(classroom=classroom, text="Ana Lopez\nBen")
    services.classroom_delete(classroom=classroom)
    assert not Classroom.objects.exists()
    assert not User.objects.filter(role=User.Role.STUDENT).exists()


def test_adding_names_makes_student_accounts_without_email(classroom):
    created = services.students_add_names(classroom=classroom, text="Ana Lopez\n\nBen\nAna Lima\n")
    assert [s.display_name for s in created] == ["Ana L.", "Ben", "Ana L.2"]
    for student in created:
        assert student.user.role == User.Role.STUDENT
        assert student.user.email is None
        assert not student.user.has_usable_password()


def test_names_already_in_the_class_are_told_apart(classroom):
    services.students_add_names(classroom=classroom, text="Ana Lopez")
    (second,) = services.students_add_names(classroom=classroom, text="Ana Lee")
    assert second.display_name == "Ana L.2"


def test_csv_import_is_all_or_nothing(classroom):
    with pytest.raises(ServiceError) as refusal:
        services.students_import_csv(classroom=classroom, data=b"first_name,last_name\nAna,Lopez\n,Nobody\n")
    assert refusal.value.code == "invalid_rows"
    assert not classroom.students.exists()
    created = services.students_import_csv(
        classroom=classroom, data=b"first_name,last_name,password\nAna,Lopez,tiger12\n")
    assert check_secret("tiger12", created[0].password_hash)
    assert created[0].password_set_by_teacher


def test_malformed_csv_is_a_bad_file_error(classroom):
    with pytest.raises(ServiceError) as refusal:
        services.roster_preview_csv(classroom=classroom, data=b"\x89PNG\r\n\x1a\n\x00\x00")
    assert refusal.value.code == "bad_file"


def test_editing_a_name_recomputes_a_unique_display_name(classroom):
    _, ben = services.students_add_names(classroom=classroom, text="Ana Lopez\nBen Lopez")
    services.student_update(student=ben, first_name="Ana")
    assert ben.display_name == "Ana L.2"
    assert User.objects.get(pk=ben.user_id).name == "Ana L.2"


def test_cards_issue_new_secrets_and_the_old_card_stops_working(classroom):
    (student,) = services.students_add_names(classroom=classroom, text="Ana Lopez")
    (first,) = services.cards_issue(classroom=classroom, students=[student])
    assert services.student_sign_in_with_token(token=first.token) == student.user
    (second,) = services.cards_issue(classroom=classroom, students=[student])
    with pytest.raises(ServiceError):
        services.student_sign_in_with_token(token=first.token)
    user = sign_in(code=classroom.join_code, student_id=student.pk, pictures=second.pictures)
    assert user == student.user
    assert len(set(second.pictures)) == 3


def test_picture_secret_and_token_are_stored_hashed(classroom):
    (student,) = services.students_add_names(classroom=classroom, text="Ana Lopez")
    (card,) = services.cards_issue(classroom=classroom, students=[student])
    student.refresh_from_db()
    assert "-".join(card.pictures) not in student.picture_secret_hash
    assert student.card_token_hash == hash_token(card.token) != card.token


def test_typed_password_classes_get_a_password_on_new_cards_unless_the_teacher_set_one(classroom):
    classroom.sign_in_mode = Classroom.SignInMode.PASSWORD
    classroom.save()
    ana, ben = services.students_add_names(classroom=classroom, text="Ana Lopez\nBen")
    services.student_update(student=ben, password="bens-pass")
    ana_card, ben_card = services.cards_issue(classroom=classroom, students=[ana, ben])
    assert ana_card.password
    assert ben_card.password is None
    assert sign_in(code=classroom.join_code, student_id=ana.pk, password=ana_card.password)
    assert sign_in(code=classroom.join_code, student_id=ben.pk, password="bens-pass")


def test_revoked_card_stops_working(student):
    services.student_revoke_card(student=student)
    with pytest.raises(ServiceError) as refusal:
        services.student_sign_in_with_token(token="token-0")
    assert refusal.value.code == "bad_token"
    with pytest.raises(ServiceError):
        sign_in(code=student.classroom.join_code, student_id=student.pk,
                                 pictures=["sun", "moon", "star"])


def test_picture_sign_in_accepts_the_right_order_only(student):
    code = student.classroom.join_code
    assert sign_in(code=code.lower(), student_id=student.pk,
                                    pictures=["sun", "moon", "star"]) == student.user
    with pytest.raises(ServiceError) as refusal:
        sign_in(code=code, student_id=student.pk, pictures=["moon", "sun", "star"])
    assert refusal.value.code == "wrong_secret"
    assert refusal.value.extra["tries_left"] == 4


def test_a_student_cannot_sign_in_through_another_class_code(student):
    other = ClassroomFactory()
    with pytest.raises(ServiceError) as refusal:
        sign_in(code=other.join_code, student_id=student.pk, pictures=["sun", "moon", "star"])
    assert refusal.value.code == "not_found"


def test_five_wrong_tries_make_the_address_wait_and_the_teacher_can_unlock(student):
    code = student.classroom.join_code
    for _ in range(4):
        with pytest.raises(ServiceError) as refusal:
            sign_in(code=code, student_id=student.pk, pictures=["car", "car", "car"])
        assert refusal.value.code == "wrong_secret"
    with pytest.raises(ServiceError) as refusal:
        sign_in(code=code, student_id=student.pk, pictures=["car", "car", "car"])
    assert (refusal.value.code, refusal.value.status) == ("wait", 429)
    assert 55 <= refusal.value.extra["retry_after_s"] <= 61
    with pytest.raises(ServiceError) as refusal:  # even the right pictures wait, from this address
        sign_in(code=code, student_id=student.pk, pictures=["sun", "moon", "star"])
    assert refusal.value.code == "wait"
    student.refresh_from_db()
    assert student.failed_sign_ins == 5
    assert student.sign_in_warning
    services.student_unlock(student=student)
    student.refresh_from_db()
    assert student.failed_sign_ins == 0
    assert not student.sign_in_warning
    assert sign_in(code=code, student_id=student.pk, pictures=["sun", "moon", "star"])


def test_a_lock_from_unfamiliar_addresses_expires(student):
    student.locked_until = timezone.now() - timedelta(seconds=1)
    student.save()
    assert sign_in(code=student.classroom.join_code, student_id=student.pk,
                                    pictures=["sun", "moon", "star"])


def test_archived_class_code_does_not_sign_in(student):
    services.classroom_update(classroom=student.classroom, archived=True)
    with pytest.raises(ServiceError):
        sign_in(code=student.classroom.join_code, student_id=student.pk,
                                 pictures=["sun", "moon", "star"])


def test_deleting_a_student_deletes_their_account(student):
    user_id = student.user_id
    services.student_delete(student=student)
    assert not User.objects.filter(pk=user_id).exists()
    assert not Student.objects.exists()


def test_teacher_sign_in_takes_the_email_in_any_case_and_refuses_everyone_else(teacher):
    from django.test import RequestFactory

    def request():
        return RequestFactory().post("/api/auth/login/")

    assert services.teacher_sign_in(email=f" {teacher.email.upper()} ", password="correct horse battery",
                                    request=request()) == teacher
    student = StudentFactory()
    student.user.set_password("a-long-pass-42")
    student.user.username = student.user.email = "kid@school.test"  # as a teacher's account would be
    student.user.save()
    teacher.is_active = False
    teacher.save()
    for email, password in [(teacher.email, "correct horse battery"),  # switched off
                            ("kid@school.test", "a-long-pass-42"),  # a child's account
                            ("nobody@school.test", "correct horse battery")]:
        with pytest.raises(ServiceError) as refusal:
            services.teacher_sign_in(email=email, password=password, request=request())
        assert refusal.value.code == "bad_credentials"
        assert refusal.value.message == "That email and password don't match an account."


def test_cards_to_print_without_names_are_the_students_without_a_card(classroom):
    StudentFactory(classroom=classroom)
    without = StudentFactory(classroom=classroom, card_token_hash="")
    assert services.cards_to_print(classroom=classroom, student_ids=None) == [without]
    without.refresh_from_db()
    assert not without.has_card  # nothing issued yet: the job that makes the PDF issues the cards
    services.cards_issue(classroom=classroom, students=[without])
    with pytest.raises(ServiceError) as refusal:
        services.cards_to_print(classroom=classroom, student_ids=None)
    assert refusal.value.code == "no_students"


def test_cards_to_print_are_the_named_students_and_a_stranger_is_refused(classroom):
    ana = StudentFactory(classroom=classroom)
    assert services.cards_to_print(classroom=classroom, student_ids=[ana.pk, ana.pk]) == [ana]
    stranger = StudentFactory()
    with pytest.raises(ServiceError) as refusal:
        services.cards_to_print(classroom=classroom, student_ids=[ana.pk, stranger.pk])
    assert refusal.value.fields == {"students": ["Unknown student."]}
