"""One class-size limit, whichever way the names come (pasted, or a CSV file), with a refusal that says by how
many, and nothing created; two additions at once cannot both squeeze past it."""

import pytest
from django.db import connection

from classroom import services
from classroom.errors import ServiceError
from classroom.roster import MAX_CLASS_SIZE
from tests.concurrency import run_together
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def names(count: int, start: int = 0) -> str:
    return "\n".join(f"Child{i} Family" for i in range(start, start + count))


def csv_of(count: int, start: int = 0) -> bytes:
    return ("first_name,last_name\n" + "".join(f"Child{i},Family\n" for i in range(start, start + count))).encode()


def refusal_of(call) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        call()
    return refused.value


def test_pasting_5000_names_makes_no_class_of_5000(classroom):
    refused = refusal_of(lambda: services.students_add_names(classroom=classroom, text=names(5000)))
    assert refused.code == "class_full"
    assert refused.message == f"A class can have at most {MAX_CLASS_SIZE} students."
    assert refused.fields == {"names": ["These are 5,000 students: remove at least 4,800, or split them into "
                                        "several classes."]}
    assert not classroom.students.exists()


def test_a_class_fills_up_to_the_limit_and_not_one_more(classroom):
    assert len(services.students_add_names(classroom=classroom, text=names(MAX_CLASS_SIZE))) == MAX_CLASS_SIZE
    refused = refusal_of(lambda: services.students_add_names(classroom=classroom, text="One More"))
    assert refused.fields["names"] == ["This class has 200 students and these are 1 more: remove at least 1, or put "
                                       "them in another class."]
    assert classroom.students.count() == MAX_CLASS_SIZE


def test_a_csv_file_counts_against_the_same_limit_in_its_preview_and_its_import(classroom):
    services.students_add_names(classroom=classroom, text=names(150))
    for call in (services.roster_preview_csv, services.students_import_csv):
        refused = refusal_of(lambda call=call: call(classroom=classroom, data=csv_of(60, start=150)))
        assert refused.code == "class_full"
        assert refused.fields["file"] == ["This class has 150 students and these are 60 more: remove at least 10, or "
                                          "put them in another class."]
    assert classroom.students.count() == 150
    assert len(services.students_import_csv(classroom=classroom, data=csv_of(50, start=150))) == 50
    assert classroom.students.count() == MAX_CLASS_SIZE


def test_a_csv_file_larger_than_a_class_is_refused_as_a_file(classroom):
    refused = refusal_of(lambda: services.roster_preview_csv(classroom=classroom, data=csv_of(MAX_CLASS_SIZE + 1)))
    assert refused.code == "bad_file"
    assert refused.message == "The file has 201 students; a class can have at most 200."


def test_the_api_answers_a_paste_past_the_limit_with_the_sentence(classroom):
    response = client_for(classroom.teacher).post(f"/api/classes/{classroom.pk}/students/", {"names": names(5000)},
                                                  format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["message"]) == ("class_full", "A class can have at most 200 students.")
    assert error["fields"]["names"][0].startswith("These are 5,000 students")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_pastes_at_once_cannot_both_squeeze_in(classroom):
    """Each addition counts the class under its row lock: of two 150-name pastes into an empty class, one waits
    for the other and is refused."""
    results = run_together([lambda: services.students_add_names(classroom=classroom, text=names(150)),
                            lambda: services.students_add_names(classroom=classroom, text=names(150, start=150))],
                           after_each=lambda: connection.close())  # each thread its own connection
    refused = [result for result in results if isinstance(result, Exception)]
    assert len(refused) == 1, results
    assert isinstance(refused[0], ServiceError)
    assert refused[0].code == "class_full"
    assert classroom.students.count() == 150


def test_a_1000_row_file_whose_last_row_is_bad_creates_nobody(classroom):
    """The file of issue 19: refused whole (past the class size), in the preview as in the import."""
    data = csv_of(999) + b",NoFirstName\n"
    for call in (services.roster_preview_csv, services.students_import_csv):
        assert refusal_of(lambda call=call: call(classroom=classroom, data=data)).code == "bad_file"
    assert not classroom.students.exists()


def test_a_full_class_file_whose_last_row_is_bad_creates_nobody_and_names_the_row(classroom):
    """Every row is checked before any is stored: 199 good rows and a bad 200th make no student."""
    data = csv_of(MAX_CLASS_SIZE - 1) + b",NoFirstName\n"
    rows = services.roster_preview_csv(classroom=classroom, data=data)
    assert [(row.line, row.problems) for row in rows if row.problems] == [(201, ["First name is missing."])]
    refused = refusal_of(lambda: services.students_import_csv(classroom=classroom, data=data))
    assert refused.code == "invalid_rows"
    assert not classroom.students.exists()
    refused = refusal_of(lambda: services.students_add_names(classroom=classroom,
                                                             text=names(MAX_CLASS_SIZE - 1) + "\nAna\u200b L."))
    assert refused.fields == {"names": ["Line 200: The name has an invisible character; retype it."]}
    assert not classroom.students.exists()


def test_the_import_form_states_the_limit_the_server_keeps():
    """The CSV form said "up to 1,000" while the server refuses past 200: the page's words follow the limit."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "frontend/src/pages/teacher/ImportCsv.tsx").read_text()
    assert f"at most {MAX_CLASS_SIZE} students" in page
    assert "1,000" not in page
