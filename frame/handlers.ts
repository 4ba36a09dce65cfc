// What the frame answers to each request of the host page (spec.md section 7, FRAME_METHODS in
// src/frame/messages.ts). E-mail login and e-mail change go to the backend; the keys stay here
// (frame/keys.ts); a social login's start and finish go to the backend too (the provider's tokens
// never reach the frame), and so does Sign In With Farcaster (the frame keeps the attempt, the page
// only sees the URL); RPC goes through frame/rpc.ts, to the backend's chains or, for a network the
// backend does not serve, to the app's own RPC URL (frame/chain-rpc.ts; syncDappData gives the app's
// networks and its default one). The account the page uses on an EVM chain is
// the EOA, or the smart account (frame/smart-wallet.ts) when the page prefers it (getUser,
// setPreferredAccount, connectSocial) and the backend runs smart accounts on that chain; otherwise
// the EOA, and getUser says so (preferredAccountType 'eoa').
// Nothing answered may contain a key: every answer is checked against the keys in memory.
import type { FrameParams, FrameResult } from '../src/frame/messages.js'
import type { FrameHandlers } from './host-channel.js'
import type { ApprovalView } from './approval.js'
import { BackendError, type Backend, type LoginAnswer } from './backend.js'
import { ChainRpc } from './chain-rpc.js'
import { parseChainId } from './chains.js'
import { ensureKeys } from './keys.js'
import { createChainForward, createRpc, NO_LONGER_CONNECTED } from './rpc.js'
import { createSmartWallet, SMART_ACCOUNT_UNAVAILABLE, type ActiveSmartAccount } from './smart-wallet.js'
import type { FrameSession } from './session.js'
import { applyTheme } from './theme.js'
import { SOCIAL_CANCELLED, SOCIAL_ERROR_PARAM, SOCIAL_FAILED, SOCIAL_RESULT_PARAM } from '../src/frame/social.js'
import type { Account, Wallet } from './wallet.js'

export const NO_LOGIN_STARTED = 'Start the e-mail login first'
export const SOCIAL_RETURN_NOT_HOST = 'A social login returns only to a page of the host’s origin'
export const KEY_IN_ANSWER = 'The frame refused to answer with key material'
export const NO_FARCASTER_STARTED = 'Start the Farcaster sign-in first'

export interface HandlerDependencies {
  readonly projectId: string
  /** The host page's origin: a social login returns only to a page there. */
  readonly hostOrigin: string
  readonly backend: Backend
  readonly session: FrameSession
  readonly wallet: Wallet
  readonly approvals: Pick<ApprovalView, 'ask' | 'setApp' | 'rejectAll'>
  /** The element the theme goes on (the frame's <html>). */
  readonly themeRoot: HTMLElement
  /** Reloads the frame (location.reload). */
  readonly reload: () => void
  /** The most approvals that may wait at once (default PENDING_TRANSACTIONS_LIMIT). */
  readonly approvalLimit?: number
  /** Where JSON-RPC goes (default: a ChainRpc over `backend`, with the browser's fetch). */
  readonly chains?: ChainRpc
}

export function createHandlers(deps: HandlerDependencies): FrameHandlers {
  const { backend, session, wallet, approvals } = deps
  /** The address an e-mail login is under way for (connectEmail, then connectDevice / connectOtp). */
  let loginEmail: string | undefined
  /** The Farcaster sign-in under way (getFarcasterUri, then connectFarcaster until approved). */
  let farcasterAttempt: string | undefined
  /** The Solana network the page last asked about (getUser, switchNetwork): where sign-and-send goes by default. */
  let solanaChainId: string | undefined
  /** The EVM account type the page prefers (getUser, setPreferredAccount, connectSocial); the EOA until it says. */
  let preferred: 'eoa' | 'smartAccount' = 'eoa'
  /** The chains' JSON-RPC: the backend's, else the app's RPC URL (frame/chain-rpc.ts). */
  const chains = deps.chains ?? new ChainRpc(backend)
  const smartWallet = createSmartWallet({ backend, forward: createChainForward(chains) })

  /** The smart account in use on the wallet's chain: undefined when the EOA is preferred or the chain has none. */
  async function activeSmart(account: Account): Promise<ActiveSmartAccount | undefined> {
    if (preferred !== 'smartAccount') return undefined
    const chainId = session.lastChainId()
    try {
      if (!(await smartWallet.isEnabled(chainId))) return undefined
      return {
        address: await smartWallet.address(account.keyring.account, chainId),
        chainId,
        wallet: smartWallet,
        entryPoint: await smartWallet.entryPoint()
      }
    } catch (error) {
      console.warn(`[frame] no smart account on chain ${chainId}; the EOA answers`, error)
      return undefined
    }
  }

  const pendingEmail = (): string => {
    if (!loginEmail) throw new Error(NO_LOGIN_STARTED)
    return loginEmail
  }

  const rpcRequest = createRpc({
    account: () => wallet.require(),
    isCurrent: account => wallet.current?.keyring === account.keyring,
    confirmSession: () => wallet.confirmSession(),
    chainId: () => session.lastChainId(),
    solanaChainId: () => solanaChainId,
    backend: chains,
    approve: request => approvals.ask(request),
    limit: deps.approvalLimit,
    smartAccount: activeSmart,
    balances: address => wallet.withSession(token => backend.balance(token, address))
  })

  /** Whether `url` is a page of the host's origin. */
  const onHost = (url: string): boolean => {
    try {
      return new URL(url).origin === deps.hostOrigin
    } catch {
      return false
    }
  }

  /** Whether this host's session is `email`'s and the backend still holds it. */
  async function loggedInAs(email: string): Promise<boolean> {
    const account = await wallet.restore().catch(() => undefined)
    if (!account?.email || account.email.toLowerCase() !== email.toLowerCase()) return false
    return wallet.confirmSession().then(
      () => true,
      () => false
    )
  }

  /** A login the backend answered (e-mail code or social result): the keys, the account, the session. */
  async function logIn(login: LoginAnswer): Promise<void> {
    const keyring = await ensureKeys(backend, login.sessionToken, login.keys)
    const previous = session.token()
    if (wallet.current && wallet.current.keyring.address !== keyring.address) approvals.rejectAll(NO_LONGER_CONNECTED)
    wallet.set({ email: login.email, keyring, ...(login.social ? { social: login.social } : {}) }, login.sessionToken)
    loginEmail = undefined
    if (previous && previous !== login.sessionToken) {
      backend.signOut(previous).catch(error => console.warn('[frame] could not end the previous session', error))
    }
  }

  /** The logged-in user on `chainId` (the EVM one: the stored last chain; a Solana one: its address). */
  async function user({ chainId, preferredAccountType }: FrameParams<'getUser'>): Promise<FrameResult<'getUser'>> {
    const account = await wallet.require()
    const { email, keyring, social } = account
    const userName = social ? { userName: social.username } : {}
    const chain = chainId === undefined ? undefined : parseChainId(chainId)
    if (chain?.namespace === 'solana') {
      solanaChainId = chain.id
      const address = keyring.solanaAddress
      return {
        email,
        address,
        chainId: chain.id,
        accounts: [{ address, type: 'eoa' }],
        preferredAccountType: 'eoa',
        ...userName
      }
    }
    if (chain) session.setLastChainId(chain.id)
    if (preferredAccountType) preferred = preferredAccountType
    const { address } = keyring
    const smart = await activeSmart(account)
    if (smart) {
      const deployed = await smart.wallet.isDeployed(keyring.account, smart.chainId).catch(() => undefined)
      return {
        email,
        address: smart.address,
        ...userName,
        chainId: smart.chainId,
        accounts: [
          { address: smart.address, type: 'smartAccount' },
          { address, type: 'eoa' }
        ],
        preferredAccountType: 'smartAccount',
        ...(deployed === undefined ? {} : { smartAccountDeployed: deployed })
      }
    }
    return {
      email,
      address,
      ...userName,
      chainId: session.lastChainId(),
      accounts: [{ address, type: 'eoa' }],
      preferredAccountType: 'eoa'
    }
  }

  const handlers: FrameHandlers = {
    async connectEmail({ email }) {
      // Already logged in with this address from this host, and the session holds: no code is
      // sent, the host connects at once (spec.md section 3, the connect step's action CONNECT).
      if (await loggedInAs(email)) return { action: 'CONNECT' as const }
      loginEmail = email
      return backend.emailStart({ projectId: deps.projectId, email, deviceId: session.deviceId() })
    },

    async connectDevice({ otp }) {
      return backend.emailDevice({ email: pendingEmail(), deviceId: session.deviceId(), code: otp })
    },

    async connectOtp({ otp }) {
      await logIn(await backend.emailOtp({ email: pendingEmail(), deviceId: session.deviceId(), code: otp }))
      return {}
    },

    async getSocialRedirectUri({ provider, returnUrl }) {
      const back = returnUrl ?? `${deps.hostOrigin}/`
      if (!onHost(back)) throw new Error(SOCIAL_RETURN_NOT_HOST)
      return backend.socialStart({ projectId: deps.projectId, provider, returnUrl: back, deviceId: session.deviceId() })
    },

    async connectSocial({ uri, chainId, preferredAccountType }) {
      if (!onHost(uri)) throw new Error(SOCIAL_RETURN_NOT_HOST)
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
      await logIn(login)
      return user({
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
      farcasterAttempt = attempt
      return { url: uri }
    },

    async connectFarcaster({ chainId }) {
      const attempt = farcasterAttempt
      if (!attempt) throw new Error(NO_FARCASTER_STARTED)
      let answer: Awaited<ReturnType<Backend['farcasterFinish']>>
      try {
        answer = await backend.farcasterFinish({ attempt, deviceId: session.deviceId() })
      } catch (cause) {
        // The backend's 400s (expired, not verified) end the attempt; anything else may be asked again.
        if (cause instanceof BackendError && cause.status === 400 && farcasterAttempt === attempt) {
          farcasterAttempt = undefined
        }
        throw cause
      }
      if (answer.state === 'pending') return { state: 'pending' }
      if (farcasterAttempt === attempt) farcasterAttempt = undefined
      await logIn(answer)
      return { state: 'connected', ...(await user(chainId === undefined ? {} : { chainId })) }
    },

    async isConnected() {
      return { isConnected: Boolean(await wallet.restore()) }
    },

    getUser: user,

    async signOut() {
      const token = session.token()
      approvals.rejectAll(NO_LONGER_CONNECTED)
      wallet.clear()
      loginEmail = undefined
      preferred = 'eoa'
      if (token) await backend.signOut(token).catch(error => console.warn('[frame] sign-out failed', error))
      return {}
    },

    getChainId: () => ({ chainId: session.lastChainId() }),

    async getSmartAccountEnabledNetworks() {
      return { smartAccountEnabledNetworks: await smartWallet.enabledNetworks() }
    },

    async setPreferredAccount({ type }) {
      const account = await wallet.require()
      preferred = type
      if (type === 'eoa') return { type, address: account.keyring.address }
      const smart = await activeSmart(account)
      if (!smart) {
        preferred = 'eoa'
        throw new Error(SMART_ACCOUNT_UNAVAILABLE(session.lastChainId()))
      }
      return { type, address: smart.address }
    },

    /** Deploys the smart account on the wallet's chain (a sponsored user operation) when it is not yet. */
    async initSmartAccount() {
      const { keyring } = await wallet.require()
      const chainId = session.lastChainId()
      if (!(await smartWallet.isEnabled(chainId))) throw new Error(SMART_ACCOUNT_UNAVAILABLE(chainId))
      await smartWallet.deploy(keyring.account, chainId)
      return { isDeployed: await smartWallet.isDeployed(keyring.account, chainId) }
    },

    switchNetwork({ chainId }) {
      const chain = parseChainId(chainId)
      if (chain.namespace === 'solana') {
        solanaChainId = chain.id
        return { chainId: chain.id }
      }
      session.setLastChainId(chain.id)
      return { chainId: chain.id }
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

    syncDappData({ metadata, networks, defaultChainId }) {
      approvals.setApp(metadata?.name)
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
