import * as z from 'zod/mini'
import { systemClock, type Clock } from '../../api/clock.js'
import { isRetryableRpcFailure, RpcClient } from '../../api/rpc-client.js'
import type { CaipNetwork } from '../../networks/types.js'
import { statusPollMs } from './poll-interval.js'

const receiptSchema = z.nullable(z.object({ status: z.string() }))

/** How long a sent transaction's receipt is asked for. */
export const RECEIPT_TIMEOUT_MS = 120_000

/**
 * Waits until `hash` is mined on the network's own RPC (eth_getTransactionReceipt), asking every
 * 4 s (1 s on a local chain: statusPollMs); resolves whether it succeeded (status 0x1). Rejects
 * when it is not mined within the timeout. An RPC that cannot be reached (after its own retries) is
 * asked again at the next poll until the timeout: the wallet sent the transaction, which may well be
 * mined meanwhile, so an RPC that is down for a moment is no failed transaction (issue 33).
 */
export async function waitForReceipt(
  network: CaipNetwork,
  hash: string,
  options: { readonly timeoutMs?: number; readonly clock?: Clock } = {}
): Promise<boolean> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL`)
  const clock = options.clock ?? systemClock
  const rpc = new RpcClient({ url, chainId: network.caipNetworkId, clock })
  const pollMs = statusPollMs(Number(network.id))
  const deadline = clock.now() + (options.timeoutMs ?? RECEIPT_TIMEOUT_MS)
  for (;;) {
    let receipt: z.output<typeof receiptSchema> = null
    try {
      receipt = await rpc.request('eth_getTransactionReceipt', [hash], receiptSchema)
    } catch (error) {
      if (!isRetryableRpcFailure(error) || clock.now() > deadline) throw error
      console.warn('[appkit] The receipt could not be asked for; asking again:', error)
    }
    if (receipt) return receipt.status === '0x1'
    if (clock.now() > deadline) throw new Error(`${hash} was not mined in time`)
    await clock.sleep(pollMs)
  }
}
