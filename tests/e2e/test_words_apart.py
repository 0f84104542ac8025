"""Words that the markup separates by a space stay apart on screen. In a flex row each child is its own
item and loses the spaces at its edges: "New here? <a>Create a teacher account</a>" read as
"New here?Create a teacher account" on the teacher's sign-in page."""

import pytest

pytestmark = pytest.mark.e2e

# For each text node followed by an element in the same flex row: how many pixels lie between them.
GAPS = """() => [...document.querySelectorAll('.links li')].flatMap((li) => {
  const out = [];
  li.childNodes.forEach((node, i) => {
    const next = li.childNodes[i + 1];
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim() || !next || next.nodeType !== 1) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect(), link = next.getBoundingClientRect();
    // On a narrow screen the link may wrap to the next line: then nothing touches.
    if (link.top >= text.bottom - 1) return;
    out.push({text: li.textContent.trim(), gap: link.left - text.right});
  });
  return out;
})"""


@pytest.mark.parametrize("width", [1024, 360])
def test_the_sign_in_pages_links_keep_their_spaces(new_page, width):
    """At 1024 px the link sits beside its words; at 360 px it may wrap below them."""
    page = new_page({"width": width, "height": 740})
    page.goto("/teacher/login")
    page.get_by_role("link", name="Create a teacher account").wait_for()
    gaps = page.evaluate(GAPS)
    for item in gaps:
        assert item["gap"] >= 2, f"{item['text']!r}: the words touch ({item['gap']:.1f} px apart)"
