"""The pictures of the child's screens (README.md, docs/children.md), taken in Chromium against a live server
as a child of the class sees them on a 360 x 740 phone and a 1024 x 768 tablet:

    .venv/bin/python -m tests.e2e.screenshots docs/screenshots

Each game against the easy computer at the options a new assignment starts with, How to play after Show me,
My progress with Practise next (after two misses on one fact), and the end of a match the teacher ended.
Set CHROMIUM_PATH if Chromium is not `chromium` on the PATH."""

from __future__ import annotations

import argparse
import os
import shutil
import time
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from games.engines import DEFINITIONS
from tests.e2e.conftest import CHROMIUM_FLAGS
from tests.e2e.http_client import ApiClient, classroom_with_students, create_assignment, sign_in_student
from tests.e2e.server import LiveServer
from tests.e2e.test_practise_my_facts import a_wrong_play_on_a_dealable_fact

PHONE = {"width": 360, "height": 740}
TABLET = {"width": 1024, "height": 768}
GAMES = ("four_in_a_row", "multiplin", "fultiples", "stepping_divisors")
CHILD = "Ana L."


def settle(page: Page) -> None:
    """Wait for the page's finite animations (a card flipping in, the dice) to end."""
    page.evaluate("() => Promise.all(document.getAnimations().filter((a) => "
                  "a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null)))")


def my_turn(child: ApiClient, match_id: int) -> dict:
    deadline = time.monotonic() + 30
    while (view := child.request("GET", f"/api/matches/{match_id}/")["view"])["seat"] not in view["to_move"]:
        if time.monotonic() > deadline:
            raise RuntimeError("the child's turn never came")
        time.sleep(0.25)
    return view


def take(out: Path, base_url: str, browser) -> None:
    teacher, klass, secrets = classroom_with_students(base_url, ["Ana Lopez", "Ben Okafor"])
    assignments = {game: create_assignment(teacher, klass, game, DEFINITIONS[game].starting_options(),
                                           bot_levels=["easy"])["id"] for game in GAMES}
    child = sign_in_student(base_url, klass, CHILD, secrets[CHILD])
    cookies = [{"name": c.name, "value": c.value, "url": base_url} for c in child.jar]

    def page_at(viewport: dict) -> Page:
        context = browser.new_context(viewport=viewport, base_url=base_url)
        context.add_cookies(cookies)
        return context.new_page()

    def end_all() -> None:
        teacher.request("POST", f"/api/classes/{klass['id']}/live/end-all/", {})

    phone, tablet = page_at(PHONE), page_at(TABLET)
    phone.goto("/home")
    expect(phone.get_by_role("heading", name="Four-in-a-Row Multiplication")).to_be_visible()
    phone.screenshot(path=out / "home-phone.png")

    for game in GAMES:
        match = child.request("POST", f"/api/assignments/{assignments[game]}/computer-match/",
                              {"bot_level": "easy"})["match"]
        for name, page in (("phone", phone), ("tablet", tablet)):
            page.goto(f"/play/{match['id']}")
            expect(page.locator(".board-area")).to_be_visible()
            settle(page)
            page.screenshot(path=out / f"{game}-{name}.png")
        end_all()

    # How to play, Four-in-a-Row's second step after Show me
    match = child.request("POST", f"/api/assignments/{assignments['four_in_a_row']}/computer-match/",
                          {"bot_level": "easy"})["match"]
    phone.goto(f"/play/{match['id']}")
    phone.get_by_role("button", name="How to play").click()
    dialog = phone.get_by_role("dialog")
    dialog.get_by_role("button", name="Next").click()
    dialog.get_by_role("button", name="Show me").click()
    settle(phone)
    phone.screenshot(path=out / "how-to-play-phone.png")
    dialog.get_by_role("button", name="Close").click()

    # Two misses on one fact, then the bell: the end screen, and My progress with Practise next
    action, _ = a_wrong_play_on_a_dealable_fact(my_turn(child, match["id"]))
    for _ in range(2):
        child.request("POST", f"/api/matches/{match['id']}/actions/", {"action": action})
    end_all()
    expect(phone.get_by_role("region", name="Game over")).to_be_visible()
    expect(phone.get_by_text("What you practised:")).to_be_visible()
    expect(phone.get_by_test_id("celebration")).to_have_count(0, timeout=10_000)  # the "Oops" has gone
    settle(phone)
    phone.screenshot(path=out / "game-over-phone.png")
    phone.goto("/progress")
    expect(phone.get_by_role("button", name="Practise my facts")).to_be_visible()
    phone.screenshot(path=out / "progress-phone.png", full_page=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    server, (url,) = LiveServer.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH")
                                                 or shutil.which("chromium"), args=CHROMIUM_FLAGS, headless=True)
            take(args.out, url, browser)
            browser.close()
    finally:
        server.stop()
    print(f"screenshots in {args.out}")


if __name__ == "__main__":
    main()
