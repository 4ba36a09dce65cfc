// The frame's logins (docs/behaviour.md section 7): e-mail (the code goes to the backend, the keys stay here,
// service/frame/keys.ts), social (the start and finish go to the backend; the provider's tokens never reach
// the frame) and Sign In With Farcaster (the frame keeps the attempt, the page only sees the URL).
import { BackendError, type Backend, type LoginAnswer } from './backend.js'
import type { FrameHandlers, HandlerContext } from './handler-context.js'
import { user } from './handlers-account.js'
import { ensureKeys } from './keys.js'
import { NO_LONGER_CONNECTED } from './rpc.js'
import { SOCIAL_CANCELLED, SOCIAL_ERROR_PARAM, SOCIAL_FAILED, SOCIAL_RESULT_PARAM } from '../../src/frame/social.js'

export const NO_LOGIN_STARTED = 'Start the e-mail login first'
export const SOCIAL_RETURN_NOT_HOST = 'A social login returns only to a page of the host’s origin'
export const NO_FARCASTER_STARTED = 'Start the Farcaster sign-in first'

/** A login the backend answered (e-mail code or social result): the keys, the account, the session. */
async function logIn({ deps, state }: HandlerContext, login: LoginAnswer): Promise<void> {
  const { backend, session, wallet, approvals } = deps
  const keyring = await ensureKeys(backend, login.sessionToken, login.keys)
  const previous = session.token()
  if (wallet.current && wallet.current.keyring.address !== keyring.address) approvals.rejectAll(NO_LONGER_CONNECTED)
  wallet.set({ email: login.email, keyring, ...(login.social ? { social: login.social } : {}) }, login.sessionToken)
  state.loginEmail = undefined
  if (previous && previous !== login.sessionToken) {
    backend.signOut(previous).catch(error => console.warn('[frame] could not end the previous session', error))
  }
}

/** Whether this host's session is `email`'s and the backend still holds it. */
async function loggedInAs({ deps }: HandlerContext, email: string): Promise<boolean> {
  const account = await deps.wallet.restore().catch(() => undefined)
  if (!account?.email || account.email.toLowerCase() !== email.toLowerCase()) return false
  return deps.wallet.confirmSession().then(
    () => true,
    () => false
  )
}

/** Whether `url` is a page of the host's origin. */
function onHost({ deps }: HandlerContext, url: string): boolean {
  try {
    return new URL(url).origin === deps.hostOrigin
  } catch {
    return false
  }
}

type EmailMethod = 'connectEmail' | 'connectDevice' | 'connectOtp'

export function emailLoginHandlers(context: HandlerContext): Pick<FrameHandlers, EmailMethod> {
  const { deps, state } = context
  const { backend, session } = deps
  const pendingEmail = (): string => {
    if (!state.loginEmail) throw new Error(NO_LOGIN_STARTED)
    return state.loginEmail
  }
  return {
    async connectEmail({ email }) {
      // Already logged in with this address from this host, and the session holds: no code is
      // sent, the host connects at once (docs/behaviour.md section 3, the connect step's action CONNECT).
      if (await loggedInAs(context, email)) return { action: 'CONNECT' as const }
      state.loginEmail = email
      return backend.emailStart({ projectId: deps.projectId, email, deviceId: session.deviceId() })
    },

    async connectDevice({ otp }) {
      return backend.emailDevice({ email: pendingEmail(), deviceId: session.deviceId(), code: otp })
    },

    async connectOtp({ otp }) {
      await logIn(context, await backend.emailOtp({ email: pendingEmail(), deviceId: session.deviceId(), code: otp }))
      return {}
    }
  }
}

type SocialMethod = 'getSocialRedirectUri' | 'connectSocial' | 'getFarcasterUri' | 'connectFarcaster'

export function socialLoginHandlers(context: HandlerContext): Pick<FrameHandlers, SocialMethod> {
  const { deps, state } = context
  const { backend, session } = deps
  return {
    async getSocialRedirectUri({ provider, returnUrl }) {
      const back = returnUrl ?? `${deps.hostOrigin}/`
      if (!onHost(context, back)) throw new Error(SOCIAL_RETURN_NOT_HOST)
      return backend.socialStart({ projectId: deps.projectId, provider, returnUrl: back, deviceId: session.deviceId() })
    },

    async connectSocial({ uri, chainId, preferredAccountType }) {
      if (!onHost(context, uri)) throw new Error(SOCIAL_RETURN_NOT_HOST)
      const url = new URL(uri)
      const error = url.searchParams.get(SOCIAL_ERROR_PARAM)
      if (error) throw new Error(error === 'access_denied' ? SOCIAL_CANCELLED : SOCIAL_FAILED)
      const result = url.searchParams.get(SOCIAL_RESULT_PARAM)
      if (!result) throw new Error(SOCIAL_FAILED)
      let login: LoginAnswer
      try {
        login = await backend.socialFinish({ result, deviceId: session.deviceId() })
      } catch (cause) {
        if (cause instanceof BackendError && cause.status === 400) throw new Error(SOCIAL_FAILED, { cause })
        throw cause
      }
      await logIn(context, login)
      return user(context, {
        ...(chainId === undefined ? {} : { chainId }),
        ...(preferredAccountType ? { preferredAccountType } : {})
      })
    },

    async getFarcasterUri() {
      const { uri, attempt } = await backend.farcasterStart({
        projectId: deps.projectId,
        pageOrigin: deps.hostOrigin,
        deviceId: session.deviceId()
      })
      state.farcasterAttempt = attempt
      return { url: uri }
    },

    async connectFarcaster({ chainId }) {
      const attempt = state.farcasterAttempt
      if (!attempt) throw new Error(NO_FARCASTER_STARTED)
      let answer: Awaited<ReturnType<Backend['farcasterFinish']>>
      try {
        answer = await backend.farcasterFinish({ attempt, deviceId: session.deviceId() })
      } catch (cause) {
        // The backend's 400s (expired, not verified) end the attempt; anything else may be asked again.
        if (cause instanceof BackendError && cause.status === 400 && state.farcasterAttempt === attempt) {
          state.farcasterAttempt = undefined
        }
        throw cause
      }
      if (answer.state === 'pending') return { state: 'pending' }
      if (state.farcasterAttempt === attempt) state.farcasterAttempt = undefined
      await logIn(context, answer)
      return { state: 'connected', ...(await user(context, chainId === undefined ? {} : { chainId })) }
    }
  }
}
