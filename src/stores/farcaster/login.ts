// Sign In With Farcaster through the embedded wallet (docs/behaviour.md sections 1-3; service/frame/README.md): the
// frame asks its backend for a relay channel and gives the page its URL, shown as a QR code and a
// link to the Farcaster app; the kit asks the frame once a second whether the visitor approved;
// the backend verifies the signed message on chain; the frame logs in; the kit connects through
// the AUTH connector like the e-mail login, and the account shows the Farcaster name.
import {
  FARCASTER_EXPIRED,
  FARCASTER_FAILED,
  FARCASTER_NOT_VERIFIED,
  FARCASTER_UNAVAILABLE
} from '../../frame/farcaster.js'
import { connectEmbeddedWallet } from '../email/auth-connect.js'
import { authClient } from '../email/auth-session.js'
import { emitKitEvent } from '../kit-events.js'
import { $modal } from '../modal.js'
import { resetView } from '../router.js'
import { rememberSocialAccount } from '../social/remember.js'
import { LINK_COPIED, LINK_COPY_FAILED } from '../texts.js'
import { copyWithToast } from '../toast.js'
import { $farcasterLogin, initialFarcasterLogin, updateFarcasterLogin } from './state.js'

/** How often the frame is asked whether the visitor approved. */
export const FARCASTER_POLL_MS = 1000
/** Questions in a row that may go unanswered (a frame request timing out, the network) before the attempt fails. */
export const FARCASTER_MAX_MISSES = 3
const KNOWN = new Set([FARCASTER_EXPIRED, FARCASTER_NOT_VERIFIED, FARCASTER_UNAVAILABLE])
const isKnown = (error: unknown) => error instanceof Error && KNOWN.has(error.message)
const askFrame = () => authClient().request('connectFarcaster', {})

/** Each start (and each cancel) makes the attempt before it stale: its answers are dropped. */
let attempt = 0

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

function fail(error: unknown): void {
  const message = isKnown(error) ? (error as Error).message : FARCASTER_FAILED
  if (message === FARCASTER_FAILED) console.warn('[appkit] The Farcaster sign-in failed:', error)
  updateFarcasterLogin({ status: 'failed', error: message })
  emitKitEvent('SOCIAL_LOGIN_ERROR', { provider: 'farcaster', message })
}

/** The frame logged in as `userName`: the kit connects, then the Account view shows it. */
async function connect(userName: string | undefined): Promise<void> {
  updateFarcasterLogin({ status: 'connecting' })
  rememberSocialAccount('farcaster', userName)
  await connectEmbeddedWallet()
  $farcasterLogin.set(initialFarcasterLogin)
  emitKitEvent('SOCIAL_LOGIN_SUCCESS', { provider: 'farcaster' })
  if ($modal.get().open) resetView('Account')
}

/**
 * Starts a sign-in (the view shows it; Try again starts another) and waits for the approval. The
 * attempt ends when the visitor approved, when the backend refuses it (expired after 5 minutes, not
 * verified), or when cancelFarcasterLogin is called. An approval that arrives after a cancel still
 * connects: the visitor did approve, and the frame has logged in.
 */
export async function startFarcasterLogin(): Promise<void> {
  const mine = ++attempt
  $farcasterLogin.set({ ...initialFarcasterLogin, status: 'loading' })
  try {
    const { url } = await authClient().request('getFarcasterUri', {})
    if (mine !== attempt) return
    // It becomes a link's href and a QR code: a web URL only (never javascript: or data:).
    if (!isWebUrl(url)) throw new Error(`The frame gave a sign-in URL that is not http(s): ${url.slice(0, 40)}`)
    updateFarcasterLogin({ status: 'waiting', url })
    let misses = 0
    for (;;) {
      await sleep(FARCASTER_POLL_MS)
      if (mine !== attempt) return
      let answer: Awaited<ReturnType<typeof askFrame>>
      try {
        answer = await askFrame()
        misses = 0
      } catch (error) {
        // The backend's refusals end the attempt; a question that got no answer is asked again.
        if (isKnown(error) || ++misses >= FARCASTER_MAX_MISSES) throw error
        console.warn('[appkit] The Farcaster sign-in could not be checked, asking again:', error)
        continue
      }
      if (answer.state === 'connected') {
        attempt++
        await connect(answer.userName).catch(fail)
        return
      }
    }
  } catch (error) {
    if (mine === attempt) fail(error)
  }
}

/** The view was left: the attempt's answers are ignored from now on. */
export function cancelFarcasterLogin(): void {
  attempt++
  $farcasterLogin.set(initialFarcasterLogin)
}

/** Copies the sign-in URL (for a Farcaster app on another device), with a toast. */
export async function copyFarcasterUrl(): Promise<boolean> {
  const { url } = $farcasterLogin.get()
  return url ? copyWithToast(url, LINK_COPIED, LINK_COPY_FAILED) : false
}
