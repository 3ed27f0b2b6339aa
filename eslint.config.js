// Flat config: typescript-eslint's recommended rules plus the React hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'storybook-static/**',
      'node_modules/**',
      'coverage/**',
      'examples/*/node_modules/**',
      'examples/*/dist/**',
      'examples/*/dist-*/**',
      'test/react18/node_modules/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        console: 'readonly', process: 'readonly', globalThis: 'readonly', performance: 'readonly',
        setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', window: 'readonly', document: 'readonly',
        requestAnimationFrame: 'readonly', cancelAnimationFrame: 'readonly', Buffer: 'readonly',
      },
    },
  },
  {
    // Tests must be able to fail: no focused or skipped tests may land.
    files: ['test/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only' }, { object: 'it', property: 'skip' }, { object: 'it', property: 'todo' },
        { object: 'test', property: 'only' }, { object: 'test', property: 'skip' }, { object: 'test', property: 'todo' },
        { object: 'describe', property: 'only' }, { object: 'describe', property: 'skip' },
      ],
    },
  },
);
