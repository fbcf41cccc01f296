// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexpPlugin from 'eslint-plugin-regexp';

const vscodeOnly = {
  name: 'vscode',
  message: 'Only client/src/features and client/src/extension.ts may use the vscode API.',
};
const clientLib = (name) => ({ name, message: 'The server never imports the language client.' });
const noNetworkInServer = {
  name: 'undici',
  message: 'The server knows nothing of the network: the client pushes what it learned.',
};
const connection = (name) => ({
  name,
  message:
    'The language service is pure: it takes and returns LSP types (vscode-languageserver-types), never the connection.',
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/out/',
      '**/dist/',
      '.vscode-test/',
      '.test-results/',
      '**/*.d.ts',
      // Tables written by scripts/generate-spec.ts (which is linted), type-checked by tsc; a test keeps them current.
      'server/src/spec/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // No regular expression of the sources may take super-linear time on what it reads (nested or adjacent unbounded
    // quantifiers that can match the same text): files, answers and typed text can be large or hostile.
    files: ['client/src/**/*.ts', 'server/src/**/*.ts', 'packages/*/src/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    plugins: { regexp: regexpPlugin },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'certain' }],
      'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }],
      'regexp/no-misleading-capturing-group': 'error',
      'regexp/optimal-quantifier-concatenation': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: false, program: null },
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            vscodeOnly,
            clientLib('vscode-languageclient'),
            clientLib('vscode-languageclient/node'),
            noNetworkInServer,
          ],
          patterns: [
            {
              group: ['vscode-languageclient/*', 'undici/*', '**/client/src/**'],
              message: 'The server never depends on the client.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/service/**/*.ts', 'server/src/spec/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            vscodeOnly,
            clientLib('vscode-languageclient'),
            clientLib('vscode-languageclient/node'),
            noNetworkInServer,
            connection('vscode-languageserver'),
            connection('vscode-languageserver/node'),
          ],
          patterns: [
            {
              group: ['vscode-languageserver/*', 'vscode-languageclient/*', 'undici/*'],
              message: 'The language service is pure.',
            },
            {
              group: ['**/handlers/**', '**/server', '**/client/src/**'],
              message: 'The language service does not reach into the glue.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'The command line runs without VS Code.' },
            connection('vscode-languageserver'),
            connection('vscode-languageserver/node'),
          ],
          patterns: [
            {
              group: ['**/client/src/features/**', '**/server/src/handlers/**'],
              message: 'The command line runs without VS Code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/local-cluster/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['vscode', 'vscode-languageserver', 'vscode-languageclient', 'jsonc-parser', 'undici'],
          patterns: [
            {
              group: ['**/server/**', '**/client/**', '**/test/**', '!../test/**', '**/scripts/**', '**/bench/**'],
              message:
                'The local cluster is an independent oracle: it imports nothing of the extension or the language server (keep its own tables in src/tables).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'client/src/core is tested with node alone: no vscode import.' },
            { name: 'jsonc-parser', message: 'The client knows nothing of parsing: ask the language server.' },
          ],
          patterns: [
            { group: ['**/features/**', '**/extension'], message: 'core does not depend on the VS Code adapters.' },
            {
              group: ['**/server/src/service/**', '**/server/src/spec/**', '**/server/src/handlers/**'],
              message: 'The client knows nothing of parsing: ask the language server (server/src/protocol).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.ts'],
    ignores: ['client/src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/src/service/**', '**/server/src/spec/**', '**/server/src/handlers/**', 'jsonc-parser'],
              message: 'The client knows nothing of parsing: ask the language server (server/src/protocol).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'undici', message: 'The web extension sends requests with fetch (core/fetchRun.ts).' },
            { name: 'vscode-languageclient/node', message: 'The web extension uses vscode-languageclient/browser.' },
          ],
          patterns: [
            { group: ['node:*'], message: 'There is no Node.js in VS Code for the Web.' },
            {
              group: ['**/core/clusterClient', '**/core/tlsOptions', '**/core/responseWorker', '**/core/jsonWorker'],
              message: 'These need Node.js: there is none in VS Code for the Web.',
            },
            {
              group: ['**/server/src/service/**', '**/server/src/spec/**', '**/server/src/handlers/**', 'jsonc-parser'],
              message: 'The client knows nothing of parsing: ask the language server (server/src/protocol).',
            },
          ],
        },
      ],
    },
  },
);
