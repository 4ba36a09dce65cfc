// The e-mail login and the e-mail change (docs/behaviour.md sections 4 and 5), as actions over the secure
// frame: e-mail -> (device code when the device is new) -> login code -> connected through the
// auth connector; and new address -> code to the old address -> code to the new one. Failures keep
// what was typed and say why; asking for a code again within 30 s says when it may be asked.
import { EMAIL_LOGIN_COOLDOWN_MS } from '../../config/constants.js'
import { storedEmail, storedLastEmailLoginTime } from '../../storage/keys.js'
import { setAccount } from '../account.js'
import { emitKitEvent } from '../kit-events.js'
import { $modal } from '../modal.js'
import { pushView, replaceView, resetView } from '../router.js'
import { showSuccess } from '../toast.js'
import { connectEmbeddedWallet } from './auth-connect.js'
import { authClient } from './auth-session.js'
import { $emailLogin, updateEmailLogin } from './state.js'
import { CODE_INCOMPLETE, CODE_LENGTH, EMAIL_INVALID, EMAIL_UPDATED } from './texts.js'

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const CODE_FORMAT = new RegExp(`^\\d{${CODE_LENGTH}}$`)
const TRY_AGAIN = /Please try again after (\d+) seconds/

const isEmail = (value: string) => EMAIL_FORMAT.test(value)

/** Seconds left of the 30 s cool-down (rounded up), or 0 when a code may be asked for. */
export function cooldownLeft(now = Date.now()): number {
  const last = storedLastEmailLoginTime.get()
  if (last === undefined) return 0
  const left = last + EMAIL_LOGIN_COOLDOWN_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error)
}

/** Runs `step` with busy set; a failure is kept as the error (the backend's cool-down as seconds). */
async function run(step: () => Promise<void>): Promise<boolean> {
  updateEmailLogin({ busy: true, error: undefined, cooldownSeconds: undefined })
  try {
    await step()
    updateEmailLogin({ busy: false })
    return true
  } catch (error) {
    const message = messageOf(error)
    const seconds = TRY_AGAIN.exec(message)?.[1]
    updateEmailLogin({
      busy: false,
      error: seconds ? undefined : message,
      cooldownSeconds: seconds ? Number(seconds) : undefined
    })
    return false
  }
}

/** Checks a code's shape; says what is wrong when it is not one. */
function checkCode(code: string): boolean {
  if (CODE_FORMAT.test(code)) return true
  updateEmailLogin({ error: CODE_INCOMPLETE, cooldownSeconds: undefined })
  return false
}

/**
 * Sends a login code to `email` (a device code first when the account is known and this device is
 * new) and opens the view for it. Resolves whether a code was sent.
 */
export async function submitEmail(email: string): Promise<boolean> {
  const trimmed = email.trim()
  updateEmailLogin({ email: trimmed })
  if (!isEmail(trimmed)) {
    updateEmailLogin({ error: EMAIL_INVALID, cooldownSeconds: undefined })
    return false
  }
  const left = cooldownLeft()
  if (left > 0) {
    updateEmailLogin({ error: undefined, cooldownSeconds: left })
    return false
  }
  return run(async () => {
    const { action } = await authClient().request('connectEmail', { email: trimmed })
    // CONNECT: the frame is already logged in with this address; no code was sent, none is asked.
    if (action === 'CONNECT') return finishLogin(trimmed)
    storedLastEmailLoginTime.set(Date.now())
    const view = action === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : 'EmailVerifyOtp'
    if (view === 'EmailVerifyOtp' || $modal.get().open) pushView(view)
  })
}

/** The device code: the device is remembered and a login code is sent. */
export async function submitDeviceCode(code: string): Promise<boolean> {
  if (!checkCode(code)) return false
  return run(async () => {
    await authClient().request('connectDevice', { otp: code })
    replaceView('EmailVerifyOtp')
  })
}

/** The login code: the frame logs in, then the kit connects through the auth connector. */
export async function submitOtp(code: string): Promise<boolean> {
  if (!checkCode(code)) return false
  const { email } = $emailLogin.get()
  return run(async () => {
    await authClient().request('connectOtp', { otp: code })
    await finishLogin(email)
  })
}

/** The frame is logged in as `email`: the kit connects through the auth connector, on Account. */
async function finishLogin(email: string): Promise<void> {
  // What the account shows, stored before connecting so that the Account view has it at once.
  storedEmail.set(email)
  await connectEmbeddedWallet()
  emitKitEvent('EMAIL_LOGIN_SUCCESS')
  if ($modal.get().open) resetView('Account')
}

/** Sends the code again (the cool-down applies). */
export function resendCode(): Promise<boolean> {
  return submitEmail($emailLogin.get().email)
}

/** E-mail change, step 1: the new address; a code goes to the current one. */
export async function submitNewEmail(newEmail: string): Promise<boolean> {
  const trimmed = newEmail.trim()
  updateEmailLogin({ newEmail: trimmed })
  if (!isEmail(trimmed)) {
    updateEmailLogin({ error: EMAIL_INVALID, cooldownSeconds: undefined })
    return false
  }
  return run(async () => {
    await authClient().request('updateEmail', { newEmail: trimmed })
    pushView('UpdateEmailPrimaryOtp')
  })
}

/** E-mail change, step 2: the code sent to the current address; a code goes to the new one. */
export async function submitPrimaryOtp(code: string): Promise<boolean> {
  if (!checkCode(code)) return false
  return run(async () => {
    await authClient().request('updateEmailPrimaryOtp', { otp: code })
    replaceView('UpdateEmailSecondaryOtp')
  })
}

/** E-mail change, step 3: the code sent to the new address; the new address is stored and shown. */
export async function submitSecondaryOtp(code: string): Promise<boolean> {
  if (!checkCode(code)) return false
  return run(async () => {
    const { newEmail } = await authClient().request('updateEmailSecondaryOtp', { otp: code })
    storedEmail.set(newEmail)
    setAccount({ user: { email: newEmail } })
    updateEmailLogin({ email: newEmail, newEmail: '' })
    showSuccess(EMAIL_UPDATED)
    resetView('Account')
  })
}

/** Leaves a step: the error goes, the typed addresses stay. */
export function clearEmailError(): void {
  updateEmailLogin({ error: undefined, cooldownSeconds: undefined })
}

/** Creates the frame now (a visitor who logged in by e-mail before: the reconnect needs it). */
export function startFrame(): void {
  authClient()
}
