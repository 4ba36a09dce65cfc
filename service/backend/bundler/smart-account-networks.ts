// Where the embedded wallet offers smart accounts (GET /frame-api/smart-accounts): the chains whose
// node holds both the EntryPoint v0.7 the bundler sends to and the account factory the frame
// builds its accounts from. A chain found ready stays ready (contracts do not leave); one that is
// not (or whose node did not answer) is looked at again on the next question.
import type { Address, PublicClient } from 'viem'

export interface SmartAccountNetworks {
  readonly entryPoint: Address
  readonly factory: Address
  /** The chain ids with both contracts, in the backend's chain order. */
  readonly chainIds: number[]
}

export function createSmartAccountNetworks(options: {
  readonly chains: readonly { readonly chainId: number; readonly client: PublicClient }[]
  readonly entryPoint: Address
  readonly factory: Address
}): () => Promise<SmartAccountNetworks> {
  const ready = new Set<number>()

  async function hasCode(client: PublicClient, address: Address): Promise<boolean> {
    const code = await client.getCode({ address })
    return code !== undefined && code !== '0x'
  }

  async function isReady(chain: { chainId: number; client: PublicClient }): Promise<boolean> {
    if (ready.has(chain.chainId)) return true
    try {
      const [entryPoint, factory] = await Promise.all([
        hasCode(chain.client, options.entryPoint),
        hasCode(chain.client, options.factory)
      ])
      if (entryPoint && factory) ready.add(chain.chainId)
      return entryPoint && factory
    } catch (error) {
      console.warn(`[bundler] could not read the smart-account contracts on chain ${chain.chainId}:`, error)
      return false
    }
  }

  return async () => {
    const answers = await Promise.all(options.chains.map(isReady))
    return {
      entryPoint: options.entryPoint,
      factory: options.factory,
      chainIds: options.chains.filter((_, index) => answers[index]).map(chain => chain.chainId)
    }
  }
}
