import { addons } from 'storybook/manager-api';
import { themes } from 'storybook/theming';

// Storybook's own UI follows the system's colour scheme, like the preview (preview.css).
const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
addons.setConfig({ theme: prefersDark ? themes.dark : themes.light });
