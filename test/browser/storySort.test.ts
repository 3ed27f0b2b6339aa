// The sidebar follows the stories' numbers. Every story file's and docs page's title is read from
// its source and sorted with the preview's own storySort (the function Storybook applies to its
// index): groups come in the order Overview, Guide, Algorithms, Hooks, Components, Reference, and
// inside a group the numbers ascend (the issue saw "Algorithms 6, 5, 2, 3, 4, 1" without it).
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview.js';

const sources = {
  ...import.meta.glob('../../stories/**/*.stories.tsx', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob('../../stories/**/*.mdx', { query: '?raw', import: 'default', eager: true }),
} as Record<string, string>;

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

describe('sidebar order', () => {
  it('groups in order, numbers ascending inside each group', () => {
    const all = titles();
    // Shuffled input (reversed, and the order files happen to load): the sort alone must order them.
    const sorted = [...all].reverse().map((title) => ({ title })).sort(storySort).map((entry) => entry.title);
    const groups = sorted.map((title) => title.slice(0, title.indexOf('/')));
    const groupOrder = groups.filter((group, i) => groups.indexOf(group) === i);
    expect(groupOrder).toEqual(['Overview', 'Guide', 'Algorithms', 'Hooks', 'Components', 'Reference'].filter((g) => groups.includes(g)));
    // Each group is contiguous, and its numbers ascend (unnumbered pages such as the introduction first).
    for (const group of groupOrder) {
      const first = groups.indexOf(group);
      const last = groups.lastIndexOf(group);
      const inGroup = sorted.slice(first, last + 1);
      expect(inGroup.every((title) => title.startsWith(`${group}/`))).toBe(true);
      const numbers = inGroup.map(number);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    }
    // The algorithm stories 1 to 6 in their order.
    expect(sorted.filter((title) => title.startsWith('Algorithms/')).map(number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('sorts 10 after 2 (numbers, not text)', () => {
    const sorted = [{ title: 'Hooks/10 · b' }, { title: 'Hooks/2 · a' }].sort(storySort).map((entry) => entry.title);
    expect(sorted).toEqual(['Hooks/2 · a', 'Hooks/10 · b']);
  });
});
