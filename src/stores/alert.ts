import { atom } from 'nanostores'

/**
 * The seven alerts of docs/behaviour.md section 8, shown in a bar at the top of the modal: what went wrong
 * with the app's setup or the embedded wallet, and what the app's developer can do about it.
 */
export const ALERT_IDS = [
  'network-not-found',
  'invalid-app-configuration',
  'embedded-wallet-load-failed',
  'embedded-wallet-timeout',
  'session-expired',
  'invalid-project-id',
  'project-id-not-configured'
] as const
export type AlertId = (typeof ALERT_IDS)[number]

export interface AlertState {
  /** The alert shown; undefined when none. */
  readonly id: AlertId | undefined
  /** What the alert is about, shown in it: the page's origin, the project id, the network. */
  readonly subject: string
}

const NO_ALERT: AlertState = { id: undefined, subject: '' }

export const $alert = atom<AlertState>(NO_ALERT)

/** Shows `id` (one at a time: the newest replaces the one shown) and logs it for the developer. */
export function showAlert(id: AlertId, subject = ''): void {
  $alert.set({ id, subject })
  console.warn(`[appkit] Alert ${id}${subject ? ` (${subject})` : ''}`)
}

/** Hides the alert (the visitor dismissed it). */
export function dismissAlert(): void {
  $alert.set(NO_ALERT)
}

/** The backend's provider errors (docs/behaviour.md section 8) and the alert each one means. */
const PROVIDER_ERROR_ALERTS: ReadonlyArray<readonly [string, AlertId]> = [
  ['Unauthorized: origin not allowed', 'invalid-app-configuration'],
  ['Invalid App Configuration', 'invalid-app-configuration'],
  ['JWT validation error', 'session-expired'],
  ['Unauthorized: invalid key', 'invalid-project-id'],
  ['Invalid Project ID', 'invalid-project-id']
]

/** The alert a backend error's message means, if any (its message starts with a provider error). */
export function alertForProviderError(message: string): AlertId | undefined {
  return PROVIDER_ERROR_ALERTS.find(([text]) => message.startsWith(text))?.[1]
}

/**
 * Shows the alert a backend's error means (its `detail`, the server's own message, or its
 * message), naming the project id or the page's origin where the alert is about them. Returns
 * whether it showed one.
 */
export function showAlertForError(error: unknown, about: { projectId: string; origin: string }): boolean {
  const detail = typeof error === 'object' && error !== null ? (error as { detail?: unknown }).detail : undefined
  const text = typeof detail === 'string' ? detail : error instanceof Error ? error.message : ''
  const id = alertForProviderError(text)
  if (!id) return false
  showAlert(id, id === 'invalid-project-id' ? about.projectId : id === 'invalid-app-configuration' ? about.origin : '')
  return true
}
