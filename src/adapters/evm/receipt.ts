import * as z from 'zod/mini'
import { systemClock, type Clock } from '../../api/clock.js'
import { RpcClient } from '../../api/rpc-client.js'
import type { CaipNetwork } from '../../networks/types.js'
import { statusPollMs } from './poll-interval.js'

const receiptSchema = z.nullable(z.object({ status: z.string() }))

/** How long a sent transaction's receipt is asked for. */
export const RECEIPT_TIMEOUT_MS = 120_000

/**
 * Waits until `hash` is mined on the network's own RPC (eth_getTransactionReceipt), asking every
 * 4 s (1 s on a local chain: statusPollMs); resolves whether it succeeded (status 0x1). Rejects
 * when it is not mined within the timeout.
 */
export async function waitForReceipt(
  network: CaipNetwork,
  hash: string,
  options: { readonly timeoutMs?: number; readonly clock?: Clock } = {}
): Promise<boolean> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL`)
  const clock = options.clock ?? systemClock
  const rpc = new RpcClient({ url, chainId: network.caipNetworkId })
  const pollMs = statusPollMs(Number(network.id))
  const deadline = clock.now() + (options.timeoutMs ?? RECEIPT_TIMEOUT_MS)
  for (;;) {
    const receipt = await rpc.request('eth_getTransactionReceipt', [hash], receiptSchema)
    if (receipt) return receipt.status === '0x1'
    if (clock.now() > deadline) throw new Error(`${hash} was not mined in time`)
    await clock.sleep(pollMs)
  }
}
