// Issue 32's one scale: the elements' styles take font sizes and radii from the tokens of
// src/theme/tokens.ts (--w3m-text-*, --w3m-radius-*), never a px value of their own, so that
// themeVariables (--w3m-font-size-master, --w3m-border-radius-master) reach every one of them.
// A px value only as the fallback of a var() is allowed (`var(--w3m-radius-m, 12px)`).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('../../src/elements/', import.meta.url).pathname

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []
  )
}

/** A declaration's value without the fallbacks of its var()s. */
function withoutFallbacks(value) {
  let previous
  let current = value
  do {
    previous = current
    current = current.replace(/var\(\s*(--[\w-]+)\s*,[^()]*(?:\([^()]*\)[^()]*)*\)/g, 'var($1)')
  } while (current !== previous)
  return current
}

/** Every `property: value;` of the scaled properties whose value holds a number of its own. */
export function hardCodedScale(source) {
  const found = []
  const declaration = /(?<![\w-])(font-size|border(?:-[a-z]+)*-radius)\s*:\s*([^;{}]+);/g
  for (const [whole, , value] of source.matchAll(declaration)) {
    const bare = withoutFallbacks(value)
    if (/\d+(?:\.\d+)?px/.test(bare)) found.push(whole.trim())
  }
  return found
}

test('the guard finds a hard-coded size and lets a var() fallback through', () => {
  assert.deepEqual(hardCodedScale('a { font-size: 12px; border-radius: var(--w3m-radius-m, 12px); }'), [
    'font-size: 12px;'
  ])
  assert.deepEqual(hardCodedScale('a { border-top-left-radius: 4px; }'), ['border-top-left-radius: 4px;'])
  assert.deepEqual(hardCodedScale('a { font-size: calc(var(--w3m-text-body) * 2); border-radius: 50%; }'), [])
})

test('no element style sets a font size or radius in px of its own (issue 32)', () => {
  const offenders = filesUnder(ROOT).flatMap(file =>
    hardCodedScale(readFileSync(file, 'utf8')).map(found => `${file.slice(ROOT.length)}: ${found}`)
  )
  assert.deepEqual(offenders, [])
})
