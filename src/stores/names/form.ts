import { map } from 'nanostores'
import { HttpError } from '../../api/errors.js'
import type { NameClient } from '../../api/name-client.js'
import type { ProfileSuggestion } from '../../api/schemas/profile.js'
import { nameClient } from './client.js'
import { fullName, keptLabel, labelRuleError, NAME_ZONE } from './rules.js'
import { NAME_CHARACTERS_RULE, NAME_RESOLVE_FAILED, NAME_SUGGESTIONS_FAILED } from './texts.js'

/** Whether the typed name is free: unknown until it follows the rules and was asked. */
export type NameAvailability = 'unknown' | 'checking' | 'available' | 'taken'

/** The name form (views RegisterAccountName and RegisterAccountNameSuccess). */
export interface NamesState {
  /** The label as typed, without the suffix: what typing kept (letters, digits and hyphens). */
  readonly label: string
  /** The rule the last keystroke broke (a refused character), said beside the field. */
  readonly rule: string | undefined
  /** Names near the typed one (GET profile/suggestions), each free or taken. */
  readonly suggestions: readonly ProfileSuggestion[]
  readonly suggestionsLoading: boolean
  /** The typed name's availability (GET profile/account/{name}: found is taken, 404 is free). */
  readonly availability: NameAvailability
  /** True while the message is signed and the registration sent. */
  readonly loading: boolean
  /** The last failure, as the visitor's English text (docs/behaviour.md section 8, or a rule). */
  readonly error: string | undefined
  /** The name a failed registration was for: `error` is then 'Error registering name {name}'. */
  readonly failedName: string | undefined
  /** The name just registered, which RegisterAccountNameSuccess shows. */
  readonly registered: string | undefined
}

export const initialNames: NamesState = {
  label: '',
  rule: undefined,
  suggestions: [],
  suggestionsLoading: false,
  availability: 'unknown',
  loading: false,
  error: undefined,
  failedName: undefined,
  registered: undefined
}

export const $names = map<NamesState>(initialNames)

/** Suggestions and availability are asked once typing pauses this long, not once per keystroke. */
export const NAME_SUGGESTIONS_DELAY_MS = 300

function requireClient(): NameClient {
  const client = nameClient()
  if (!client) throw new Error('No name API: createAppKit was given no apiUrl')
  return client
}

/** Whether `label` is still the typed one (the newest typing wins; older answers are dropped). */
const stillTyped = (label: string) => $names.get().label === label

/**
 * Sets the label as typed. Characters other than letters, digits and hyphens are refused as they
 * are typed, and the rule is said. A label that follows the rules gets its suggestions and its
 * availability once typing pauses (NAME_SUGGESTIONS_DELAY_MS); the newest typed label wins.
 */
export async function setNameLabel(typed: string): Promise<void> {
  const { label, refused } = keptLabel(typed)
  const state = $names.get()
  const rule = refused ? NAME_CHARACTERS_RULE : undefined
  if (label === state.label) {
    if (rule !== state.rule) $names.set({ ...state, rule })
    return
  }
  const valid = labelRuleError(label) === undefined
  $names.set({
    ...state,
    label,
    rule,
    suggestions: valid ? state.suggestions : [],
    suggestionsLoading: valid,
    availability: valid ? 'checking' : 'unknown',
    error: undefined,
    failedName: undefined
  })
  if (!valid) return
  await new Promise(resolve => setTimeout(resolve, NAME_SUGGESTIONS_DELAY_MS))
  if (!stillTyped(label)) return
  await Promise.all([loadSuggestions(label), checkAvailability(label)])
}

async function loadSuggestions(label: string): Promise<void> {
  try {
    const suggestions = await requireClient().suggestions(label, NAME_ZONE)
    if (stillTyped(label)) $names.set({ ...$names.get(), suggestions, suggestionsLoading: false })
  } catch (error) {
    if (!stillTyped(label)) return
    console.warn(`[appkit] ${NAME_SUGGESTIONS_FAILED}: ${label}`, error)
    $names.set({ ...$names.get(), suggestions: [], suggestionsLoading: false, error: NAME_SUGGESTIONS_FAILED })
  }
}

async function checkAvailability(label: string): Promise<void> {
  try {
    await requireClient().profile(fullName(label))
    if (stillTyped(label)) $names.setKey('availability', 'taken')
  } catch (error) {
    if (!stillTyped(label)) return
    if (error instanceof HttpError && error.status === 404) {
      $names.setKey('availability', 'available')
      return
    }
    console.warn(`[appkit] ${NAME_RESOLVE_FAILED}: ${fullName(label)}`, error)
    $names.set({ ...$names.get(), availability: 'unknown', error: $names.get().error ?? NAME_RESOLVE_FAILED })
  }
}

/** Empties the form (after a registration is done, and in tests and stories). */
export function resetNames(): void {
  $names.set(initialNames)
}
