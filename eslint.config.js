import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Only the Electron host may import 'electron': the core must keep running on plain Node.
const electronImportBan = {
  'no-restricted-imports': ['error', {
    paths: [{ name: 'electron', message: "Only main/electron/, main/index.ts and preload/ may import 'electron'; the core runs on plain Node." }],
  }],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-electron/', 'release/', 'coverage/', 'test/clients/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      ...electronImportBan,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // SQL lives in *store.ts files (plain functions over a db handle, each query written once)
    // and in db/ (the migration runner, the statement cache, the WAL's own pragmas).
    files: ['main/core/**/*.ts'],
    ignores: ['main/core/**/*store.ts', 'main/core/foundations/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='prepare']", message: 'SQL belongs in a *store.ts file: add a function there and call it.' },
        { selector: "CallExpression[callee.name='statement']", message: 'SQL belongs in a *store.ts file: add a function there and call it.' },
        { selector: "CallExpression[callee.property.name='exec'][callee.object.type!='ThisExpression'][arguments.0.type=/^(Literal|TemplateLiteral)$/]", message: 'SQL belongs in a *store.ts file: add a function there and call it.' },
      ],
    },
  },
  {
    files: ['main/electron/**', 'main/index.ts', 'preload/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
