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
    files: ['main/electron/**', 'main/index.ts', 'preload/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
