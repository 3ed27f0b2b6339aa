import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // No onboarding checklist widget in the sidebar: readers come to see the stories.
  features: { sidebarOnboardingChecklist: false },
  // The README (rendered on the "README and API" docs page) shows docs/images/… by relative path.
  staticDirs: [{ from: '../docs/images', to: '/docs/images' }],
  // react-docgen (Babel based) rather than react-docgen-typescript: no TypeScript compiler API needed.
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
