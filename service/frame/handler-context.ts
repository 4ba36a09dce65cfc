// What the frame's handlers (service/frame/handlers.ts, handlers-login.ts, handlers-account.ts) share: their
// dependencies, the chains' JSON-RPC, the smart wallet, and the state of the frame's conversation
// with its host page (the login under way, the networks the page asked about, the account type it
// prefers).
import type { FrameMethod, FrameParams } from '../../src/frame/messages.js'
import type { Approvals } from './approval-request.js'
import type { Backend } from './backend.js'
import { ChainRpc } from './chain-rpc.js'
import { createChainForward } from './rpc.js'
import type { FrameSession } from './session.js'
import { createSmartWallet, type SmartWallet } from './smart-wallet.js'
import type { ThemeRoot } from './theme.js'
import type { Wallet } from './wallet.js'

/** The frame's answer to each request the host page may send (service/frame/handlers.ts). */
export type FrameHandlers = {
  [M in FrameMethod]?: (params: FrameParams<M>) => Promise<unknown> | unknown
}

export interface HandlerDependencies {
  readonly projectId: string
  /** The host page's origin: a social login returns only to a page there. */
  readonly hostOrigin: string
  readonly backend: Backend
  readonly session: FrameSession
  readonly wallet: Wallet
  readonly approvals: Approvals
  /** The element the theme goes on (the frame's <html>). */
  readonly themeRoot: ThemeRoot
  /** Reloads the frame (location.reload). */
  readonly reload: () => void
  /** The most approvals that may wait at once (default PENDING_TRANSACTIONS_LIMIT). */
  readonly approvalLimit?: number
  /** Where JSON-RPC goes (default: a ChainRpc over `backend`, with the browser's fetch). */
  readonly chains?: ChainRpc
}

/** What the handlers remember between requests. */
export interface HandlerState {
  /** The address an e-mail login is under way for (connectEmail, then connectDevice / connectOtp). */
  loginEmail: string | undefined
  /** The Farcaster sign-in under way (getFarcasterUri, then connectFarcaster until approved). */
  farcasterAttempt: string | undefined
  /** The Solana network the page last asked about (getUser, switchNetwork): where sign-and-send goes by default. */
  solanaChainId: string | undefined
  /** The EVM account type the page prefers (getUser, setPreferredAccount, connectSocial); the EOA until it says. */
  preferred: 'eoa' | 'smartAccount'
}

export interface HandlerContext {
  readonly deps: HandlerDependencies
  /** The chains' JSON-RPC: the backend's, else the app's RPC URL (service/frame/chain-rpc.ts). */
  readonly chains: ChainRpc
  readonly smartWallet: SmartWallet
  readonly state: HandlerState
}

export function createHandlerContext(deps: HandlerDependencies): HandlerContext {
  const chains = deps.chains ?? new ChainRpc(deps.backend)
  return {
    deps,
    chains,
    smartWallet: createSmartWallet({ backend: deps.backend, forward: createChainForward(chains) }),
    state: { loginEmail: undefined, farcasterAttempt: undefined, solanaChainId: undefined, preferred: 'eoa' }
  }
}
