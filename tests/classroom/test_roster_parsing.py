import pytest

from classroom.roster import (
    MAX_CLASS_SIZE,
    RosterFileError,
    assign_display_names,
    base_display_name,
    parse_pasted_names,
    parse_roster_csv,
    unique_display_name,
)


def test_display_name_is_first_name_and_last_initial():
    assert base_display_name("Ana", "Lopez") == "Ana L."
    assert base_display_name("Ben", "") == "Ben"
    assert base_display_name("ana", "de la cruz") == "ana D."


def test_duplicate_display_names_are_told_apart():
    assert unique_display_name("Ana L.", {"Ana L."}) == "Ana L.2"
    assert unique_display_name("Ana L.", {"Ana L.", "Ana L.2"}) == "Ana L.3"
    assert unique_display_name("Ben", {"Ben"}) == "Ben 2"


def test_pasted_names_skip_blank_lines_and_split_first_word():
    rows = parse_pasted_names("Ana Lopez\n\n   \nBen\nMary Jo Smith\n")
    assert [(r.first_name, r.last_name) for r in rows] == [("Ana", "Lopez"), ("Ben", ""), ("Mary", "Jo Smith")]
    assert all(not r.problems for r in rows)


def test_duplicates_inside_one_paste_get_distinct_names():
    rows = parse_pasted_names("Ana Lopez\nAna Lima\nAna Lopez")
    assign_display_names(rows, taken={"Ana L."})
    assert [r.display_name for r in rows] == ["Ana L.2", "Ana L.3", "Ana L.4"]


def test_csv_with_password_column_is_read():
    rows = parse_roster_csv(b"first_name,last_name,password\nAna,Lopez,tiger1\nBen,,\n")
    assert [(r.line, r.first_name, r.last_name, r.password) for r in rows] == [
        (2, "Ana", "Lopez", "tiger1"), (3, "Ben", "", "")]


def test_csv_with_utf8_bom_and_accents_is_read():
    rows = parse_roster_csv("first_name,last_name\nZoë,Ñúñez\n".encode("utf-8-sig"))
    assert rows[0].first_name == "Zoë"
    assert rows[0].last_name == "Ñúñez"


def test_csv_row_problems_are_reported_per_row():
    rows = parse_roster_csv(b"first_name,last_name,password\n,Lopez,\nBen,Li,abc\nCy,Do,ok12,extra\n")
    assert rows[0].problems == ["First name is missing."]
    assert rows[1].problems == ["Password must be 4 to 64 characters."]
    assert rows[2].problems == ["Expected 3 values, found 4."]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"name,surname\nAna,Lopez\n", "first line must be the column names"),
        (b"\xff\xfe\x00A\x00n\x00a", "not a CSV file"),
        ("first_name,last_name\nAna,L\xf3pez\n".encode("latin-1"), "not UTF-8"),
        (b"", "empty"),
        (b"first_name,last_name\n", "no students"),
        (b'first_name,last_name\n"Ana,Lopez\n', "could not be read as CSV"),
    ],
)
def test_malformed_csv_files_get_a_clear_message(data, message):
    with pytest.raises(RosterFileError, match=message):
        parse_roster_csv(data)


def test_csv_over_the_class_size_is_refused():
    data = ("first_name,last_name\n" + "Ana,Lopez\n" * (MAX_CLASS_SIZE + 1)).encode()
    with pytest.raises(RosterFileError, match=f"has {MAX_CLASS_SIZE + 1} students; a class can have at most 200"):
        parse_roster_csv(data)


def test_csv_at_the_class_size_is_accepted():
    data = ("first_name,last_name\n" + "Ana,Lopez\n" * MAX_CLASS_SIZE).encode()
    assert len(parse_roster_csv(data)) == MAX_CLASS_SIZE
