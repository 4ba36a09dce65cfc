import * as z from 'zod/mini'
import { RpcClient } from '../../api/rpc-client.js'
import type { CaipNetwork } from '../../networks/types.js'

const receiptSchema = z.nullable(z.object({ status: z.string() }))

/** How often a sent transaction's receipt is asked for, and for how long. */
export const RECEIPT_POLL_MS = 1000
export const RECEIPT_TIMEOUT_MS = 120_000

/**
 * Waits until `hash` is mined on the network's own RPC (eth_getTransactionReceipt); resolves whether
 * it succeeded (status 0x1). Rejects when it is not mined within the timeout.
 */
export async function waitForReceipt(
  network: CaipNetwork,
  hash: string,
  options: { readonly pollMs?: number; readonly timeoutMs?: number } = {}
): Promise<boolean> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL`)
  const rpc = new RpcClient({ url, chainId: network.caipNetworkId })
  const deadline = Date.now() + (options.timeoutMs ?? RECEIPT_TIMEOUT_MS)
  for (;;) {
    const receipt = await rpc.request('eth_getTransactionReceipt', [hash], receiptSchema)
    if (receipt) return receipt.status === '0x1'
    if (Date.now() > deadline) throw new Error(`${hash} was not mined in time`)
    await new Promise(resolve => setTimeout(resolve, options.pollMs ?? RECEIPT_POLL_MS))
  }
}
