import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noServer = { group: ['**/server/**', '@pavilion/server', '@pavilion/server/**'], message: 'The web does not import server code; share it through @pavilion/contract.' };
const literalQueryKey = { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Take the query key from its factory in web/src/api (e.g. hostKeys.detail(id)).' };
const noAntdPicker = { name: 'antd', importNames: ['DatePicker'], message: 'Use DatePicker / RangePicker from web/src/components/DatePicker.tsx: they never submit a form on Enter.' };

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
  // Layering (docs/architecture.md). ESLint's own no-restricted-imports: no plugin to keep in step
  // with ESLint releases, and every import here is a relative path or a package name it can match.
  {
    // Shared server code knows no domain: it reaches modules only through what they register at start-up.
    // server/src/modules/index.ts (the boot list) and db/schema.ts (drizzle-kit's schema list) may name modules.
    files: ['server/src/{auth,audit,core,db,http,infra,jobs,messaging,oplog,sensitive,storage}/**/*.ts', 'server/src/{app,deps,config,routes}.ts'],
    ignores: ['server/src/db/schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**', '!./modules/index.ts'], message: 'Shared server code does not import a module: register what it needs at start-up (docs/architecture.md).' }] },
      ],
    },
  },
  {
    // Searches build their LIKE pattern with server/src/db/like.ts (containing), which escapes % and _.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/like.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TemplateElement[tail=false][value.raw=/%$/], TemplateLiteral > TemplateElement:not(:first-child)[value.raw=/^%/], BinaryExpression[operator='+'] > Literal[value=/^%|%$/]",
          message: 'Build LIKE patterns with containing() from server/src/db/like.ts: it escapes % and _.',
        },
      ],
    },
  },
  {
    // The web never imports server code: what both need lives in packages/contract. antd's pickers
    // submit the surrounding form on Enter; the wrapper stops that (issue 9 defect 4). One rule per
    // file set, because a later no-restricted-imports replaces an earlier one.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/src/components/DatePicker.tsx', 'web/src/api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer], paths: [noAntdPicker] }] },
  },
  {
    files: ['web/src/components/DatePicker.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] },
  },
  {
    // The API client uses the session only through its public entry (web/src/session/index.ts).
    files: ['web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noServer, { group: ['**/session/*', '!**/session/index.ts'], message: 'The API client uses the session through web/src/session/index.ts only.' }], paths: [noAntdPicker] },
      ],
    },
  },
  {
    // Query keys come from the factories in web/src/api, so an invalidation always matches its query.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', literalQueryKey] },
  },
  {
    // A request body is the contract's input type, never `object`. The query-key rule is repeated:
    // a later no-restricted-syntax replaces an earlier one for the same files.
    files: ['web/src/api/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        literalQueryKey,
        {
          selector: 'TSTypeAnnotation TSObjectKeyword',
          message: "Type a request body from the contract: z.input<typeof someBody> of the schema in packages/contract that the route validates with (move it there if it lives in the server), not `object`.",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
