// Lint: TypeScript rules plus the project's layers (docs/architecture.md). The boundaries plugin
// classifies every file into one layer and allows imports only downwards; a forbidden import is an
// error, so `npx eslint .` (run by .ci/run) fails on it.
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Layers, most specific pattern first (the first match wins). */
const elements = [
  { type: 'tests', pattern: ['tests/**', 'mocks/**', 'scripts/**'], partialMatch: false },
  { type: 'shared', pattern: ['schemas/**', 'resources/**', 'src/access/**'], partialMatch: false },
  { type: 'app-pages', pattern: ['src/app/pages/**', 'src/app/root/**', 'src/app/layouts/**', 'src/app/auth/pages/**'], partialMatch: false },
  { type: 'app-modules', pattern: ['src/app/modules/**'], partialMatch: false },
  { type: 'app-engine', pattern: ['src/app/**'], partialMatch: false },
  { type: 'server-fields', pattern: ['src/server/fields/**'], partialMatch: false },
  { type: 'server-db', pattern: ['src/server/db/**'], partialMatch: false },
  {
    type: 'server-engine',
    pattern: [
      'src/server/crud/**',
      'src/server/workflow/**',
      'src/server/storage/**',
      'src/server/http/**',
      'src/server/auth/**',
      'src/server/access/**',
      'src/server/mail/**',
      'src/server/sla/**',
      'src/server/events/**',
      // The one dispatch point of notices to people, with their preferences and push delivery (issue 41).
      'src/server/notifications/**',
      // The trash and the portal settings it reads serve every entity (issue 35).
      'src/server/trash/**',
      'src/server/settings/**',
    ],
    partialMatch: false,
  },
  { type: 'server-features', pattern: ['src/server/**'], partialMatch: false },
];

const allow = {
  shared: ['shared'],
  'app-engine': ['app-engine', 'shared'],
  'app-modules': ['app-modules', 'app-engine', 'shared'],
  'app-pages': ['app-pages', 'app-modules', 'app-engine', 'shared'],
  'server-fields': ['server-fields', 'shared'],
  'server-db': ['server-db', 'server-fields', 'shared'],
  'server-engine': ['server-engine', 'server-db', 'server-fields', 'shared'],
  'server-features': ['server-features', 'server-engine', 'server-db', 'server-fields', 'shared'],
  tests: ['tests', 'shared', 'app-pages', 'app-modules', 'app-engine', 'server-features', 'server-engine', 'server-db', 'server-fields'],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'tests/e2e/screenshots/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/app/**/*.tsx', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // antd's Spin is a plain div: an aria-label there is an axe violation (aria-prohibited-attr).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Spin'] > JSXAttribute[name.name='aria-label']",
          message: 'Use <Loading label="…" /> (views/loading): o Spin não aceita aria-label.',
        },
      ],
    },
  },
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      // Test files beside the code (*.test.ts(x), test-*.ts) may import anything, like tests/.
      // Files at the root of src/app and src/server are classified one by one: the app's and the
      // server's composition roots, and the server's small core modules every layer may use.
      'boundaries/files': [
        { category: 'test', pattern: ['**/*.test.*', '**/test-*'] },
        { category: 'app-root', pattern: ['src/app/app.tsx', 'src/app/app-routes.tsx', 'src/app/main.tsx', 'src/app/shell.tsx', 'src/app/public-routes.tsx'] },
        { category: 'server-root', pattern: ['src/server/app.ts', 'src/server/main.ts'] },
        { category: 'server-core', pattern: ['src/server/config.ts', 'src/server/time.ts', 'src/server/version.ts'] },
      ],
      'boundaries/include': ['src/**', 'schemas/**', 'resources/**', 'mocks/**', 'tests/**', 'scripts/**'],
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.element.type}} não pode importar {{to.element.type}} (camadas em docs/architecture.md)',
          policies: [
            ...Object.entries(allow).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: to } } } },
            })),
            {
              from: { element: { types: { anyOf: ['server-db', 'server-engine', 'server-features'] } } },
              allow: { to: { file: { categories: 'server-core' } } },
            },
            { from: { file: { categories: 'app-root' } }, allow: { to: { element: { types: { anyOf: allow['app-pages'] } } } } },
            { from: { file: { categories: 'server-root' } }, allow: { to: { element: { types: { anyOf: allow['server-features'] } } } } },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: '*' } } } },
          ],
        },
      ],
      'boundaries/no-unknown-files': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  // Tests install the in-process API with `useInProcessApi()` at the top of a file: a vitest
  // helper, not a React hook.
  { files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'mocks/**', 'scripts/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
);
