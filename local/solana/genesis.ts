/**
 * The deterministic start state: the test accounts with 100 SOL each, the faucet, the
 * "Test USD Coin" mint (6 decimals) and each test account's associated token account holding
 * 1000 TUSDC. Written directly into LiteSVM, so it takes no transactions and no time.
 */
import { Keypair } from '@solana/web3.js'
import {
  LAMPORTS_PER_SOL,
  TEST_ACCOUNT_SOL,
  TEST_ACCOUNT_TOKENS,
  solanaFaucet,
  solanaTestAccounts,
  testUsdCoin
} from './accounts.js'
import { SolanaChain, type SolanaChainOptions } from './chain.js'
import { MINT_SIZE, SYSTEM_PROGRAM, TOKEN_ACCOUNT_SIZE, encodeMint, encodeTokenAccount } from './codec.js'

/** SOL the faucet holds for airdrops (kept under 2^53 lamports so balances stay exact JSON numbers). */
export const FAUCET_SOL = 1_000_000

export function createTestChain(options: Omit<SolanaChainOptions, 'faucet'> = {}): SolanaChain {
  const faucet = Keypair.fromSecretKey(Uint8Array.from(solanaFaucet.secretKey))
  const chain = new SolanaChain({ ...options, faucet })
  const system = (lamports: bigint) => ({ lamports, owner: SYSTEM_PROGRAM, data: new Uint8Array(0), executable: false })

  chain.setAccount(solanaFaucet.publicKey, system(BigInt(FAUCET_SOL) * BigInt(LAMPORTS_PER_SOL)))
  for (const account of solanaTestAccounts) {
    chain.setAccount(account.publicKey, system(BigInt(TEST_ACCOUNT_SOL) * BigInt(LAMPORTS_PER_SOL)))
  }

  const perAccount = BigInt(TEST_ACCOUNT_TOKENS) * 10n ** BigInt(testUsdCoin.decimals)
  const mint = encodeMint({
    mintAuthority: solanaFaucet.publicKey,
    supply: perAccount * BigInt(solanaTestAccounts.length),
    decimals: testUsdCoin.decimals,
    isInitialized: true,
    freezeAuthority: null
  })
  const rent = (size: number) => chain.svm.minimumBalanceForRentExemption(BigInt(size))
  chain.setAccount(testUsdCoin.address, {
    lamports: rent(MINT_SIZE),
    owner: testUsdCoin.programId,
    data: mint,
    executable: false
  })
  for (const account of solanaTestAccounts) {
    chain.setAccount(account.tokenAccount, {
      lamports: rent(TOKEN_ACCOUNT_SIZE),
      owner: testUsdCoin.programId,
      data: encodeTokenAccount({ mint: testUsdCoin.address, owner: account.publicKey, amount: perAccount }),
      executable: false
    })
  }
  return chain
}
