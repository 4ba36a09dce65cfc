/** Shared set-up of the e-mail login tests: an app whose frame is the test double on another origin. */
import { closeAuthSession } from '../../../src/stores/email/auth-session.js'
import { $emailLogin, initialEmailLogin } from '../../../src/stores/email/state.js'
import { $socialLogin, initialSocialLogin } from '../../../src/stores/social/state.js'
import { dismissAlert } from '../../../src/stores/alert.js'
import { setUpConnection, tearDownConnection } from '../connect/support.js'

/** The double (fixture/wallet-frame.ts) on 127.0.0.1: another origin than the test page's localhost. */
export const FRAME_URL = `http://127.0.0.1:${location.port}/test/browser/email/fixture/wallet-frame.html`
export const DOUBLE_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * Forgets the double's login (kept in the test server between frames, by project id: each test file
 * has its own project, since files run side by side).
 */
export async function forgetDoubleLogin(projectId: string): Promise<void> {
  await fetch(`/wallet-double/session?key=${projectId}`, { method: 'DELETE' })
}

export function setUpEmail(projectId: string, options: Parameters<typeof setUpConnection>[0] = {}) {
  closeAuthSession()
  $emailLogin.set(initialEmailLogin)
  $socialLogin.set(initialSocialLogin)
  dismissAlert()
  return setUpConnection({ frameUrl: FRAME_URL, projectId, ...options })
}

export function tearDownEmail(): void {
  closeAuthSession()
  $emailLogin.set(initialEmailLogin)
  $socialLogin.set(initialSocialLogin)
  dismissAlert()
  tearDownConnection()
}

/** The frame's iframes in the page (there is at most one). */
export const frames = () => [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-testid="w3m-frame"]')]

/**
 * What `dialog` is at each of its changes from now on: 'modal' (shown as a modal dialog), 'open'
 * or 'closed'. Read at the change itself, so a dialog shown only while a request waits is seen
 * however long the machine takes (a look after a fixed pause saw it, or missed it, by luck).
 */
export function dialogChanges(dialog: HTMLDialogElement): string[] {
  const changes: string[] = []
  new MutationObserver(() =>
    changes.push(dialog.open ? (dialog.matches(':modal') ? 'modal' : 'open') : 'closed')
  ).observe(dialog, { attributes: true, attributeFilter: ['open'] })
  return changes
}
