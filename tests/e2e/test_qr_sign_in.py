"""Issue 32 in the browser: a QR card's sign-in never drops a child.

The card's link is `classroom.cards.card_link(SITE_URL, token)`: `<site>/s/<token>`, the token 256
random bits kept on the server only as a hash. The card PDF carries it only inside the QR image, so the
tests issue the cards as printing does (`classroom.services.cards_issue`, run in the live server's
environment) and take the tokens from what it returns, as the PDF job does.

The drop (before the fix): the page's first `/api/auth/me/` leaves before the card's sign-in and, when
it answers after it (a busy server, other windows open), its 401 went to the "session ended" handler,
which signed the child out: /home sent them to the class-code page with no word. Another tab's sign-in
in the same browser turned the first tab's in-flight requests into 401s in the same way.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

from playwright.sync_api import expect

from tests.e2e.http_client import classroom_with_students
from tests.e2e.server import DATABASES, ROOT

NAMES = ["Ana Lopez", "Ben Okafor", "Chloe Martin"]
ROUNDS = int(os.environ.get("QR_SIGN_IN_ROUNDS", "100"))  # fewer for a quick look

ISSUE = """
import json, sys
from django.conf import settings
from classroom.cards import card_link
from classroom.models import Classroom
from classroom.services import cards_issue
klass = Classroom.objects.get(pk=int(sys.argv[1]))
cards = cards_issue(classroom=klass, students=list(klass.students.order_by("pk")))
print(json.dumps({c.student.display_name: card_link("", c.token) for c in cards}))
"""


def card_links(base_url: str, class_id: int) -> dict[str, str]:
    """Issue a new card to every child of the class, as printing does; each name -> its card's path."""
    env = {**os.environ, **DATABASES[base_url.rstrip("/")]}
    done = subprocess.run([sys.executable, "-c", "import django, os, sys; os.environ.setdefault("
                           "'DJANGO_SETTINGS_MODULE', 'config.settings'); django.setup(); exec(sys.argv[2])",
                           str(class_id), ISSUE],
                          cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _class_with_cards(live_server):
    _teacher, klass, _pictures = classroom_with_students(live_server, NAMES)
    links = card_links(live_server, klass["id"])  # after the PDF: its cards no longer work, these do
    for display in ("Ana L.", "Ben O.", "Chloe M."):
        assert links[display].startswith("/s/"), links
        assert len(links[display]) > 40, links
    return links


def _signed_in_at_home(page, name: str, where: str) -> None:
    """The child is at home, named in the heading, and /api/auth/me/ (asked now) answers them."""
    try:
        expect(page).to_have_url(re.compile(r"^https?://[^/]+/home$"), timeout=10_000)
        expect(page.get_by_role("heading", level=1)).to_contain_text(f"Hi {name}!")
        me = page.evaluate("fetch('/api/auth/me/', {credentials: 'same-origin'})"
                           ".then(r => r.ok ? r.json() : {status: r.status})")
        assert me.get("name") == name, me
    except AssertionError as error:
        raise AssertionError(f"{where}: the child was dropped at {page.url}: {error}") from None


def test_a_qr_card_signs_in_100_times_in_a_row(browser, live_server):
    links = _class_with_cards(live_server)
    # Each child has chosen an avatar already, so the card lands on home (not the first sign-in's picker).
    names = ["Ana L.", "Ben O.", "Chloe M."]
    for name in names:
        _choose_avatar(browser, live_server, links[name])
    started = time.monotonic()
    # One browser whose cookies are cleared before each card, as a shared tablet signed out between
    # children (its cache kept: the page's files load from it, so a round is the sign-in, not the download).
    context = browser.new_context(base_url=live_server)
    context.set_default_timeout(10_000)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        for round_ in range(ROUNDS):
            name = names[round_ % len(names)]
            context.clear_cookies()
            page.goto(links[name])
            _signed_in_at_home(page, name, f"round {round_ + 1} of {ROUNDS} ({name}, {links[name][:12]}…)")
            assert not errors, f"round {round_ + 1}: uncaught errors {errors}"
    finally:
        context.close()
    print(f"{ROUNDS} QR sign-ins in {time.monotonic() - started:.1f} s, none dropped")


def _choose_avatar(browser, live_server, link: str) -> None:
    context = browser.new_context(base_url=live_server)
    try:
        page = context.new_page()
        page.goto(link)
        expect(page).to_have_url(f"{live_server}/avatar")
        result = page.evaluate("""async () => {
            const csrf = document.cookie.split('; ').find(c => c.startsWith('csrftoken=')).split('=')[1];
            const r = await fetch('/api/my/avatar/', {method: 'PUT', credentials: 'same-origin',
                headers: {'Content-Type': 'application/json', 'X-CSRFToken': csrf},
                body: JSON.stringify({picture: 'owl', colour: 'teal'})});
            return r.status;
        }""")
        assert result == 200, result
    finally:
        context.close()


def test_two_tabs_sign_in_by_qr_at_once(browser, live_server):
    """The same child's card in two tabs at once (a double scan, a card opened twice): both end at home.
    Two children's cards in one browser cannot both stay signed in (one browser holds one session)."""
    links = _class_with_cards(live_server)
    _choose_avatar(browser, live_server, links["Ana L."])
    for round_ in range(5):
        context = browser.new_context(base_url=live_server)
        context.set_default_timeout(10_000)
        try:
            tabs = [context.new_page(), context.new_page()]
            for tab in tabs:  # both at once: neither waits for the other's page to load
                tab.goto(links["Ana L."], wait_until="commit")
            for index, tab in enumerate(tabs):
                _signed_in_at_home(tab, "Ana L.", f"round {round_ + 1}, tab {index + 1}")
        finally:
            context.close()


def test_another_childs_card_in_a_second_tab_makes_the_first_tab_theirs(browser, live_server):
    """Two children's cards in two tabs of one browser: the browser holds one session, so the second card
    signs the first child out of both tabs. The first tab must not go on showing Ana while its requests act
    as Ben (before the fix it did: "Hi Ana L.!" with Ben's games): it becomes Ben's home, and never the
    class-code page."""
    links = _class_with_cards(live_server)
    for name in ("Ana L.", "Ben O."):
        _choose_avatar(browser, live_server, links[name])
    context = browser.new_context(base_url=live_server)
    context.set_default_timeout(10_000)
    try:
        first = context.new_page()
        first.goto(links["Ana L."])
        _signed_in_at_home(first, "Ana L.", "the first tab")
        second = context.new_page()
        second.goto(links["Ben O."])
        _signed_in_at_home(second, "Ben O.", "the second tab")
        _signed_in_at_home(first, "Ben O.", "the first tab, after the second card")
    finally:
        context.close()


def _hold_first(held: list):
    """A route handler that asks the server now but keeps the first answer back (in `held`)."""

    def handle(route):
        if held:
            route.continue_()
            return
        held.append((route, route.fetch()))  # asked of the server now: signed out, 401

    return handle


def test_a_slow_first_me_does_not_sign_the_card_out(browser, live_server):
    """The reproduction: the page's first /api/auth/me/ (sent before the card's sign-in, so 401) is held
    until the sign-in has answered, as a busy server does now and then. The child stays at home."""
    links = _class_with_cards(live_server)
    _choose_avatar(browser, live_server, links["Chloe M."])
    for round_ in range(3):
        context = browser.new_context(base_url=live_server)
        context.set_default_timeout(10_000)
        held = []

        hold_first_me = _hold_first(held)

        try:
            page = context.new_page()
            page.route("**/api/auth/me/", hold_first_me)
            with page.expect_response("**/api/student-login/token/") as signed_in:
                page.goto(links["Chloe M."], wait_until="commit")
            assert signed_in.value.status == 200
            deadline = time.monotonic() + 10
            while not held and time.monotonic() < deadline:
                page.wait_for_timeout(20)
            route, response = held[0]
            assert response.status == 401
            expect(page).to_have_url(f"{live_server}/home")
            route.fulfill(response=response)  # the stale answer arrives after the sign-in
            page.wait_for_timeout(300)
            _signed_in_at_home(page, "Chloe M.", f"round {round_ + 1}: first /me answered 401 after the sign-in")
        finally:
            context.close()
