// Social login through the embedded wallet (docs/behaviour.md sections 1, 3 and 4; service/frame/README.md): the
// frame asks its backend for the provider's sign-in URL; the visitor signs in there (in a window,
// or the page itself goes there and comes back); the provider's return brings a one-time result
// to this page, which the frame redeems; then the kit connects through the AUTH connector like
// the e-mail login. The kit never sees a provider's token. A window the visitor closes ends the
// attempt at once ('The sign-in window was closed').
import type { SocialProvider } from '../../config/constants.js'
import { SOCIAL_ERROR_PARAM, SOCIAL_RESULT_PARAM } from '../../frame/social.js'
import { storedPendingSocialLogin } from '../../storage/keys.js'
import { connectEmbeddedWallet } from '../email/auth-connect.js'
import { authClient } from '../email/auth-session.js'
import { emitKitEvent } from '../kit-events.js'
import { $modal, openModal } from '../modal.js'
import { resetView } from '../router.js'
import { rememberSocialAccount } from './remember.js'
import { initialSocialLogin, updateSocialLogin } from './state.js'
import { SOCIAL_CANCELLED, SOCIAL_FAILED, SOCIAL_WINDOW_CLOSED } from './texts.js'

const POLL_MS = 250
/** As long as the backend keeps an attempt. */
const ATTEMPT_MS = 10 * 60_000
const KNOWN = new Set([SOCIAL_CANCELLED, SOCIAL_FAILED, SOCIAL_WINDOW_CLOSED])

/** This page, without its hash and without an earlier return's parameters: where the provider sends the visitor back. */
function returnUrl(): string {
  const url = new URL(location.href)
  url.hash = ''
  url.searchParams.delete(SOCIAL_RESULT_PARAM)
  url.searchParams.delete(SOCIAL_ERROR_PARAM)
  return url.toString()
}

/** The provider's window, until it is back on this origin with a return (its URL), or closed. */
function waitForReturn(popup: Window): Promise<string> {
  const until = Date.now() + ATTEMPT_MS
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (popup.closed) {
        clearInterval(timer)
        reject(new Error(SOCIAL_WINDOW_CLOSED))
        return
      }
      let href: string | undefined
      try {
        // Readable only once the window is back on this page's origin.
        href = popup.location.href
      } catch {
        href = undefined
      }
      if (href && new URL(href).origin === location.origin && href !== 'about:blank') {
        const back = new URL(href)
        if (back.searchParams.has(SOCIAL_RESULT_PARAM) || back.searchParams.has(SOCIAL_ERROR_PARAM)) {
          clearInterval(timer)
          popup.close()
          resolve(href)
          return
        }
      }
      if (Date.now() > until) {
        clearInterval(timer)
        popup.close()
        reject(new Error(SOCIAL_FAILED))
      }
    }, POLL_MS)
  })
}

function fail(provider: SocialProvider | undefined, error: unknown): void {
  const message = error instanceof Error && KNOWN.has(error.message) ? error.message : SOCIAL_FAILED
  if (message === SOCIAL_FAILED) console.warn('[appkit] The social login failed:', error)
  updateSocialLogin({ status: 'idle', error: message })
  emitKitEvent('SOCIAL_LOGIN_ERROR', { ...(provider ? { provider } : {}), message })
}

/** The return at `uri`: the frame redeems it, then the kit connects through the embedded wallet. */
async function finish(provider: SocialProvider | undefined, uri: string): Promise<void> {
  updateSocialLogin({ status: 'connecting' })
  const user = await authClient().request('connectSocial', { uri })
  rememberSocialAccount(provider, user.userName)
  await connectEmbeddedWallet()
  updateSocialLogin(initialSocialLogin)
  emitKitEvent('SOCIAL_LOGIN_SUCCESS', provider ? { provider } : {})
  if ($modal.get().open) resetView('Account')
}

/** Continues what startSocialLogin began: the provider's URL into its window (or this page), then the return. */
export async function continueSocialLogin(provider: SocialProvider, popup: Window | null): Promise<void> {
  try {
    const { uri } = await authClient().request('getSocialRedirectUri', { provider, returnUrl: returnUrl() })
    if (!popup) {
      storedPendingSocialLogin.set({ provider, at: Date.now() })
      location.assign(uri)
      return
    }
    // A window that opened and is closed already: the visitor closed it (never a reason to take
    // the page itself to the provider).
    if (popup.closed) throw new Error(SOCIAL_WINDOW_CLOSED)
    popup.location.href = uri
    await finish(provider, await waitForReturn(popup))
  } catch (error) {
    popup?.close()
    fail(provider, error)
  }
}

/** The page came back from the provider (full-page redirect): the login finishes here; the URL loses the return. */
export async function finishRedirectReturn(url: URL): Promise<boolean> {
  const pending = storedPendingSocialLogin.get()
  storedPendingSocialLogin.remove()
  const provider = pending && Date.now() - pending.at < ATTEMPT_MS ? pending.provider : undefined
  const clean = new URL(url)
  clean.searchParams.delete(SOCIAL_RESULT_PARAM)
  clean.searchParams.delete(SOCIAL_ERROR_PARAM)
  history.replaceState(history.state, '', clean)
  try {
    await finish(provider, url.href)
    return true
  } catch (error) {
    fail(provider, error)
    // The visitor left the page to sign in: the modal says why it did not work.
    openModal()
    return false
  }
}
