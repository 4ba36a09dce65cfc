import type { core } from 'zod/mini'

/** Turns a zod issue into the option's path and a plain sentence of what was expected. */
export function describeIssue(issue: core.$ZodIssue): { option: string; expected: string } {
  const option = formatPath(issue.path) || '(options)'
  return { option, expected: expectedText(issue) }
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`
    return out ? `${out}.${String(key)}` : String(key)
  }, '')
}

function expectedText(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'object' ? 'an object' : `a ${issue.expected}`
    case 'invalid_value':
      return `one of ${issue.values.map(v => JSON.stringify(v)).join(' | ')}`
    case 'invalid_union':
      return issue.message && !issue.message.startsWith('Invalid')
        ? issue.message
        : 'one of the allowed forms of this option'
    case 'invalid_key':
      return 'only known keys'
    case 'too_small':
      return issue.message && !issue.message.startsWith('Invalid') ? issue.message : `at least ${String(issue.minimum)}`
    case 'invalid_format':
      return issue.message && !issue.message.startsWith('Invalid') ? issue.message : `a valid ${issue.format}`
    default:
      return issue.message || 'a valid value'
  }
}
