import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // No onboarding checklist widget in the sidebar: readers come to see the stories.
  features: { sidebarOnboardingChecklist: false },
  // The README (the "Overview/README" docs page) shows docs/images/… and the docs/*.md pages show
  // images/… by relative path; both resolve against the preview's root.
  staticDirs: [
    { from: '../docs/images', to: '/docs/images' },
    { from: '../docs/images', to: '/images' },
  ],
  // react-docgen (Babel based) rather than react-docgen-typescript: no TypeScript compiler API needed.
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
