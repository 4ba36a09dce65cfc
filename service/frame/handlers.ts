// What the frame answers to each request of the host page (docs/behaviour.md section 7, FRAME_METHODS in
// src/frame/messages.ts). E-mail login and e-mail change go to the backend; the keys stay here
// (service/frame/keys.ts); a social login's start and finish go to the backend too (the provider's tokens
// never reach the frame), and so does Sign In With Farcaster (the frame keeps the attempt, the page
// only sees the URL); RPC goes through service/frame/rpc.ts, to the backend's chains or, for a network the
// backend does not serve, to the app's own RPC URL (service/frame/chain-rpc.ts; syncDappData gives the app's
// networks and its default one). The account the page uses on an EVM chain is
// the EOA, or the smart account (service/frame/smart-wallet.ts) when the page prefers it (getUser,
// setPreferredAccount, connectSocial) and the backend runs smart accounts on that chain; otherwise
// the EOA, and getUser says so (preferredAccountType 'eoa').
// The logins are in service/frame/handlers-login.ts, the account and network answers in
// service/frame/handlers-account.ts, what they share in service/frame/handler-context.ts.
// Nothing answered may contain a key: every answer is checked against the keys in memory.
import { createHandlerContext, type FrameHandlers, type HandlerDependencies } from './handler-context.js'
import { accountHandlers, activeSmart } from './handlers-account.js'
import { emailLoginHandlers, socialLoginHandlers } from './handlers-login.js'
import { createRpc, NO_LONGER_CONNECTED } from './rpc.js'
import { applyTheme } from './theme.js'

export type { HandlerDependencies } from './handler-context.js'
export { NO_FARCASTER_STARTED, NO_LOGIN_STARTED, SOCIAL_RETURN_NOT_HOST } from './handlers-login.js'
export const KEY_IN_ANSWER = 'The frame refused to answer with key material'

export function createHandlers(deps: HandlerDependencies): FrameHandlers {
  const { backend, session, wallet, approvals } = deps
  const context = createHandlerContext(deps)
  const { chains, state } = context

  /** Whether the app turned smart sessions on (syncDappData); off until it says so. */
  let smartSessions = false
  const rpcRequest = createRpc({
    account: () => wallet.require(),
    isCurrent: account => wallet.current?.keyring === account.keyring,
    confirmSession: () => wallet.confirmSession(),
    chainId: () => session.lastChainId(),
    solanaChainId: () => state.solanaChainId,
    backend: chains,
    approve: request => approvals.ask(request),
    limit: deps.approvalLimit,
    smartAccount: account => activeSmart(context, account),
    balances: address => wallet.withSession(token => backend.balance(token, address)),
    smartSessions: () => smartSessions
  })

  const handlers: FrameHandlers = {
    ...emailLoginHandlers(context),
    ...socialLoginHandlers(context),
    ...accountHandlers(context),

    async isConnected() {
      return { isConnected: Boolean(await wallet.restore()) }
    },

    async signOut() {
      const token = session.token()
      approvals.rejectAll(NO_LONGER_CONNECTED)
      wallet.clear()
      state.loginEmail = undefined
      state.preferred = 'eoa'
      if (token) await backend.signOut(token).catch(error => console.warn('[frame] sign-out failed', error))
      return {}
    },

    async updateEmail({ newEmail }) {
      await wallet.require()
      return wallet.withSession(token => backend.updateEmail(token, newEmail))
    },

    async updateEmailPrimaryOtp({ otp }) {
      await wallet.withSession(token => backend.updateEmailPrimary(token, otp))
      return {}
    },

    async updateEmailSecondaryOtp({ otp }) {
      const { email } = await wallet.withSession(token => backend.updateEmailSecondary(token, otp))
      wallet.setEmail(email)
      return { newEmail: email }
    },

    syncTheme(params) {
      applyTheme(deps.themeRoot, params)
      return {}
    },

    syncDappData({ metadata, networks, defaultChainId, smartSessions: enabled }) {
      approvals.setApp(metadata?.name)
      smartSessions = enabled === true
      if (networks) chains.setAppNetworks(networks)
      if (defaultChainId !== undefined) session.setDefaultChainId(defaultChainId)
      return {}
    },

    reload() {
      // After the answer has gone out.
      setTimeout(deps.reload, 0)
      return {}
    },

    rpcRequest: params => rpcRequest(params)
  }
  return guardKeys(handlers, () => wallet.current?.keyring)
}

const bigintAsText = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : value)

/** `handlers`, each answer (and error message) checked: one that contains a key in memory becomes an error. */
export function guardKeys(
  handlers: FrameHandlers,
  keyring: () => { leaksInto(text: string): boolean } | undefined
): FrameHandlers {
  const guarded: Record<string, (params: unknown) => Promise<unknown>> = {}
  for (const [method, handler] of Object.entries(handlers) as Array<[string, (params: unknown) => unknown]>) {
    guarded[method] = async params => {
      let result: unknown
      try {
        result = await handler(params)
      } catch (error) {
        // No `cause`: it would carry the key.
        // eslint-disable-next-line preserve-caught-error
        if (error instanceof Error && keyring()?.leaksInto(error.message)) throw new Error(KEY_IN_ANSWER)
        throw error
      }
      if (keyring()?.leaksInto(JSON.stringify(result, bigintAsText) ?? '')) throw new Error(KEY_IN_ANSWER)
      return result
    }
  }
  return guarded as FrameHandlers
}
