// Social login's entry points, small and loaded with the Connect view; the flow itself is its own
// chunk (login.ts), with the secure frame's client.
import type { SocialProvider } from '../../config/constants.js'
import { isSocialReturn } from '../../frame/social.js'
import { loadOnce } from '../../utils/load-once.js'
import { $options } from '../options.js'
import { EMAIL_DEPENDENCY_FAILED } from '../email/texts.js'
import { $socialLogin, updateSocialLogin } from './state.js'

export const loadSocialLogin = loadOnce(() => import('./login.js'))

/** The name of the provider's window: a page loaded in it knows it is not to finish the login itself. */
export const SOCIAL_WINDOW_NAME = 'appkit-social-login'

/** Whether the app offers social login: providers in `features.socials` and a frame to log in with. */
export function socialLoginAvailable(): boolean {
  const options = $options.get()
  return Boolean(options?.frameUrl && options.features.socials && options.features.socials.length > 0)
}

/** Phones and tablets (and iOS Safari, which blocks late popups) sign in by full-page redirect. */
function prefersRedirect(): boolean {
  return matchMedia('(pointer: coarse)').matches || /Mobi|Android|iPhone|iPad|iPod/.test(navigator.userAgent)
}

/**
 * The visitor chose `provider`: its window opens now, inside the click (a window opened after an
 * await is blocked), and the flow continues there once its chunk has loaded. Without a window (a
 * phone, or blocked) the page itself goes to the provider and comes back.
 */
export function startSocialLogin(provider: SocialProvider): void {
  if ($socialLogin.get().status === 'connecting') return
  const popup = prefersRedirect() ? null : window.open('', SOCIAL_WINDOW_NAME, 'popup,width=480,height=680')
  updateSocialLogin({ provider, status: 'waiting', error: undefined })
  loadSocialLogin().then(
    login => login.continueSocialLogin(provider, popup),
    (error: unknown) => {
      console.warn('[appkit] The social login could not load:', error)
      popup?.close()
      updateSocialLogin({ status: 'idle', error: EMAIL_DEPENDENCY_FAILED })
    }
  )
}

/**
 * On load: a page the provider sent back to (by full-page redirect) finishes the login. Not in the
 * provider's window, whose opener reads the return and closes it. Resolves whether it connected.
 */
export async function finishSocialReturn(): Promise<boolean> {
  if (window.name === SOCIAL_WINDOW_NAME && window.opener) return false
  const url = new URL(location.href)
  if (!isSocialReturn(url) || !socialLoginAvailable()) return false
  try {
    return await (await loadSocialLogin()).finishRedirectReturn(url)
  } catch (error) {
    console.warn('[appkit] The social login could not load:', error)
    return false
  }
}
