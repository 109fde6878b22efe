// Lint as architecture: no floating promises, exhaustive switches, no reaching into another package's files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The programs the typed rules read types from, one per set of compiler settings (the first that holds a file is
 * used). Each workspace's own tsconfig (what `projectService` would pick) made ~26 programs that each checked the
 * services' sources again through their paths: ~190 CPU-seconds and 6.5 GB for one lint. The server side is one
 * program here, as `npm run typecheck` checks it.
 */
const TYPED_PROGRAMS = [
  './tsconfig.test.json',
  './admin-ui/tsconfig.json',
  './admin-ui/test/tsconfig.json',
  './student-ui/tsconfig.json',
  './student-ui/test/tsconfig.json',
  './libs/web-common/tsconfig.json',
  './libs/web-common/testing/tsconfig.json',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'load-tests/k6/**', 'load-tests/reports/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { project: TYPED_PROGRAMS, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../*/src/*', '../../../*/src/*', '**/libs/*', '**/proto/src/*'], message: 'Import another package by its name (@olymp/...), not by path.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name=/^(it|describe|test)$/][property.name='only']", message: '.only must not be committed.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
