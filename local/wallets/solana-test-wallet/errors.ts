/** Wallet Standard errors carry an EIP-1193-style code, as Solana wallets do (4001 on rejection). */
export class SolanaWalletError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.name = 'SolanaWalletError'
    this.code = code
  }
}
