// The adults' full rules (a game's rules_summary, from GET /api/games/) as blocks to render:
// paragraphs of reflowing text and real lists. The server's text wraps its lines at ~100
// characters and marks list items with "* ", "- " or "1. "; a wrapped line is joined to the one
// before it, so no sentence is ever broken in two. Pure, tested.

export type RulesBlock = { kind: "p"; text: string } | { kind: "ul" | "ol"; items: string[] };

const ITEM = /^\s*(?:([*•-])|(\d+)[.)])\s+(.*)$/;

/** A line ends a sentence and the next starts a new one: "...first.\nThe first player..." */
const endsSentence = (text: string) => /[.!?:]["')]?$/.test(text);
const startsSentence = (line: string) => /^["'(]?[A-Z0-9]/.test(line);

export function rulesBlocks(text: string): RulesBlock[] {
  const blocks: RulesBlock[] = [];
  let para: { kind: "p"; text: string } | null = null;
  let list: { kind: "ul" | "ol"; items: string[] } | null = null;
  const close = () => {
    para = null;
    list = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      close();
      continue;
    }
    const item = ITEM.exec(raw);
    if (item) {
      const kind = item[1] ? "ul" : "ol";
      para = null;
      if (!list || list.kind !== kind) {
        list = { kind, items: [] };
        blocks.push(list);
      }
      list.items.push(item[3]!.trim());
      continue;
    }
    if (list && /^\s/.test(raw)) {
      // An indented line goes on with the list item above it.
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    list = null;
    const current: { kind: "p"; text: string } | null = para;
    if (current && !(endsSentence(current.text) && startsSentence(line))) {
      current.text += ` ${line}`;
      continue;
    }
    para = { kind: "p", text: line };
    blocks.push(para);
  }
  return blocks;
}
