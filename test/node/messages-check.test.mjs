// The message catalog check (tools/messages.mjs) on a small tree it is given: it must find each
// kind of problem it exists for, name it, and pass a clean tree.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { checkMessages } from '../../tools/messages.mjs'

const dirs = []
after(() => dirs.forEach(dir => rmSync(dir, { recursive: true, force: true })))

const ELEMENT = `import { msg, str } from '../i18n/msg.js'
export function render(name: string) {
  return [msg('Connect Wallet', { id: 'connect.title' }), msg(str\`Continue in \${name}\`, { id: 'connecting.continueIn' })]
}
`
const STORE_TEXTS = `export const FAILED = 'Failed to disconnect'\n`
const STORE_TEXT_IDS = `import { FAILED } from '../stores/texts.js'
export const STORE_TEXT_IDS: Readonly<Record<string, string>> = { [FAILED]: 'error.disconnectFailed' }
`
const FR = `export const templates = {
  'connect.title': 'Connecter un portefeuille',
  'connecting.continueIn': 'Continuer dans {0}',
  'error.disconnectFailed': 'Échec de la déconnexion'
}
`

/** A tree with src/elements, src/stores, src/i18n (and its locales); `files` replace or add files. */
function tree(files = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'appkit-messages-'))
  dirs.push(dir)
  const all = {
    'src/i18n/msg.ts': `export const msg = (text: unknown, _options?: { id: string }) => text\nexport const str = (s: TemplateStringsArray, ...v: unknown[]) => ({ s, v })\n`,
    'src/i18n/store-text.ts': `import { msg } from './msg.js'\nexport const localizeText = (text: string, id: string) => msg(text, { id })\n`,
    'src/elements/view.ts': ELEMENT,
    'src/stores/texts.ts': STORE_TEXTS,
    'src/stores/store-text-ids.ts': STORE_TEXT_IDS,
    'src/i18n/locales/fr.ts': FR,
    ...files
  }
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

test('a clean tree: the catalog holds every msg() and store text, and nothing is reported', () => {
  const dir = tree()
  const written = checkMessages(dir, { write: true })
  assert.deepEqual(written.problems, [])
  assert.deepEqual(Object.fromEntries(written.catalog), {
    'connect.title': 'Connect Wallet',
    'connecting.continueIn': 'Continue in {0}',
    'error.disconnectFailed': 'Failed to disconnect'
  })
  assert.match(readFileSync(join(dir, 'src/i18n/catalog.ts'), 'utf8'), /"connecting.continueIn": "Continue in \{0\}"/)
  assert.deepEqual(checkMessages(dir).problems, [])
})

test('a catalog that no longer matches the code is stale', () => {
  const dir = tree()
  checkMessages(dir, { write: true })
  writeFileSync(join(dir, 'src/elements/view.ts'), ELEMENT.replace("'Connect Wallet'", "'Connect a wallet'"))
  assert.deepEqual(checkMessages(dir).problems, ['src/i18n/catalog.ts is stale: run `npm run messages`'])
})

test('visible text outside msg() in an element is named with its place', () => {
  const bad = `import { html } from 'lit'\nexport const view = (label: string) => html\`<button aria-label="Close">Disconnect</button>\${label ?? 'your wallet'}\`\n`
  const dir = tree({ 'src/elements/bad.ts': bad })
  const problems = checkMessages(dir, { write: true }).problems
  assert.ok(
    problems.some(p => p.includes('src/elements/bad.ts:2') && p.includes('aria-label=\\"Close\\"')),
    problems.join('\n')
  )
  assert.ok(
    problems.some(p => p.includes('"Disconnect"')),
    problems.join('\n')
  )
  assert.ok(
    problems.some(p => p.includes('"your wallet"')),
    problems.join('\n')
  )
  assert.equal(problems.length, 3)
})

test('msg() without an id, and one id with two texts, are refused', () => {
  const bad = `import { msg } from '../i18n/msg.js'\nexport const a = () => [msg('Hello'), msg('Connect now', { id: 'connect.title' })]\n`
  const problems = checkMessages(tree({ 'src/elements/bad.ts': bad }), { write: true }).problems
  assert.ok(
    problems.some(p => p.includes('msg() without an')),
    problems.join('\n')
  )
  assert.ok(
    problems.some(p => p.includes('id "connect.title" is')),
    problems.join('\n')
  )
})

test('a locale that misses an id, has an unknown one, or changes placeholders is listed', () => {
  const fr = `export const templates = {
  'connect.title': 'Connecter',
  'connecting.continueIn': 'Continuer',
  'no.such': 'x'
}
`
  const problems = checkMessages(tree({ 'src/i18n/locales/fr.ts': fr }), { write: true }).problems
  assert.deepEqual(problems, [
    'locale fr misses 1 id(s): error.disconnectFailed',
    'locale fr has id(s) the catalog does not: no.such',
    'locale fr: "connecting.continueIn" does not keep the placeholders of "Continue in {0}"'
  ])
})
