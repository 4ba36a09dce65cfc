// The accessibility half of the story check (check-stories.mjs): runs axe-core in a story's page,
// into every shadow root, against WCAG 2.2 A and AA and axe's best practices, and words each
// violation for the report. README.md names the rules left out and why.
/* global axe, document -- runAxe's callback runs in the page, where the injected axe.min.js defines axe */
import { createRequire } from 'node:module'

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * WCAG 2.2 level A and AA: axe tags each rule with the version and level that introduced its
 * success criterion, so 2.2 AA is the union of the 2.0, 2.1 and 2.2 A and AA tags (2.2 adds no
 * level-A rule to axe). `wcag2a-obsolete` (4.1.1 Parsing, removed in 2.2) is left out on purpose.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * Best-practice rules about a whole page, which a story is not: Storybook's canvas has no `main`
 * and no `h1`, and a component must not bring its own into the app's page. (They pass on the modal
 * stories anyway: with the dialog open, axe checks only the dialog.) `region` stays on: it passes.
 */
export const DISABLED_RULES = {
  'landmark-one-main': 'a page has one main landmark: the app page provides it, not a component',
  'page-has-heading-one': 'a page has an h1: the app page provides it, not a component'
}

const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: AXE_TAGS },
  rules: Object.fromEntries(Object.keys(DISABLED_RULES).map(rule => [rule, { enabled: false }])),
  resultTypes: ['violations']
}

/** Injects axe-core into the page, once per loaded document (runAxe uses it). */
export async function injectAxe(page) {
  await page.addScriptTag({ path: AXE_SCRIPT })
}

/** Runs axe-core (injectAxe first) in the page and returns its violations, trimmed to what a report needs. */
export async function runAxe(page) {
  return page.evaluate(async options => {
    const results = await axe.run(document, options)
    return results.violations.map(violation => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map(node => ({ target: node.target, summary: node.failureSummary ?? '' }))
    }))
  }, AXE_OPTIONS)
}

/** An axe target as one selector: a node in a shadow root is the path of selectors, host first. */
export function selectorOf(target) {
  return target.map(part => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' | ')
}

/** axe's failure summary on one line: "Fix any of the following: first; second. Fix all of ...". */
function oneLine(summary) {
  const sections = []
  for (const line of summary
    .split('\n')
    .map(text => text.trim())
    .filter(Boolean)) {
    if (line.endsWith(':') || sections.length === 0) sections.push({ heading: line, items: [] })
    else sections[sections.length - 1].items.push(line)
  }
  return sections.map(({ heading, items }) => `${heading} ${items.join('; ')}`.trim()).join('. ')
}

/** One failure message per violated rule, with each failing node's selector and summary. */
export function describeViolations(violations) {
  return violations.map(
    ({ rule, impact, help, nodes }) =>
      `axe ${rule} (${impact}): ${help}\n` +
      nodes.map(node => `      ${selectorOf(node.target)}: ${oneLine(node.summary)}`).join('\n')
  )
}
