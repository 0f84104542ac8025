import io

import pytest
from pypdf import PdfReader

from classroom import services
from classroom.cards import card_link, render_cards_pdf
from classroom.pictures import picture_label, pictures

pytestmark = pytest.mark.django_db


def test_nine_distinct_pictures_each_with_a_name():
    assert len(pictures()) == 9
    assert len({p["slug"] for p in pictures()}) == 9
    assert all(p["label"] and p["shapes"] for p in pictures())


def test_cards_pdf_has_one_card_per_student_with_code_name_pictures_and_qr(classroom):
    students = services.students_add_names(classroom=classroom, text="\n".join(f"Kid{i} Lopez" for i in range(10)))
    cards = services.cards_issue(classroom=classroom, students=students)
    pdf = render_cards_pdf(cards=cards, class_name=classroom.name, join_code=classroom.join_code,
                           site_url="http://example.test/")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2  # eight cards a page
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert text.count(f"Class code: {classroom.join_code}") == 10
    for card in cards:
        assert card.student.display_name in text
        names = [f"{n}. {picture_label(slug)}" for n, slug in enumerate(card.pictures, 1)]
        assert all(name in text for name in names)
    images = sum(len(page.images) for page in reader.pages)
    assert images == 10  # one QR code per card


def test_card_link_points_at_the_qr_sign_in_route():
    assert card_link("http://example.test/", "abc") == "http://example.test/s/abc"
