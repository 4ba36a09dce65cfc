/**
 * Unknown option keys (issue 13): a misspelt option (`feautres`) is not dropped without a word.
 * createAppKit finds them (options.ts) and this module, loaded only then, logs one warning per key
 * naming it and the nearest known key. With `debug: true` createAppKit throws instead.
 */

/** An option the kit does not know: its path and the keys known at its level. */
export interface UnknownOption {
  readonly path: string
  readonly key: string
  readonly known: readonly string[]
}

/** Edit distance between two short keys (insertions, deletions, substitutions, case-insensitive). */
function distance(a: string, b: string): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index)
  for (let i = 1; i <= x.length; i++) {
    const current = [i]
    for (let j = 1; j <= y.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution)
    }
    previous = current
  }
  return previous[y.length] ?? 0
}

/** The known key nearest to `key`, when one is near enough to be a likely typo. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1
  for (const candidate of known) {
    const d = distance(key, candidate)
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}

/** The warning for one unknown option: its path and, when there is one, the nearest known key. */
export function unknownOptionWarning(option: UnknownOption): string {
  const prefix = option.path ? `${option.path}.` : ''
  const near = nearestKey(option.key, option.known)
  const hint = near ? ` (did you mean "${prefix}${near}"?)` : ''
  return `[appkit] createAppKit: option "${prefix}${option.key}" is unknown and ignored${hint}`
}

export function warnUnknownOptions(options: readonly UnknownOption[]): void {
  for (const option of options) console.warn(unknownOptionWarning(option))
}
