"""Issue 2 in the browser: a teacher makes a class, adds three children and prints their login
cards; a child signs in with the class code, their name and the three pictures from their card."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.server import emailed_link

NAMES = ["Ana Lopez", "Ben Okafor", "Chloe Martin"]
DISPLAY_NAMES = ["Ana L.", "Ben O.", "Chloe M."]
PICTURES = ["Sun", "Moon", "Star", "Heart", "Tree", "Fish", "House", "Flower", "Car"]
CARD_END = "Scan to sign in"  # the last text drawn on each card


@dataclass
class Card:
    display_name: str
    code: str
    pictures: list[str]


def parse_cards(pdf: Path) -> list[Card]:
    """The cards of a login-card PDF, from its text (each card's text is drawn in one run)."""
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    cards = []
    for chunk in text.split(CARD_END)[:-1]:
        name = next(line.strip() for line in chunk.splitlines() if line.strip())
        code = re.search(r"Class code: ([A-Z0-9]+)", chunk)
        pictures = dict(re.findall(r"([1-3])\. (\w+)", chunk))
        assert code, f"no class code on the card of {name}: {chunk!r}"
        cards.append(Card(name, code.group(1), [pictures[n] for n in "123" if n in pictures]))
    return cards


def teacher_signs_up(page: Page) -> None:
    page.goto("/teacher/signup")
    expect(page.get_by_role("heading", level=1, name="Create a teacher account")).to_be_visible()
    page.get_by_label("Your name").fill("Maria Teacher")
    email = f"teacher-{uuid.uuid4().hex[:8]}@school.test"
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill("tablets-and-times-tables-42")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", level=1, name="Check your email")).to_be_visible()
    base_url = "/".join(page.url.split("/")[:3])
    uid, token = emailed_link(base_url, email, "activate")  # the link in the email, as the teacher opens it
    page.goto(f"/activate/{uid}/{token}")
    page.get_by_role("button", name="Open my account").click()
    expect(page.get_by_role("heading", level=1, name="My classes")).to_be_visible()


def teacher_creates_class_with_roster(page: Page, class_name: str) -> str:
    """Creates the class, opens its roster, adds NAMES; returns the class code shown on the page."""
    page.get_by_label("Class name").fill(class_name)
    page.get_by_role("button", name="Create class").click()
    page.get_by_role("link", name=f"Open roster of {class_name}").click()
    expect(page.get_by_role("heading", level=1, name=class_name)).to_be_visible()
    expect(page.get_by_text("Add your students' names to start.")).to_be_visible()

    page.get_by_label("Names, one student per line").fill("\n".join(NAMES))
    page.get_by_role("button", name="Add 3 students").click()
    roster = page.get_by_role("table", name=f"Students of {class_name}")
    for display_name in DISPLAY_NAMES:
        expect(roster.get_by_role("row").filter(has_text=display_name)).to_have_count(1)
    expect(page.get_by_role("heading", name="Students (3)")).to_be_visible()

    code = page.get_by_role("term").filter(has_text="Class code").locator("xpath=following-sibling::dd[1]")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    return code.inner_text()


def teacher_downloads_cards(page: Page, tmp_path: Path) -> Path:
    print_button = page.get_by_role("button", name="Print cards for the whole class (3 students)")
    with page.expect_download() as download_info:
        print_button.click()
    download = download_info.value
    assert download.suggested_filename.endswith(".pdf")
    pdf = tmp_path / download.suggested_filename
    download.save_as(pdf)
    expect(page.get_by_role("table").get_by_role("cell", name="Printed", exact=True)).to_have_count(3)
    return pdf


def student_opens_picture_page(page: Page, code: str, display_name: str) -> None:
    page.goto("/student")
    expect(page.get_by_role("heading", level=1, name="Type your class code")).to_be_visible()
    go = page.get_by_role("button", name="Go")
    expect(go).to_be_disabled()
    page.get_by_label("Class code").fill(code.lower())  # the page upper-cases what the child types
    go.click()
    expect(page.get_by_role("heading", level=1, name="Who are you?")).to_be_visible()
    page.get_by_role("link", name=display_name, exact=True).click()
    expect(page.get_by_role("heading", level=1, name=f"Hi {display_name}!")).to_be_visible()
    expect(page.get_by_role("group", name="Tap your 3 pictures in order.")).to_be_visible()


def tap_pictures(page: Page, pictures: list[str]) -> None:
    grid = page.get_by_role("group", name="Tap your 3 pictures in order.")
    for picture in pictures:
        grid.get_by_role("button", name=picture, exact=True).click()


def test_teacher_prints_cards_and_a_child_signs_in_with_pictures(new_page, tmp_path):
    # The teacher: sign up, create a class, paste three names, download the login cards.
    teacher = new_page()
    teacher_signs_up(teacher)
    code = teacher_creates_class_with_roster(teacher, "2B Maths")
    pdf = teacher_downloads_cards(teacher, tmp_path)

    assert pdf.read_bytes().startswith(b"%PDF-")
    cards = parse_cards(pdf)
    assert sorted(card.display_name for card in cards) == sorted(DISPLAY_NAMES)
    for card in cards:
        assert card.code == code
        assert len(card.pictures) == 3
        assert len(set(card.pictures)) == 3
        assert set(card.pictures) <= set(PICTURES)
    ana = next(card for card in cards if card.display_name == "Ana L.")

    # A child on another device: a wrong try first, then the pictures from the card.
    child = new_page()
    student_opens_picture_page(child, code, ana.display_name)
    wrong = [next(p for p in PICTURES if p != ana.pictures[0]), *ana.pictures[1:]]
    tap_pictures(child, wrong)
    expect(child.get_by_role("alert")).to_have_text("That's not it. Try again!")
    expect(child.get_by_role("list", name="0 of 3 pictures chosen")).to_be_visible()

    tap_pictures(child, ana.pictures)
    # First sign-in: the child picks an avatar, then lands at home with it beside the name.
    expect(child).to_have_url(re.compile(r"/avatar$"))
    child.get_by_role("radio", name="Fox").click()
    child.get_by_role("radio", name="Purple").click()
    child.get_by_role("button", name="That's me!").click()
    expect(child).to_have_url(re.compile(r"/home$"))
    expect(child.get_by_role("heading", level=1, name=f"Hi {ana.display_name}!")).to_be_visible()
    expect(child.locator('h1 svg[data-avatar="fox"]')).to_be_visible()
    expect(child.get_by_text("Class 2B Maths")).to_be_visible()
    expect(child.get_by_role("heading", name="Your games")).to_be_visible()
