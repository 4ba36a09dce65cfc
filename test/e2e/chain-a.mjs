// Chain A of the local stack, for the end-to-end tests: a token balance, a test account funding an
// address (1 ETH for fees and some tUSDC), each waited for until mined, and a fresh account (no
// balance, no history: a receiver no other test touches on the shared chain).
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CONTRACTS, TEST_ACCOUNTS, localViemChain } from '../../chain/deployment.ts'

/** `owner`'s balance of the ERC-20 `token` on chain A (`rpcUrl`), in its smallest unit. */
export function tokenBalance(rpcUrl, token, owner) {
  return createPublicClient({ transport: http(rpcUrl) }).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner]
  })
}

/**
 * A test account (`funder`, default #2; a file that funds gives its own) sends `address` 1 ETH (or
 * `eth`; '0' sends none) and `tusdc` tUSDC (whole tokens) on chain A.
 */
export async function fundOnChainA(rpcUrl, address, tusdc, { eth = '1', funder = TEST_ACCOUNTS[2] } = {}) {
  const chain = localViemChain(31337, rpcUrl)
  const wallet = createWalletClient({
    account: privateKeyToAccount(funder.privateKey),
    chain,
    transport: http(rpcUrl)
  })
  const client = createPublicClient({ chain, transport: http(rpcUrl) })
  if (eth !== '0') {
    await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: address, value: parseEther(eth) })
    })
  }
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: CONTRACTS.tUSDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, parseUnits(String(tusdc), 6)]
    })
  })
}

/** A new account of its own ({ address, privateKey }): nothing on any chain yet. */
export function freshAccount() {
  const privateKey = generatePrivateKey()
  return { address: privateKeyToAccount(privateKey).address, privateKey }
}
