/**
 * The docs/*.md pages (and the README) are the single source of the documentation; Storybook shows
 * each one through a thin MDX page. Their links point at other .md files, which mean nothing inside
 * Storybook: this turns a link to a page into the Storybook path of that page's docs entry (the
 * docs block navigates the manager there). A link to any other file of the repository (the
 * changelog, bench results, a source file) has no page in the Storybook: it becomes its text and
 * the file's path, so no link leads nowhere. Web links, anchors and images are left as they are.
 */

/** Each Markdown page, by its path from the repository root, and the Storybook title it has. */
export const DOC_PAGES = {
  'README.md': 'Overview/README',
  'docs/README.md': 'Overview/Documentation',
  'docs/react.md': 'Guide/React hooks and components',
  'docs/fixed-clock.md': 'Guide/Fixed clock, interpolation, input',
  'docs/adapters.md': 'Guide/Renderers and physics',
  'docs/testing.md': 'Guide/Testing',
  'docs/devtools.md': 'Guide/Devtools',
  'docs/storybook.md': 'Guide/Storybook',
  'docs/core.md': 'Reference/Core algorithms',
  'docs/scheduler.md': 'Reference/Scheduler',
  'docs/simulation.md': 'Reference/Simulation and viewer model',
  'docs/differences.md': 'Reference/Where we differ',
  'docs/guarantees.md': 'Reference/Guarantees',
  'docs/browsers.md': 'Reference/Frame streams by browser',
  'docs/performance.md': 'Reference/Performance',
  'docs/benchmarks.md': 'Reference/Benchmarks',
  'docs/api.md': 'Reference/API',
  'docs/glossary.md': 'Reference/Glossary',
} as const;

/** Storybook's id for a docs entry: the title lower-cased, every run of other characters a hyphen. */
function docsId(title: string): string {
  return `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}--docs`;
}

/** Resolve `target` (relative to the page at `from`) to a path from the repository root. */
function resolvePath(from: string, target: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** `markdown` (the page at `page`, a key of {@link DOC_PAGES}) with its links to other pages re-pointed. */
export function forStorybook(markdown: string, page: keyof typeof DOC_PAGES): string {
  return markdown.replace(/(!?)\[([^\]]*)\]\(([^)\s#]+)(#[^)\s]*)?\)/g, (link: string, image: string, text: string, target: string) => {
    if (image || /^[a-z]+:/i.test(target) || target.startsWith('?')) return link;
    const path = resolvePath(page, target);
    const title = (DOC_PAGES as Record<string, string>)[path];
    if (title !== undefined) return `[${text}](?path=/docs/${docsId(title)})`;
    // Nothing in the Storybook to go to: say where the file is.
    return text.includes(path) ? text : `${text} (\`${path}\` in the repository)`;
  });
}
