import * as z from 'zod/mini'

/**
 * A Bitcoin address's balance from an Esplora API (`GET /address/:a`: funded and spent sums,
 * confirmed and in the mempool). A module of its own, without the Wallet Standard registry, so that
 * WalletConnect's Bitcoin methods (src/connectors/walletconnect/bip122-methods.ts) read it too.
 */
const sum = z.number().check(z.refine(n => Number.isSafeInteger(n) && n >= 0, 'a whole number of satoshis'))
const statsSchema = z.object({ funded_txo_sum: sum, spent_txo_sum: sum })
const esploraAddressSchema = z.object({ chain_stats: statsSchema, mempool_stats: statsSchema })

/** Confirmed and unconfirmed satoshis of `address`, from the Esplora API at `baseUrl`. */
export async function readEsploraBalance(baseUrl: string, address: string): Promise<bigint> {
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`)
  if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
  const { chain_stats: chain, mempool_stats: mempool } = esploraAddressSchema.parse(await response.json())
  return BigInt(chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum)
}
