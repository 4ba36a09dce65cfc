/** `appkit-elements/evm`: the EVM (eip155) adapter and its network definitions. */
import type { NamespaceAdapter } from '../types.js'
import { lazyAdapter } from '../lazy-adapter.js'
import type { sessionKeyAccount as loadSessionKeyAccount } from './session-key-account.js'
import { bsc, localChainA, localChainB, mainnet } from '../../networks/definitions.js'

export { bsc, localChainA, localChainB, mainnet }

/**
 * The EVM adapter: EIP-6963 announced wallets, and the legacy injected `window.ethereum` when
 * nothing announces. Results of the wallets are checked with zod; no viem is loaded. The discovery
 * code loads on first use, as its own chunk.
 */
export function evmAdapter(): NamespaceAdapter {
  return lazyAdapter('eip155', [mainnet], () => import('./connectors.js'))
}
export { SESSION_KEY_ONE_CALL } from './session-key-errors.js'

type SessionKeyAccount = typeof loadSessionKeyAccount

/**
 * A smart session's key as a viem smart account (session-key-account.ts). It loads viem on call,
 * so importing `appkit-elements/evm` for evmAdapter() evaluates no viem (issue 35).
 */
export async function sessionKeyAccount(options: Parameters<SessionKeyAccount>[0]): ReturnType<SessionKeyAccount> {
  return (await import('./session-key-account.js')).sessionKeyAccount(options)
}
