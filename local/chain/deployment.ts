// The fixed facts of the local EVM chains: chain ids, default ports, the funded test accounts and
// the addresses of everything local/chain/deploy.ts deploys. Deployment is deterministic (a fixed
// deployer, a fresh chain, a fixed order of transactions), so these addresses are the same on both
// chains and on every start; deploy.ts throws if what it deployed differs from what is written here.
import { defineChain, type Address, type Hex } from 'viem'

export const CHAIN_A = { chainId: 31337, name: 'AppKit Local A', defaultPort: 8545 } as const
export const CHAIN_B = { chainId: 31338, name: 'AppKit Local B', defaultPort: 8546 } as const
export const LOCAL_CHAINS = [CHAIN_A, CHAIN_B] as const
export type LocalChainId = (typeof LOCAL_CHAINS)[number]['chainId']
export const LOCAL_CHAIN_IDS: readonly LocalChainId[] = LOCAL_CHAINS.map(chain => chain.chainId)
export const DEFAULT_PORTS = { a: CHAIN_A.defaultPort, b: CHAIN_B.defaultPort } as const
export const NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/** A viem chain for a local chain at `rpcUrl` (e.g. the rpcUrl that startChains returned). */
export function localViemChain(chainId: number, rpcUrl: string) {
  const known = LOCAL_CHAINS.find(chain => chain.chainId === chainId)
  return defineChain({
    id: chainId,
    name: known?.name ?? `Local ${chainId}`,
    nativeCurrency: NATIVE_CURRENCY,
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true
  })
}

/** Hardhat's default mnemonic: its keys are public test keys, never use them anywhere real. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export interface TestAccount {
  /** Index in the mnemonic, as hardhat prints it ("Account #1"). */
  index: number
  address: Address
  privateKey: Hex
}

/** The first five accounts of the mnemonic: 10000 ETH each on both chains, plus test tokens and NFTs. */
export const TEST_ACCOUNTS = [
  {
    index: 0,
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
  },
  {
    index: 1,
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
  },
  {
    index: 2,
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
  },
  {
    index: 3,
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'
  },
  {
    index: 4,
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'
  }
] as const satisfies readonly TestAccount[]

/**
 * Account #19 of the mnemonic deploys everything, so the test accounts start with nonce 0. It owns
 * the tokens (may mint), the collections and the name registry (it is the registrar, may call
 * registerFor), and keeps a reserve of both test tokens: a treasury for the sandbox onramp.
 */
export const DEPLOYER = {
  index: 19,
  address: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
  privateKey: '0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e'
} as const satisfies TestAccount

/**
 * Account #18 of the mnemonic: the reference backend's bundler on the local chains (it sends the
 * smart accounts' user operations through EntryPoint.handleOps and is paid back by them).
 */
export const BUNDLER = {
  index: 18,
  address: '0xdD2FD4581271e230360230F9337D5c0430Bf44C0',
  privateKey: '0xde9be858da4a475276426320d5e9262ecfc3ba460bfac56360bfa6c4c28b4ee0'
} as const satisfies TestAccount

/**
 * Account #17 of the mnemonic: the reference backend's paymaster signer (the VerifyingPaymaster
 * pays for the user operations it signs).
 */
export const PAYMASTER_SIGNER = {
  index: 17,
  address: '0xbDA5747bFD65F08deb54cb465eB87D40e51B197E',
  privateKey: '0x689af8efa8c651a91ad287602527f3af2fe9f6501a7ac4b061667b5a93e037fd'
} as const satisfies TestAccount

/** Contract addresses, identical on chain A and chain B. */
export const CONTRACTS = {
  /** TestToken "Test USD Coin" (tUSDC), 6 decimals. Deployer nonce 0. */
  tUSDC: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f',
  /** TestToken "Test Token" (TT), 18 decimals. Nonce 1. */
  TT: '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D',
  /** WrappedNative "Wrapped Ether" (WETH). Nonce 2. */
  WETH: '0xC469e7aE4aD962c30c7111dc580B4adbc7E914DD',
  /** SwapRouter: creates the pools, swaps, quotes. Nonce 3. */
  router: '0x43ca3D2C94be00692D207C6A1e60D8B325c6f12f',
  /** TestCollection "AppKit Test Collection" (AKTC). Nonce 4. */
  collection: '0xb09da8a5B236fE0295A345035287e80bb0008290',
  /** TestCollection "Reward Claim Voucher" (RCV): the collection the backend flags as spam. Nonce 5. */
  spamCollection: '0x5095d3313C76E8d29163e40a0223A5816a8037D8',
  /** NameRegistry with suffixes .appkit.id (current) and .wcn.id (legacy). Nonce 6. */
  nameRegistry: '0x391342f5acAcaaC9DE1dC4eC3E03f2678f7c78F1',
  /** FarcasterIdRegistry: fids by custody address, the stand-in for Farcaster's on OP mainnet. Nonce 19. */
  farcasterIdRegistry: '0x9A7848b9E60C7619f162880c7CA5Cbca80998034',
  /** FarcasterKeyRegistry: the fids' keys (auth addresses are key type 2). Nonce 20. */
  farcasterKeyRegistry: '0xb2AA9bf762878462382A34eB4EC1f041E0071081',
  /** ERC-4337 EntryPoint v0.7 (@account-abstraction/contracts 0.7.0). Nonce 22. */
  entryPoint: '0x322619fcCcc741880ee7071cBE4e877Fb919eCf8',
  /** AppKitSmartAccountFactory: the embedded wallet's smart accounts (CREATE2 per owner and salt). Nonce 23. */
  smartAccountFactory: '0x8F3acfD2738a732AA1e0367480559f13e8DEF69C',
  /** VerifyingPaymaster (the sample of @account-abstraction/contracts 0.7.0), signer PAYMASTER_SIGNER. Nonce 24. */
  paymaster: '0xBF4fD550c7BD3Cf6eC6A0b30bD4c8e603bbC16a8',
  /** SwapPool tUSDC/WETH (token0 tUSDC, token1 WETH), created by the router (its nonce 1). */
  poolWethUsdc: '0x3BB142Aa43991650165C6fd072E34e597Fb422fa',
  /** SwapPool TT/WETH (token0 TT, token1 WETH), router nonce 2. */
  poolWethTT: '0x41F117fF906b41E33Efa6D2A96078B7470388B16',
  /** SwapPool tUSDC/TT (token0 tUSDC, token1 TT), router nonce 3. */
  poolTTUsdc: '0xbfa3880b2C6C901be00B452b39E461f2c39DaD34'
} as const satisfies Record<string, Address>
export type ContractKey = keyof typeof CONTRACTS

export interface TokenInfo {
  address: Address
  name: string
  symbol: string
  decimals: number
}

/** The ERC-20 tokens on both chains (the token list of the reference backend). */
export const TOKENS = {
  tUSDC: { address: CONTRACTS.tUSDC, name: 'Test USD Coin', symbol: 'tUSDC', decimals: 6 },
  TT: { address: CONTRACTS.TT, name: 'Test Token', symbol: 'TT', decimals: 18 },
  WETH: { address: CONTRACTS.WETH, name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 }
} as const satisfies Record<string, TokenInfo>

export interface PoolInfo {
  address: Address
  token0: Address
  token1: Address
}

/** The three pools, token0 < token1 as the pool stores them. */
export const POOLS = [
  { address: CONTRACTS.poolWethUsdc, token0: CONTRACTS.tUSDC, token1: CONTRACTS.WETH },
  { address: CONTRACTS.poolWethTT, token0: CONTRACTS.TT, token1: CONTRACTS.WETH },
  { address: CONTRACTS.poolTTUsdc, token0: CONTRACTS.tUSDC, token1: CONTRACTS.TT }
] as const satisfies readonly PoolInfo[]

export interface CollectionInfo {
  address: Address
  name: string
  symbol: string
  description: string
  /** The backend flags this collection's tokens as spam. */
  spam: boolean
}

export const COLLECTIONS = {
  collection: {
    address: CONTRACTS.collection,
    name: 'AppKit Test Collection',
    symbol: 'AKTC',
    description: 'Test NFTs of the AppKit local chains.',
    spam: false
  },
  spamCollection: {
    address: CONTRACTS.spamCollection,
    name: 'Reward Claim Voucher',
    symbol: 'RCV',
    description: 'Unsolicited airdrop of the AppKit local chains: the backend flags it as spam.',
    spam: true
  }
} as const satisfies Record<string, CollectionInfo>

export const NAME_SUFFIXES = { current: '.appkit.id', legacy: '.wcn.id' } as const
/** The registry's label rules: letters (stored lower case), digits and hyphens, 4 to 63 characters. */
export const NAME_RULES = { minLength: 4, maxLength: 63, pattern: /^[A-Za-z0-9-]{4,63}$/ } as const

/** Far-future deadline used by the seeding transactions (2100-01-01). */
export const SEED_DEADLINE = 4_102_444_800n

/** What deploy.ts puts on each chain at start. */
export const SEED = {
  /** Minted to every test account. */
  perAccount: { tUSDC: 10_000n * 10n ** 6n, TT: 10_000n * 10n ** 18n },
  /** Minted to the deployer on top of what goes into the pools. */
  deployerReserve: { tUSDC: 10_000_000n * 10n ** 6n, TT: 10_000_000n * 10n ** 18n },
  /** Initial liquidity: 1 WETH = 3000 tUSDC, 1 TT = 2 tUSDC, so 1 WETH = 1500 TT. */
  liquidity: {
    poolWethUsdc: { WETH: 100n * 10n ** 18n, tUSDC: 300_000n * 10n ** 6n },
    poolWethTT: { WETH: 50n * 10n ** 18n, TT: 75_000n * 10n ** 18n },
    poolTTUsdc: { TT: 100_000n * 10n ** 18n, tUSDC: 200_000n * 10n ** 6n }
  },
  /** AKTC token ids 1..10: account #i holds ids 2i+1 and 2i+2. */
  collection: TEST_ACCOUNTS.flatMap(account => [account.address, account.address]),
  /** RCV token ids 1..5: account #i holds id i+1. */
  spamCollection: TEST_ACCOUNTS.map(account => account.address),
  /** Registered at start by the registrar for test account #1. */
  names: [{ name: 'alice.appkit.id', address: TEST_ACCOUNTS[1].address }],
  /** The paymaster's deposit at the EntryPoint: what it can sponsor. */
  paymasterDeposit: 100n * 10n ** 18n,
  /** Farcaster ids registered at start (fid 1 onwards, in this order), by the registry's deployer. */
  farcasterIds: [{ fid: 1, custody: TEST_ACCOUNTS[3].address }]
} as const
