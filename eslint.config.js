// ESLint flat config: `npm run lint`. Syntax-only typescript-eslint (no type information) to stay fast.
import js from '@eslint/js'
import litPlugin from 'eslint-plugin-lit'
import litA11yPlugin from 'eslint-plugin-lit-a11y'
import wcPlugin from 'eslint-plugin-wc'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import layersPlugin from './tools/eslint-import-layers.mjs'

const sources = [
  'src/**/*.ts',
  'react/**/*.ts',
  'apps/storybook/stories/**/*.ts',
  'test/**/*.ts',
  'service/frame/**/*.ts'
]
const tools = [
  'tools/**/*.mjs',
  'local/stack/**/*.mjs',
  'bench/**/*.mjs',
  'test/**/*.mjs',
  '*.config.*',
  'apps/examples/**/*.{js,ts}'
]
// The backend and the local stand-ins that run in Node (chains, Solana runtime, Bitcoin node,
// OpenID providers, Farcaster relay, WalletConnect relay, the stack starter's helpers); and the tools.
const stack = [
  'service/backend/**/*.ts',
  'local/chain/**/*.ts',
  'local/solana/**/*.ts',
  'local/bitcoin/**/*.ts',
  'local/social/**/*.ts',
  'local/farcaster/**/*.ts',
  'local/walletconnect-relay/**/*.ts',
  'local/stack/**/*.ts',
  'tools/**/*.ts',
  'test/{server,chain,solana,bitcoin,api,wallets}/**/*.ts'
]
const demo = [
  'local/wallets/**/*.ts',
  'apps/demo/**/*.{ts,tsx}',
  'apps/examples/**/*.tsx',
  'apps/storybook/.storybook/**/*.ts'
]
// Written by a tool, never by hand (tools/check-generated.mjs and test/chain check they are current).
const generated = ['local/chain/abis.ts', 'react/components.ts', 'src/i18n/catalog.ts']

/**
 * Who may import whom (the design's layers; tools/eslint-import-layers.mjs). Data flows one way:
 * elements read stores and call actions; actions call the clients and are the only writers of
 * stores; clients know no store and no element. From the top down (each lists what it may use):
 *
 *   entry (src/*.ts)  ->  elements  ->  stores  ->  clients (api, connectors, adapters, siwx)
 *     ->  storage  ->  foundation (config, i18n, theme, errors, events, frame protocol)
 *     ->  base (utils, networks, api/schemas, config/constants.ts)
 *
 * Elements skip the clients and storage: they reach data only through stores (no element
 * touches fetch, a provider or localStorage). react/ may import src/, src/ never imports react/.
 * The backend, the wallet frame and the local stand-ins never import src/elements.
 * An `import type` may cross layers: it carries no code (erased under verbatimModuleSyntax), and
 * a lower layer naming an upper layer's type (config's options naming an adapter's type) adds no
 * dependency at run time. An import whose names are all inline `type` still loads the module, so it
 * counts as a value import.
 */
const base = ['base']
const foundation = ['foundation', ...base]
const layers = {
  base: {
    paths: [
      'src/utils/',
      'src/networks/',
      'src/api/schemas/',
      'src/config/constants.ts',
      'src/config/shell-constants.ts'
    ],
    may: []
  },
  foundation: {
    paths: ['src/config/', 'src/i18n/', 'src/theme/', 'src/errors/', 'src/events/', 'src/frame/'],
    may: base
  },
  storage: { paths: ['src/storage/'], may: foundation },
  clients: { paths: ['src/api/', 'src/connectors/', 'src/adapters/', 'src/siwx/'], may: ['storage', ...foundation] },
  stores: { paths: ['src/stores/'], may: ['clients', 'storage', ...foundation] },
  elements: { paths: ['src/elements/'], may: ['stores', ...foundation] },
  entry: { paths: ['src/'], may: ['elements', 'stores', 'clients', 'storage', ...foundation] },
  react: { paths: ['react/'], mayNot: [] },
  'service and local': {
    paths: ['service/', 'local/'],
    mayNot: ['elements']
  }
}

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/storybook-static/',
    '**/coverage/',
    'custom-elements.json',
    '.tmp/',
    '.tmp-*/',
    '.cache/',
    '.data/'
  ]),
  {
    files: [...sources, ...tools, ...stack, ...demo],
    extends: [js.configs.recommended, tseslint.configs.strict],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]
    }
  },
  {
    files: [...sources, ...stack, ...demo, 'react/**/*.tsx'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/imports': ['error', { layers, allowTypeImports: true }] }
  },
  {
    files: sources,
    extends: [
      litPlugin.configs['flat/recommended'],
      wcPlugin.configs['flat/best-practice'],
      litA11yPlugin.configs.recommended
    ],
    languageOptions: { globals: globals.browser },
    // Lets the wc rules see `class X extends LitElement` as a custom element.
    settings: { wc: { elementBaseClasses: ['LitElement'] } },
    rules: {
      // LitElement always defines the lifecycle callbacks, so `super.connectedCallback()` needs no guard.
      'wc/guard-super-call': 'off'
    }
  },
  {
    // All hand-written code has a line cap: 400 lines a file, 150 a function (blank lines and
    // comments not counted). A longer file is split by concern, a longer function into named steps.
    // Tests keep the file cap only: a describe() callback holds its file's tests and is as long as
    // they are.
    files: [...sources, ...tools, ...stack, ...demo, 'react/**/*.tsx'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }]
    }
  },
  {
    files: ['test/**'],
    rules: { 'max-lines-per-function': 'off' }
  },
  {
    // The product (src/, react/) keeps the stricter file cap.
    files: ['src/**/*.ts', 'react/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] }
  },
  {
    // Generated files (each says so in its first line, with the command that writes it) and the
    // message tables (one translation per id in each locale) are data that grows with what they
    // are made from, not code to split.
    files: [...generated, 'src/i18n/locales/*.ts'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' }
  },
  {
    files: ['test/**/*.ts'],
    ignores: ['test/{server,chain,solana,bitcoin,api,wallets}/**'],
    languageOptions: { globals: globals.mocha },
    rules: {
      // Chai's `expect(x).to.be.true` is an expression statement.
      '@typescript-eslint/no-unused-expressions': 'off',
      // Tests reach into shadow roots they just rendered: `el.shadowRoot!.querySelector('x')!` (CONTRIBUTING.md).
      '@typescript-eslint/no-non-null-assertion': 'off'
    }
  },
  {
    files: [...tools, ...stack],
    languageOptions: { globals: globals.node }
  },
  {
    files: [...demo, 'apps/examples/**/*.js'],
    languageOptions: { globals: globals.browser }
  },
  {
    // End-to-end tests run code in the page (page.evaluate), where browser globals exist.
    files: ['test/e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } }
  },
  {
    // The product (src/, react/) keeps the strict rule. Tests and the local stack's Node tools read
    // arrays under noUncheckedIndexedAccess right after checking them, where `!` is the plain idiom.
    files: ['test/**/*.ts', ...stack],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' }
  }
])
