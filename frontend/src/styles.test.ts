import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";

// Read from disk (Vitest runs in frontend/): it turns CSS imports, even ?raw, into empty modules.
const css = readFileSync("src/styles.css", "utf8");
/** The boards' own stylesheets follow the same rule. */
const BOARD_CSS = ["fultiples", "four_in_a_row", "multiplin", "stepping_divisors"].map((slug) => `src/games/${slug}/board.css`);

/** Top-level rules with their @media context, good enough for this one plain stylesheet. */
function hoverRulesOutsideHoverMedia(text: string): string[] {
  const bad: string[] = [];
  const stack: string[] = [];
  let prelude = "";
  for (const ch of text.replace(/\/\*[\s\S]*?\*\//g, "")) {
    if (ch === "{") {
      stack.push(prelude.trim());
      prelude = "";
    } else if (ch === "}") {
      stack.pop();
      prelude = "";
    } else if (ch === ";") {
      prelude = "";
    } else {
      prelude += ch;
    }
    if (ch === "{") {
      const selector = stack[stack.length - 1]!;
      const inHoverMedia = stack.slice(0, -1).some((p) => /@media[^{]*\(hover:\s*hover\)/.test(p));
      if (selector.includes(":hover") && !inHoverMedia) bad.push(selector);
    }
  }
  return bad;
}

describe("styles.css", () => {
  it("is read for real", () => {
    expect(css.length).toBeGreaterThan(1000);
  });

  it("applies hover styles only on devices that hover (no sticky hover on tablets)", () => {
    expect(hoverRulesOutsideHoverMedia(css)).toEqual([]);
  });

  it.each(BOARD_CSS)("%s: hover styles only on devices that hover", (path) => {
    expect(hoverRulesOutsideHoverMedia(readFileSync(path, "utf8"))).toEqual([]);
  });

  it("the check itself finds a bare hover rule", () => {
    expect(hoverRulesOutsideHoverMedia(".a:hover { color: red }")).toEqual([".a:hover"]);
    expect(hoverRulesOutsideHoverMedia("@media (hover: hover) { .a:hover { color: red } }")).toEqual([]);
  });
});
