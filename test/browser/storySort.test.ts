// The sidebar is one numbered path. Every story file's and docs page's title is read from its
// source and sorted with the preview's own storySort (the function Storybook applies to its
// index): groups come in the order Overview, Start here, Algorithms, Hooks, A game, Compare, Guide,
// Reference; the numbers run 1, 2, 3 … down the sidebar with no gap and no repeat; no title holds
// a "/" of its own (Storybook would make it a folder); the Introduction names every numbered story.
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview.js';
import { DOC_PAGES, forStorybook } from '../../stories/docs/forStorybook.js';

const sources = {
  ...import.meta.glob('../../stories/**/*.stories.tsx', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob('../../stories/**/*.mdx', { query: '?raw', import: 'default', eager: true }),
} as Record<string, string>;
// Without code marks: `<FrameProvider>` in the text is <FrameProvider> in the title.
const introduction = (sources['../../stories/Introduction.mdx'] ?? '').replaceAll('`', '');

const GROUPS = ['Overview', 'Start here', 'Algorithms', 'Hooks', 'A game', 'Compare', 'Guide', 'Reference'];
/** Groups of other helpers' stories (devtools, a shared canvas) may follow the known ones; only these are numbered here. */
const NUMBERED = ['Start here', 'Algorithms', 'Hooks', 'A game', 'Compare'];

function titles(): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(sources)) {
    // The CSF meta's `title: '…'` (a line of its own), or a docs page's `<Meta title="…" />`.
    const match = /^\s*title:\s*'([^']+)',?\s*$/m.exec(text) ?? /<Meta\s+title="([^"]+)"/.exec(text);
    if (!match?.[1]) throw new Error(`no title in ${path}`);
    found.push(match[1]);
  }
  return found;
}

type Sort = (a: { title: string }, b: { title: string }) => number;
const storySort = (preview.parameters?.options as { storySort: Sort }).storySort;

function number(title: string): number {
  const match = /\/(\d+)\s/.exec(title);
  return match ? Number(match[1]) : -1;
}
const group = (title: string) => title.slice(0, title.indexOf('/'));

describe('sidebar order', () => {
  it('groups in order, each contiguous', () => {
    // Shuffled input (reversed, and the order files happen to load): the sort alone must order them.
    const sorted = [...titles()].reverse().map((title) => ({ title })).sort(storySort).map((entry) => entry.title);
    const groups = sorted.map(group);
    const groupOrder = groups.filter((name, i) => groups.indexOf(name) === i);
    const known = groupOrder.filter((name) => GROUPS.includes(name));
    expect(known).toEqual(GROUPS.filter((name) => groups.includes(name)));
    // Known groups first, others after them.
    expect(groupOrder.slice(0, known.length)).toEqual(known);
    for (const name of groupOrder) {
      const inGroup = sorted.slice(groups.indexOf(name), groups.lastIndexOf(name) + 1);
      expect(inGroup.every((title) => group(title) === name)).toBe(true);
    }
  });

  it('opens on the Introduction (the first entry is the landing page)', () => {
    const sorted = [...titles()].reverse().map((title) => ({ title })).sort(storySort).map((entry) => entry.title);
    expect(sorted.slice(0, 2)).toEqual(['Overview/Introduction', 'Overview/README']);
  });

  it('numbers the path 1, 2, 3 … from Start here to Compare', () => {
    const sorted = titles().map((title) => ({ title })).sort(storySort).map((entry) => entry.title);
    const numbered = sorted.filter((title) => NUMBERED.includes(group(title)));
    expect(numbered.map(number)).toEqual(numbered.map((_, i) => i + 1));
    expect(numbered.length).toBeGreaterThanOrEqual(20);
    // The matrix comes last.
    expect(numbered[numbered.length - 1]).toMatch(/^Compare\/\d+ · Comparison matrix$/);
  });

  it('no title holds a "/" of its own', () => {
    for (const title of titles()) expect(title.split('/'), title).toHaveLength(2);
  });

  it('the Introduction names every numbered story, in order', () => {
    const numbered = titles()
      .filter((title) => NUMBERED.includes(group(title)))
      .map((title) => ({ title }))
      .sort(storySort)
      .map((entry) => entry.title.slice(entry.title.indexOf('/') + 1));
    let from = 0;
    for (const name of numbered) {
      // By its number and the start of its name ("5 · Variable delta vs fixed step").
      const at = introduction.indexOf(`**${name.split(':')[0]}`, from);
      expect(at, name).toBeGreaterThanOrEqual(0);
      from = at;
    }
  });

  it('sorts 10 after 2 (numbers, not text)', () => {
    const sorted = [{ title: 'Hooks/10 · b' }, { title: 'Hooks/2 · a' }].sort(storySort).map((entry) => entry.title);
    expect(sorted).toEqual(['Hooks/2 · a', 'Hooks/10 · b']);
  });
});

describe('docs pages in the Storybook', () => {
  const pages = {
    ...import.meta.glob('../../docs/*.md', { query: '?raw', import: 'default', eager: true }),
    ...import.meta.glob('../../README.md', { query: '?raw', import: 'default', eager: true }),
  } as Record<string, string>;

  it('link only to Storybook pages, anchors and the web (never to a file)', () => {
    for (const page of Object.keys(DOC_PAGES) as (keyof typeof DOC_PAGES)[]) {
      const text = pages[`../../${page}`];
      expect(text, page).toBeDefined();
      const shown = forStorybook(text!, page);
      const links = [...shown.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)].filter((m) => m[1] !== '!').map((m) => m[2]!);
      for (const target of links) expect(target, `${page}: ${target}`).toMatch(/^(\?path=\/docs\/[a-z0-9-]+--docs|#|[a-z]+:)/);
    }
  });

  it('turn a link to a repository file into its text and path', () => {
    expect(forStorybook('See [the changelog](../CHANGELOG.md).', 'docs/react.md')).toBe('See the changelog (`CHANGELOG.md` in the repository).');
    expect(forStorybook('[Core](core.md#x)', 'docs/react.md')).toBe('[Core](?path=/docs/reference-core-algorithms--docs)');
  });

  it('the glossary has no "[…]: " in a sentence (the Markdown renderer took it for a link definition)', () => {
    const glossary = pages['../../docs/glossary.md'] ?? '';
    expect(glossary.split('\n').filter((line) => /\S\s*\[[^\]]*\]:\s/.test(line))).toEqual([]);
  });
});
