"""Look-alike names: every name a teacher types or imports is NFC-normalised and trimmed, and a name with an
invisible or direction-changing character is refused with a sentence that says where (classroom.names)."""

import unicodedata

import pytest

from classroom import names, services
from classroom.errors import ServiceError
from classroom.models import Classroom, User
from tests.conftest import client_for

pytestmark = pytest.mark.django_db

INVISIBLE = ["Ana\u200b L.", "Ana \u202e.", "Ana\u200cL", "Ana\u200dL", "\ufeffAna", "Ana\u2066x\u2069", "Ana\u202ax",
             "Ana\u00adL", "Ana\u2028Lopez", "Ana\u2029Lopez", "Ana\x07", "Ana\x1cLopez", "Ana\x85Lopez"]
NFD = unicodedata.normalize("NFD", "Zoë Müller")  # e + combining diaeresis: looks the same, is not the same text


def refusal_of(call) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        call()
    return refused.value


@pytest.mark.parametrize("typed", INVISIBLE)
def test_the_one_check_refuses_invisible_and_direction_characters(typed):
    with pytest.raises(names.NameProblem, match="invisible character; retype it"):
        names.clean(typed)


def test_the_one_check_normalises_trims_and_keeps_what_people_write():
    assert NFD != "Zoë Müller"
    assert names.clean(NFD) == "Zoë Müller"
    assert names.clean("  Ana \u00a0  Maria  ") == "Ana Maria"
    for name in ["O'Brien", "Anne-Marie", "José", "Łukasz", "Иван", "مريم", "王小明", "Zoë 🦊"]:
        assert names.clean(name) == name
    with pytest.raises(names.NameProblem, match="cannot be shown"):
        names.clean("Ana\ue000")  # private use


def test_a_joiner_inside_a_word_of_a_script_that_spells_with_it_is_kept():
    """Persian spells some names with the zero-width non-joiner between Arabic letters, and Indic scripts use
    both joiners: there they are part of the name. Next to a Latin letter or a space they are refused."""
    for name in ["\u0645\u06cc\u200c\u0646\u0627", "\u0915\u094d\u200d\u0937"]:  # Persian, Devanagari
        assert names.clean(name) == name
    for name in ["Ana\u200cL", "\u0645\u06cc\u200c L", "\u200c\u0645\u06cc", "\u0645\u06cc\u200c",
                 "\u0645\u200cL"]:
        with pytest.raises(names.NameProblem, match="invisible character"):
            names.clean(name)


def test_pasted_names_with_an_invisible_character_are_refused_naming_the_line(classroom):
    refused = refusal_of(lambda: services.students_add_names(
        classroom=classroom, text="Ben Lopez\n\nAna\u200b L.\nAna \u202e.\n"))
    assert refused.code == "invalid"
    assert refused.fields == {"names": ["Line 3: The name has an invisible character; retype it.",
                                        "Line 4: The name has an invisible character; retype it."]}
    assert not classroom.students.exists()


def test_a_line_separator_inside_a_pasted_name_is_refused_not_split_into_two_children(classroom):
    refused = refusal_of(lambda: services.students_add_names(classroom=classroom, text="Ana\u2028Lopez"))
    assert refused.fields == {"names": ["Line 1: The name has an invisible character; retype it."]}


def test_pasted_names_are_stored_nfc_and_trimmed_and_a_spreadsheet_tab_is_a_space(classroom):
    zoe, ana = services.students_add_names(classroom=classroom, text=f"  {NFD}  \r\nAna\tLopez")
    assert (zoe.first_name, zoe.last_name, zoe.display_name) == ("Zoë", "Müller", "Zoë M.")
    assert (ana.first_name, ana.last_name) == ("Ana", "Lopez")
    assert User.objects.get(pk=zoe.user_id).name == "Zoë M."
    # The same name typed composed is the same name: told apart like any duplicate.
    (again,) = services.students_add_names(classroom=classroom, text="Zoë Müller")
    assert again.display_name == "Zoë M.2"


def test_a_csv_row_with_an_invisible_character_is_refused_by_its_line_and_column(classroom):
    data = "first_name,last_name\nBen,Lopez\nAna\u200b,Lopez\nAna,\u202eLopez\n".encode()
    rows = services.roster_preview_csv(classroom=classroom, data=data)
    assert [row.problems for row in rows] == [
        [], ["The first name has an invisible character; retype it."],
        ["The last name has an invisible character; retype it."]]
    refused = refusal_of(lambda: services.students_import_csv(classroom=classroom, data=data))
    assert refused.code == "invalid_rows"
    assert not classroom.students.exists()


def test_a_csv_name_is_stored_nfc_and_trimmed(classroom):
    (zoe,) = services.students_import_csv(classroom=classroom,
                                          data=f"first_name,last_name\n  {NFD.replace(' ', ',')}  \n".encode())
    assert (zoe.first_name, zoe.last_name) == ("Zoë", "Müller")


def test_editing_a_name_is_checked_the_same_way_and_says_which_field(classroom):
    (ana,) = services.students_add_names(classroom=classroom, text="Ana Lopez")
    refused = refusal_of(lambda: services.student_update(student=ana, last_name="Lo\u200bpez"))
    assert refused.fields == {"last_name": ["The last name has an invisible character; retype it."]}
    refused = refusal_of(lambda: services.student_update(student=ana, first_name="\u202eAna"))
    assert refused.fields == {"first_name": ["The first name has an invisible character; retype it."]}
    ana.refresh_from_db()
    assert (ana.first_name, ana.last_name, ana.display_name) == ("Ana", "Lopez", "Ana L.")
    services.student_update(student=ana, first_name=f" {unicodedata.normalize('NFD', 'Anaïs')} ")
    ana.refresh_from_db()
    assert (ana.first_name, ana.display_name) == ("Anaïs", "Anaïs L.")


def test_class_names_are_checked_when_made_and_renamed(teacher):
    refused = refusal_of(lambda: services.classroom_create(teacher=teacher, name="Room\u200b 7"))
    assert refused.fields == {"name": ["The class name has an invisible character; retype it."]}
    classroom = services.classroom_create(teacher=teacher, name=f"  {NFD}  ")
    assert classroom.name == "Zoë Müller"
    refused = refusal_of(lambda: services.classroom_update(classroom=classroom, name="Room \u202e7"))
    assert refused.fields == {"name": ["The class name has an invisible character; retype it."]}
    assert Classroom.objects.get(pk=classroom.pk).name == "Zoë Müller"


def test_a_teacher_name_is_checked_at_sign_up():
    refused = refusal_of(lambda: services.teacher_sign_up(name="Ms\u200b Lee", email="lee@school.test",
                                                          password="correct horse battery"))
    assert refused.fields["name"] == ["Your name has an invisible character; retype it."]
    assert not User.objects.filter(email="lee@school.test").exists()
    services.teacher_sign_up(name=f" {NFD} ", email="zoe@school.test", password="correct horse battery")
    assert User.objects.get(email="zoe@school.test").name == "Zoë Müller"  # (opened by the emailed link)


def test_the_api_answers_an_invisible_character_with_a_400_naming_the_line(classroom):
    response = client_for(classroom.teacher).post(f"/api/classes/{classroom.pk}/students/",
                                                  {"names": "Ben\nAna\u200b L."}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["fields"]["names"] == ["Line 2: The name has an invisible character; retype it."]
