/**
 * EVM chain ids of development chains: 31337 (Hardhat's and Anvil's default, Local Chain A of
 * `npm start`), 31338 (Local Chain B) and 1337 (Ganache's and geth --dev's default). Such a node
 * runs beside the app and mines a transaction as soon as it arrives, so the kit may ask it for a
 * result more often than a public chain (see statusPollMs).
 */
export const LOCAL_EVM_CHAIN_IDS: readonly number[] = [31337, 31338, 1337]

export function isLocalEvmChain(chainId: number): boolean {
  return LOCAL_EVM_CHAIN_IDS.includes(chainId)
}
