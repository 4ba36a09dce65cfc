/** The local Solana runtime for one test file: started before its tests, stopped after them. */
import { after, before } from 'node:test'
import { Connection } from '@solana/web3.js'
import { solanaLocal } from '../../src/networks/definitions.js'
import type { CaipNetwork } from '../../src/networks/types.js'
import { startSolana, type LocalSolana } from '../../local/solana/start.js'

export interface LocalRuntime {
  /** The runtime's JSON-RPC URL. */
  readonly rpcUrl: string
  /** @solana/web3.js on it, at the 'confirmed' commitment. */
  readonly connection: Connection
  /** The kit's Solana Local network, pointed at it. */
  readonly network: CaipNetwork
}

/** Registers the file's hooks; the handles are there once its tests run. */
export function useLocalSolana(): LocalRuntime {
  let solana: LocalSolana | undefined
  let connection: Connection | undefined
  const started = (): LocalSolana => {
    if (!solana) throw new Error('the local Solana runtime is not started yet')
    return solana
  }
  before(async () => {
    solana = await startSolana({ port: 0 })
    connection = new Connection(solana.rpcUrl, 'confirmed')
  })
  after(async () => {
    await solana?.stop()
  })
  return {
    get rpcUrl() {
      return started().rpcUrl
    },
    get connection() {
      started()
      return connection as Connection
    },
    get network() {
      return { ...solanaLocal, rpcUrls: { default: { http: [started().rpcUrl] } } }
    }
  }
}
