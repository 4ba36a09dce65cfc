// What the backend knows about each chain it reads: the token list (for balances, prices and the
// swap token list), the swap router and its wrapped native token, the NFT collections flagged as
// spam, and the name registry. For the local chains (31337, 31338) all of it comes from
// local/chain/deployment.ts, which fixes the contract addresses; a chain without an entry here is still
// read for native balances and history, but has no tokens, swaps or names.
import { getAddress, type Address } from 'viem'
import {
  COLLECTIONS,
  CONTRACTS,
  DEPLOYER,
  LOCAL_CHAIN_IDS,
  NATIVE_CURRENCY,
  TOKENS
} from '../../../local/chain/deployment.js'
import type { ChainContext } from '../context.js'

/** The placeholder address of the native token in CAIP-10 token ids (docs/behaviour.md section 7). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as const
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const

export interface ListedToken {
  address: Address
  /** The image id served by GET /public/getTokenImage/{id}. */
  imageId: string
}

export interface ChainSetup {
  chainId: number
  caipNetworkId: string
  native: { name: string; symbol: string; decimals: number; imageId: string }
  /** ERC-20 tokens whose balances are reported and which may be swapped (metadata read from chain). */
  tokens: ListedToken[]
  /** The token worth 1 USD: prices are derived from the pools against it. */
  usdToken?: Address
  router?: Address
  wrappedNative?: Address
  nameRegistry?: Address
  /** Lower-case addresses of the NFT collections flagged as spam. */
  spamCollections: Set<string>
}

function localSetup(chain: ChainContext): ChainSetup {
  return {
    chainId: chain.chainId,
    caipNetworkId: chain.caipNetworkId,
    native: { ...NATIVE_CURRENCY, imageId: NATIVE_CURRENCY.symbol },
    tokens: [TOKENS.tUSDC, TOKENS.TT, TOKENS.WETH].map(token => ({ address: token.address, imageId: token.symbol })),
    usdToken: CONTRACTS.tUSDC,
    router: CONTRACTS.router,
    wrappedNative: CONTRACTS.WETH,
    nameRegistry: CONTRACTS.nameRegistry,
    spamCollections: new Set(
      Object.values(COLLECTIONS)
        .filter(collection => collection.spam)
        .map(collection => collection.address.toLowerCase())
    )
  }
}

export function chainSetup(chain: ChainContext): ChainSetup {
  if ((LOCAL_CHAIN_IDS as readonly number[]).includes(chain.chainId)) return localSetup(chain)
  return {
    chainId: chain.chainId,
    caipNetworkId: chain.caipNetworkId,
    native: { ...NATIVE_CURRENCY, imageId: NATIVE_CURRENCY.symbol },
    tokens: [],
    spamCollections: new Set()
  }
}

/**
 * The key that sends name registrations (NameRegistry.registerFor): APPKIT_REGISTRAR_KEY, else the
 * local chains' deployer (a public hardhat test key, the registry's registrar at deployment).
 */
export function registrarKey(env: NodeJS.ProcessEnv = process.env): `0x${string}` {
  const key = env.APPKIT_REGISTRAR_KEY
  if (key && /^0x[0-9a-fA-F]{64}$/.test(key)) return key as `0x${string}`
  return DEPLOYER.privateKey
}

export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase()
}

/** An EVM address from the path or a CAIP-10 id, checksummed; undefined when it is not EVM. */
export function evmAddress(value: string): Address | undefined {
  const hex = value.startsWith('0x') || value.startsWith('0X') ? value : `0x${value}`
  if (!/^0x[0-9a-fA-F]{40}$/.test(hex)) return undefined
  return getAddress(hex.toLowerCase())
}
