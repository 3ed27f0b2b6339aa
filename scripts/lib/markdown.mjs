// Small Markdown helpers shared by the docs scripts: GitHub's heading anchors and the links of a
// page, both read outside fenced code blocks (a `#` or `[x](y)` inside a code sample is code).

/** Replace fenced code blocks by blank lines, so line numbers still match the file. */
export function withoutCode(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ''));
}

/**
 * GitHub's anchor for a heading: the text without inline markup, lower-cased, every character that
 * is not a letter, digit, space, hyphen or underscore removed, spaces turned into hyphens.
 */
export function githubSlug(heading) {
  // Code spans are text (`<GameCanvas>` gives "gamecanvas"); HTML tags outside them are markup.
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [text](url) → text
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part.slice(1, -1) : part.replace(/<[^>]+>/g, '')))
    .join('')
    .replace(/\*/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a page offers: its headings (duplicates get -1, -2 … as on GitHub) and explicit ids. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const [, text] of withoutCode(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = githubSlug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** Every inline link and image target of a page, with its line number. */
export function linksOf(markdown) {
  const links = [];
  const lines = withoutCode(markdown).split('\n');
  lines.forEach((line, index) => {
    // Inline code spans are code, not links.
    const text = line.replace(/`[^`]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target, line: index + 1 });
    for (const [, target] of text.matchAll(/\b(?:href|src)="([^"]+)"/g)) links.push({ target, line: index + 1 });
  });
  return links;
}
