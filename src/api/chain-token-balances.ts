// The Tokens list read from the chain itself, for when the backend cannot answer (issue 10): the
// native balance and the tokens the app listed for the network (the `tokens` option). EVM reads go
// through viem, every call of the list in one batched JSON-RPC request (a network needs no
// multicall contract: the local chains have none); Solana through the network's RPC (getBalance
// and getTokenAccountsByOwner), without @solana/web3.js. Loaded only when the backend failed.
import * as z from 'zod/mini'
import { createClient, erc20Abi, formatUnits, http, type Address } from 'viem'
import { getBalance, readContract } from 'viem/actions'
import { RpcClient } from './rpc-client.js'
import type { TokenBalance } from './schemas/balance.js'
import type { TokenOption } from '../config/options.js'
import { readNativeBalanceFromRpc } from '../connectors/native-balance.js'
import type { CaipNetwork } from '../networks/types.js'

const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

const parsedTokenAccounts = z.object({
  value: z.array(
    z.object({
      account: z.object({
        data: z.object({
          parsed: z.object({
            info: z.object({
              mint: z.string(),
              tokenAmount: z.object({ amount: z.string().check(z.regex(/^\d+$/)), decimals: z.number() })
            })
          })
        })
      })
    })
  )
})

function entry(
  network: CaipNetwork,
  token: { name: string; symbol: string; decimals: number; address?: string },
  amount: bigint
): TokenBalance {
  return {
    name: token.name,
    symbol: token.symbol,
    chainId: network.caipNetworkId,
    ...(token.address ? { address: `${network.caipNetworkId}:${token.address}` } : {}),
    // The chain knows no prices: no value, and the total stays hidden.
    price: 0,
    quantity: { decimals: String(token.decimals), numeric: formatUnits(amount, token.decimals) },
    iconUrl: ''
  }
}

async function readEvm(
  network: CaipNetwork,
  address: Address,
  tokens: readonly TokenOption[]
): Promise<TokenBalance[]> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`No RPC URL for ${network.caipNetworkId}`)
  // A bare client and the two actions it needs: createPublicClient would bring every public action.
  const client = createClient({
    chain: {
      id: Number(network.id),
      name: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: { default: { http: [url] } }
    },
    // The balance and every token call leave in one JSON-RPC batch.
    transport: http(url, { batch: true })
  })
  const calls = tokens.flatMap(token => {
    const contract = { address: token.address as Address, abi: erc20Abi }
    return [
      { ...contract, functionName: 'balanceOf', args: [address] },
      { ...contract, functionName: 'decimals' },
      { ...contract, functionName: 'symbol' },
      { ...contract, functionName: 'name' }
    ] as const
  })
  const [native, results] = await Promise.all([
    getBalance(client, { address }),
    Promise.all(
      calls.map(call =>
        readContract(client, call as Parameters<typeof readContract>[1]).then(
          result => ({ status: 'success' as const, result }),
          (error: unknown) => ({ status: 'failure' as const, error })
        )
      )
    )
  ])
  const list = [entry(network, network.nativeCurrency, native)]
  tokens.forEach((token, index) => {
    const [balance, decimals, symbol, name] = results.slice(index * 4, index * 4 + 4)
    // A token whose balance or decimals cannot be read is left out; decimals 0 is not a balance.
    if (balance?.status !== 'success' || decimals?.status !== 'success' || Number(decimals.result) === 0) return
    list.push(
      entry(
        network,
        {
          name: token.name ?? (name?.status === 'success' ? String(name.result) : token.address),
          symbol: token.symbol ?? (symbol?.status === 'success' ? String(symbol.result) : '?'),
          decimals: Number(decimals.result),
          address: token.address
        },
        BigInt(balance.result as bigint)
      )
    )
  })
  return list
}

async function readSolana(
  network: CaipNetwork,
  owner: string,
  tokens: readonly TokenOption[]
): Promise<TokenBalance[]> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`No RPC URL for ${network.caipNetworkId}`)
  const rpc = new RpcClient({ url, chainId: network.caipNetworkId })
  const [lamports, accounts] = await Promise.all([
    readNativeBalanceFromRpc(network, owner),
    rpc.request(
      'getTokenAccountsByOwner',
      [owner, { programId: SPL_TOKEN_PROGRAM }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
      parsedTokenAccounts
    )
  ])
  const list = [entry(network, network.nativeCurrency, lamports)]
  for (const token of tokens) {
    const held = accounts.value.filter(account => account.account.data.parsed.info.mint === token.address)
    const first = held[0]
    if (!first || first.account.data.parsed.info.tokenAmount.decimals === 0) continue
    const amount = held.reduce((sum, account) => sum + BigInt(account.account.data.parsed.info.tokenAmount.amount), 0n)
    list.push(
      entry(
        network,
        {
          name: token.name ?? token.symbol ?? token.address,
          symbol: token.symbol ?? `${token.address.slice(0, 4)}…`,
          decimals: first.account.data.parsed.info.tokenAmount.decimals,
          address: token.address
        },
        amount
      )
    )
  }
  return list
}

/** The account's native balance and listed tokens on `network`, read from the chain. */
export function readTokenBalancesFromChain(
  network: CaipNetwork,
  address: string,
  tokens: readonly TokenOption[]
): Promise<TokenBalance[]> {
  if (network.chainNamespace === 'eip155') return readEvm(network, address as Address, tokens)
  if (network.chainNamespace === 'solana') return readSolana(network, address, tokens)
  return Promise.reject(new Error(`No chain reads for ${network.chainNamespace}`))
}
