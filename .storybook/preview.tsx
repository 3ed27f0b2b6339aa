import type { Preview } from '@storybook/react-vite';
import { themes } from 'storybook/theming';
import { StoryFrame } from '../stories/kit/StoryFrame.js';
import './preview.css';

const prefersDark = typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;

const preview: Preview = {
  parameters: {
    controls: { expanded: true, sort: 'none' },
    layout: 'padded',
    options: {
      // One path through the sidebar: Overview, Start here, Algorithms, Hooks, A game, Compare,
      // then the Guide and Reference pages (any other group after them, by name); inside a group
      // by the number in the title ("Algorithms/9 · …" before "Algorithms/10 · …"), unnumbered first.
      // Storybook evaluates this function on its own: it may not refer to anything outside itself.
      // Default values stand in for type annotations: Storybook evals this text as plain JavaScript.
      storySort: (a = { title: '' }, b = { title: '' }) => {
        const groups = ['Overview', 'Start here', 'Algorithms', 'Hooks', 'A game', 'Compare', 'Guide', 'Reference'];
        const key = (title = '') => {
          const slash = title.indexOf('/');
          const group = slash < 0 ? title : title.slice(0, slash);
          const rank = groups.indexOf(group);
          const match = /\/(\d+)\s/.exec(title);
          return { rank: rank < 0 ? groups.length : rank, group, number: match ? Number(match[1]) : -1 };
        };
        // The landing page is the first entry: the Introduction, then the README.
        const pages = ['Overview/Introduction', 'Overview/README'];
        const page = (title = '') => (pages.indexOf(title) < 0 ? pages.length : pages.indexOf(title));
        const ka = key(a.title);
        const kb = key(b.title);
        if (ka.rank !== kb.rank) return ka.rank - kb.rank;
        if (page(a.title) !== page(b.title)) return page(a.title) - page(b.title);
        if (ka.group !== kb.group) return ka.group.localeCompare(kb.group);
        if (ka.number !== kb.number) return ka.number - kb.number;
        return a.title === b.title ? 0 : a.title.localeCompare(b.title);
      },
    },
    docs: {
      theme: prefersDark ? themes.dark : themes.light,
      // Docs pages: one story per component runs live, the others wait for Play (see StoryFrame).
      story: { inline: true },
    },
  },
  decorators: [
    (Story, context) => (
      <StoryFrame docsTitle={context.viewMode === 'docs' ? context.title : undefined}>
        {(overrides) => <Story args={{ ...context.args, ...overrides }} />}
      </StoryFrame>
    ),
  ],
  tags: ['autodocs'],
};

export default preview;
