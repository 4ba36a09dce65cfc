import { describeIssue } from './describe-issue.js'
import { AppKitOptionsError, optionSchemas, type ThemeMode, type ThemeVariables } from './options.js'

type SafeParseResult<T> = { success: true; data: T } | { success: false; error: { issues: unknown[] } }

function checked<T>(option: string, result: SafeParseResult<T>): T {
  if (result.success) return result.data
  const issue = result.error.issues[0] as Parameters<typeof describeIssue>[0] | undefined
  throw new AppKitOptionsError(option, issue ? describeIssue(issue).expected : 'a valid value')
}

/** A theme mode set at run time (setThemeMode), checked like the createAppKit option. */
export function parseThemeMode(value: unknown): ThemeMode {
  return checked('themeMode', optionSchemas().themeModeSchema.safeParse(value))
}

/** Theme variables set at run time (setThemeVariables), checked like the createAppKit option. */
export function parseThemeVariables(value: unknown): ThemeVariables {
  return checked('themeVariables', optionSchemas().themeVariablesSchema.safeParse(value))
}
