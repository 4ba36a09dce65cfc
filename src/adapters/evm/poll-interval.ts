import { isLocalEvmChain } from '../../networks/local.js'

/** The spec's client polling interval (docs/behaviour.md section 9: fallback poll interval 4 s, client polling 4000 ms). */
export const RPC_POLL_INTERVAL_MS = 4000
/** Ours: the same on a local development chain (networks/local.ts), which mines at once. */
export const LOCAL_POLL_INTERVAL_MS = 1000

/**
 * How often the kit asks whether a transaction it sent is mined (eth_getTransactionReceipt) or a
 * batch is final (wallet_getCallsStatus): the spec's 4 s (docs/behaviour.md section 9: client polling 4000 ms)
 * on every chain but a local development chain, which mines at once and answers at no cost: 1 s
 * there, so that a local swap does not wait 4 s for a block that is already there.
 */
export function statusPollMs(chainId: number): number {
  return isLocalEvmChain(chainId) ? LOCAL_POLL_INTERVAL_MS : RPC_POLL_INTERVAL_MS
}
