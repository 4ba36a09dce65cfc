/** Shared by the Solana tests: the test keypairs and a raw JSON-RPC call. */
import { Keypair } from '@solana/web3.js'
import { solanaTestAccounts } from '../../local/solana/accounts.js'

/** The web3.js Keypair of test account `index` (0 Alice, 1 Bob, 2 Carol, 3 Dave). */
export function testKeypair(index: number): Keypair {
  const account = solanaTestAccounts[index]
  if (!account) throw new Error(`no Solana test account ${index}`)
  return Keypair.fromSecretKey(Uint8Array.from(account.secretKey))
}

/** POSTs a raw body and returns the parsed JSON answer. */
export async function rawRpc(rpcUrl: string, body: string): Promise<unknown> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
  return response.json()
}

/** One JSON-RPC call; resolves with the whole response (result or error). */
export async function rpc(
  rpcUrl: string,
  method: string,
  params: unknown[] = []
): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }> {
  return (await rawRpc(rpcUrl, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))) as never
}

/** Resolves when `check` returns true, polling every 20 ms; rejects after `ms`. */
export async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}
