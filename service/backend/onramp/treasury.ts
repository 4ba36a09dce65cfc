// Delivers sandbox onramp purchases: an ERC-20 transfer from the treasury account to the buyer on a
// local chain. The treasury is local/chain/deployment.ts DEPLOYER (it holds a reserve of the test tokens
// for this purpose) unless APPKIT_ONRAMP_TREASURY_KEY names another funded key. Transfers are sent
// one at a time per chain; the same key also sends name registrations (service/backend/blockchain), so a
// nonce taken in between is retried.
import { createWalletClient, erc20Abi, http, type Address, type Hex, type WalletClient } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { DEPLOYER } from '../../../local/chain/deployment.js'
import type { ChainContext } from '../context.js'

export interface Delivery {
  chainId: number
  token: Address
  to: Address
  units: bigint
  /** Called with the hash as soon as the transaction is sent (before it is mined). */
  onSent?: (hash: Hex) => Promise<void> | void
}

export interface TokenTreasury {
  readonly address: Address
  /** Sends `units` of `token` to `to` and resolves with the mined transaction's hash. */
  deliver(delivery: Delivery): Promise<Hex>
}

export function treasuryKey(env: NodeJS.ProcessEnv = process.env): Hex {
  const key = env.APPKIT_ONRAMP_TREASURY_KEY
  return key && /^0x[0-9a-fA-F]{64}$/.test(key) ? (key as Hex) : DEPLOYER.privateKey
}

export function createTreasury(chains: readonly ChainContext[], key: Hex = treasuryKey()): TokenTreasury {
  const account: PrivateKeyAccount = privateKeyToAccount(key)
  const wallets = new Map<number, WalletClient>()
  const queues = new Map<number, Promise<unknown>>()

  const send = async (chain: ChainContext, delivery: Delivery): Promise<Hex> => {
    let wallet = wallets.get(chain.chainId)
    if (!wallet) {
      wallet = createWalletClient({ account, chain: chain.client.chain, transport: http(chain.rpcUrl) })
      wallets.set(chain.chainId, wallet)
    }
    for (let attempt = 1; ; attempt++) {
      let hash: Hex
      try {
        hash = await wallet.writeContract({
          account,
          chain: chain.client.chain,
          address: delivery.token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [delivery.to, delivery.units]
        })
      } catch (error) {
        if (attempt < 4 && /nonce/i.test((error as Error).message)) continue
        throw error
      }
      await delivery.onSent?.(hash)
      const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 60_000 })
      if (receipt.status !== 'success') throw new Error(`the transfer ${hash} reverted`)
      return hash
    }
  }

  return {
    address: account.address,
    deliver(delivery) {
      const chain = chains.find(item => item.chainId === delivery.chainId)
      if (!chain) return Promise.reject(new Error(`chain ${delivery.chainId} is not running for this backend`))
      const previous = queues.get(chain.chainId) ?? Promise.resolve()
      const next = previous.catch(() => undefined).then(() => send(chain, delivery))
      queues.set(chain.chainId, next)
      return next
    }
  }
}
