/**
 * The local Solana runtime's fixed test keys (TEST KEYS ONLY: public, never use them anywhere real).
 *
 * Every key is `Keypair.fromSeed(sha256(seed))` with the seed string given next to it, so the
 * same addresses exist on every start; test/solana/accounts.test.ts re-derives them. This file has
 * no imports so that browser code (a test wallet, the demo) can use it as it is.
 */

/** A test account: funded with SOL and Test USD Coin at every start. */
export interface SolanaTestAccount {
  readonly name: string
  /** The string `Keypair.fromSeed(sha256(seed))` is derived from. */
  readonly seed: string
  /** Base58 address. */
  readonly publicKey: string
  /** 64 bytes (seed followed by public key), the format of `Keypair.fromSecretKey` and solana-keygen files. */
  readonly secretKey: readonly number[]
  /** The account's associated token account for the Test USD Coin mint. */
  readonly tokenAccount: string
}

/** The port the local runtime's JSON-RPC listens on unless told otherwise (WebSocket: the next one). */
export const DEFAULT_RPC_PORT = 8899

/** Lamports per SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000

/** SOL each test account holds at start. */
export const TEST_ACCOUNT_SOL = 100

/** Test USD Coin each test account holds at start (whole tokens; 6 decimals). */
export const TEST_ACCOUNT_TOKENS = 1_000

/** The funded test accounts, in a fixed order. */
export const solanaTestAccounts: readonly SolanaTestAccount[] = [
  {
    name: 'Alice',
    seed: 'appkit-elements/solana/test-account/0',
    publicKey: 'FLXdHhj9HGrwz9i6NhCZMrtKz744mKbSxwHtNpYacuuA',
    secretKey: [
      106, 138, 88, 13, 109, 65, 101, 217, 207, 190, 159, 53, 123, 172, 197, 162, 129, 93, 171, 61, 242, 71, 178, 59,
      183, 129, 181, 24, 70, 29, 39, 120, 213, 4, 71, 231, 183, 48, 182, 243, 150, 229, 184, 195, 147, 66, 75, 85, 83,
      201, 194, 166, 134, 1, 16, 10, 142, 186, 44, 9, 25, 46, 237, 73
    ],
    tokenAccount: '4USmZdLyyd77TTDyqohcsMwyK99xd7qTouq1pd4BMCjB'
  },
  {
    name: 'Bob',
    seed: 'appkit-elements/solana/test-account/1',
    publicKey: 'DEBMvHuB3GLmA6buEBs36nzd56MQSpvBqF2C21kz5382',
    secretKey: [
      218, 90, 99, 201, 85, 104, 60, 60, 44, 245, 124, 18, 225, 136, 249, 150, 195, 234, 202, 105, 97, 102, 15, 54, 142,
      154, 59, 64, 39, 66, 8, 252, 181, 172, 130, 43, 195, 113, 246, 30, 43, 4, 199, 6, 183, 3, 128, 94, 179, 188, 142,
      60, 183, 213, 117, 0, 204, 221, 208, 1, 246, 209, 22, 111
    ],
    tokenAccount: '8BpcXh96equBpXa1Fj6uij12Ygzb1NwUxLZjkewkD9Ac'
  },
  {
    name: 'Carol',
    seed: 'appkit-elements/solana/test-account/2',
    publicKey: 'SSzxjAZLCBZbFy24cpuPkASQCzVMM475JDYMGBtR6Ha',
    secretKey: [
      243, 235, 131, 17, 145, 203, 227, 185, 113, 151, 53, 147, 227, 102, 83, 110, 107, 254, 12, 13, 205, 64, 26, 116,
      197, 3, 154, 201, 138, 16, 163, 32, 6, 132, 234, 242, 24, 158, 9, 209, 2, 110, 85, 218, 203, 34, 121, 128, 112,
      42, 94, 42, 236, 130, 178, 16, 57, 7, 138, 98, 200, 145, 214, 101
    ],
    tokenAccount: '8atd5JYt8PepaQWBQEZPseKzWcPQ6rLuavoTsQ8kZbTm'
  },
  {
    name: 'Dave',
    seed: 'appkit-elements/solana/test-account/3',
    publicKey: '9ieDvi3PNNEB3gDooVo8qL3huFchT7rruykpMncdb4nw',
    secretKey: [
      67, 215, 207, 17, 127, 100, 7, 67, 84, 181, 18, 26, 122, 150, 103, 87, 245, 44, 95, 198, 107, 82, 239, 210, 4, 42,
      70, 52, 252, 76, 236, 250, 129, 136, 101, 136, 10, 180, 101, 143, 204, 162, 120, 93, 6, 26, 44, 68, 69, 116, 168,
      14, 188, 75, 105, 182, 151, 29, 193, 137, 88, 186, 94, 132
    ],
    tokenAccount: 'D87TPy88dqTt77VW6HxjZ5ZPiuSjSjGzFmEELq7rXd7G'
  }
]

/** The SPL mint "Test USD Coin" (classic SPL Token program), created at start at this address. */
export const testUsdCoin = {
  name: 'Test USD Coin',
  symbol: 'TUSDC',
  decimals: 6,
  seed: 'appkit-elements/solana/mint/test-usd-coin',
  address: 'ANVpnGUdqxSNW72WM5rNGjnaMVocAbXpmoABfCfGQCnE',
  /** The mint account's own keypair (only needed to re-create the mint). */
  secretKey: [
    114, 91, 80, 227, 126, 186, 229, 153, 213, 170, 27, 156, 144, 12, 85, 60, 0, 87, 147, 8, 203, 97, 100, 104, 38, 7,
    115, 40, 36, 51, 130, 25, 139, 58, 248, 114, 235, 97, 1, 93, 157, 113, 150, 27, 191, 87, 227, 228, 102, 196, 210,
    190, 249, 100, 191, 67, 147, 217, 166, 21, 92, 85, 189, 211
  ],
  programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
} as const

/**
 * The faucet: pays `requestAirdrop` and is the mint and freeze authority of Test USD Coin, so a
 * test can mint more tokens with it.
 */
export const solanaFaucet = {
  name: 'Faucet',
  seed: 'appkit-elements/solana/faucet',
  publicKey: 'FvMyTkRK1pqeewpJsZFQqG5oE4zbi74t1THgijE6iXgY',
  secretKey: [
    201, 25, 185, 183, 159, 94, 248, 25, 155, 158, 70, 122, 186, 149, 114, 140, 236, 75, 163, 10, 186, 211, 53, 41, 129,
    20, 7, 39, 96, 87, 76, 37, 221, 175, 29, 88, 42, 54, 202, 56, 83, 50, 182, 146, 217, 60, 75, 233, 154, 115, 138,
    233, 8, 151, 4, 252, 217, 3, 166, 84, 72, 28, 50, 5
  ]
} as const
