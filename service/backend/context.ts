// What every route module receives: the database, the configuration and the chains it may read.
import { createPublicClient, http, type PublicClient } from 'viem'
import { localViemChain } from '../../local/chain/deployment.js'
import type { ServerConfig } from './config.js'
import type { Database } from './db/database.js'
import type { SolanaContext } from './solana/accounts.js'
import type { BitcoinContext } from './bitcoin/esplora.js'

export interface ChainContext {
  chainId: number
  /** "eip155:31337" */
  caipNetworkId: string
  rpcUrl: string
  /** A viem public client over rpcUrl. */
  client: PublicClient
  /** The block the chain's own history starts after (the last deployment block), when known. */
  deployBlock?: bigint
}

export interface ServerContext {
  db: Database
  config: ServerConfig
  /** The chains this backend reads; empty when no chain runs. */
  chains: ChainContext[]
  /** The Solana node whose accounts the balance and history endpoints read, when one runs. */
  solana?: SolanaContext
  /** The Esplora API whose Bitcoin addresses the balance endpoint reads, when one answers. */
  bitcoin?: BitcoinContext
  /**
   * Registers work to do when the server stops (an indexer loop, a timer), run before the
   * database closes. Present when started through startServer/createServerContext.
   */
  onClose?: (run: () => void | Promise<void>) => void
  /** The clock in Unix milliseconds (codes, sessions); Date.now when absent. Tests move it. */
  now?: () => number
}

/** The context's clock: `context.now()` when set, else Date.now(). */
export const nowOf = (context: Pick<ServerContext, 'now'>): number => (context.now ? context.now() : Date.now())

/** A context with an onClose registry; `close()` runs what was registered, newest first. */
export function createServerContext(parts: Omit<ServerContext, 'onClose'>): ServerContext & {
  close(): Promise<void>
} {
  const closers: Array<() => void | Promise<void>> = []
  return {
    ...parts,
    onClose: run => {
      closers.push(run)
    },
    close: async () => {
      for (const run of closers.splice(0).reverse()) {
        try {
          await run()
        } catch (error) {
          console.error('[server] a close hook failed:', error)
        }
      }
    }
  }
}

/** A ChainContext for an EVM chain at `rpcUrl` (e.g. from local/chain/start.ts `startChains()`). */
export function createChainContext(chainId: number, rpcUrl: string, deployBlock?: bigint): ChainContext {
  return {
    chainId,
    caipNetworkId: `eip155:${chainId}`,
    rpcUrl,
    client: createPublicClient({ chain: localViemChain(chainId, rpcUrl), transport: http(rpcUrl) }) as PublicClient,
    deployBlock
  }
}
