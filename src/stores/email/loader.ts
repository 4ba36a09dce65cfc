import { storedEmailLoginUsed } from '../../storage/keys.js'
import { loadOnce } from '../../utils/load-once.js'
import { $options } from '../options.js'
import { updateEmailLogin } from './state.js'
import { EMAIL_DEPENDENCY_FAILED } from './texts.js'

/**
 * The e-mail login's actions and the secure frame behind them: their own chunk, loaded when the
 * visitor sends an e-mail address (or on load, when the e-mail login was used before: the frame
 * is then created at once, so that the reconnect finds it).
 */
export const loadEmailLogin = loadOnce(() => import('./login.js'))

/** Whether the app can offer the e-mail login: e-mail on, and a frame to log in with. */
export function emailLoginAvailable(): boolean {
  const options = $options.get()
  return Boolean(options?.features.email && options.frameUrl)
}

/** On load: the frame is created at once only if the e-mail login was used before (docs/behaviour.md section 4). */
export async function startEmailLoginIfUsed(): Promise<void> {
  if (!emailLoginAvailable() || storedEmailLoginUsed.get() !== true) return
  try {
    ;(await loadEmailLogin()).startFrame()
  } catch (error) {
    console.warn('[appkit] The e-mail login could not start:', error)
  }
}

/**
 * Sends the e-mail address typed in the Connect view (the action's chunk loads first). When that
 * chunk does not load, the view says 'Unable to load email login dependency' (the next try loads
 * it again).
 */
export async function sendEmail(email: string): Promise<boolean> {
  let login: Awaited<ReturnType<typeof loadEmailLogin>>
  try {
    login = await loadEmailLogin()
  } catch (error) {
    console.warn('[appkit] The e-mail login could not load:', error)
    updateEmailLogin({ email, busy: false, error: EMAIL_DEPENDENCY_FAILED, cooldownSeconds: undefined })
    return false
  }
  return login.submitEmail(email)
}
