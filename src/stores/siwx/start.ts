import { $options } from '../options.js'

/**
 * Starts following the account for sign-in when the app configured `siwx`; the flow's code loads
 * only then. Called where connections begin (reconnect on load, the connection code).
 */
export function startSignInWatch(): void {
  if (!$options.get()?.siwx) return
  void import('./flow.js')
    .then(module => module.watchSignIn())
    .catch((error: unknown) => console.warn('[appkit] Sign-in could not start:', error))
}
