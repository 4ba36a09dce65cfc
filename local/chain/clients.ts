// viem clients for a local chain: a public client and, given a test account, a wallet client.
// Polling is fast (50 ms) because the local chains mine each transaction at once, and there are
// no retries: hardhat answers a revert with a JSON-RPC internal error, which viem would otherwise
// retry three times (about a second) before reporting it.
import { createPublicClient, createWalletClient, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { localViemChain } from './deployment.js'

export interface ChainEndpoint {
  chainId: number
  rpcUrl: string
}

export function localPublicClient({ chainId, rpcUrl }: ChainEndpoint) {
  return createPublicClient({
    chain: localViemChain(chainId, rpcUrl),
    transport: http(rpcUrl, { retryCount: 0 }),
    pollingInterval: 50
  })
}

/** A wallet client that signs locally with `privateKey` (e.g. TEST_ACCOUNTS[0].privateKey). */
export function localWalletClient({ chainId, rpcUrl }: ChainEndpoint, privateKey: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: localViemChain(chainId, rpcUrl),
    transport: http(rpcUrl, { retryCount: 0 }),
    pollingInterval: 50
  })
}
