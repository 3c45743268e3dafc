import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'server/drizzle/**', 'server/data/**', '.tmp/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // antd's pickers submit the surrounding form on Enter; the wrapper stops that (issue 9 defect 4).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/DatePicker.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'antd', importNames: ['DatePicker'], message: 'Use DatePicker / RangePicker from web/src/components/DatePicker.tsx: they never submit a form on Enter.' }] }],
    },
  },
);
