// Chain A of the local stack, for the end-to-end tests: a token balance, a test account funding an
// address (1 ETH for fees and some tUSDC), each waited for until mined, and a fresh account (no
// balance, no history: a receiver no other test touches on the shared chain). The files run two at
// a time against one chain: a test account that sends from the test process does it inside
// `asSender`, so that two files never take the same nonce.
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CONTRACTS, TEST_ACCOUNTS, localViemChain } from '../../local/chain/deployment.ts'

/** `owner`'s balance of the ERC-20 `token` on chain A (`rpcUrl`), in its smallest unit. */
export function tokenBalance(rpcUrl, token, owner) {
  return createPublicClient({ transport: http(rpcUrl) }).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner]
  })
}

const LOCK_POLL_MS = 25

/** Whether process `pid` still runs. */
function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/**
 * Runs `send` while this process alone sends from `address` on the chain at `rpcUrl`, among every
 * test process of the run: a directory made atomically is the lock (left by a process that died,
 * it is taken over). Two senders with one key would otherwise both read the same pending nonce.
 */
export async function asSender(rpcUrl, address, send) {
  const lock = join(tmpdir(), `appkit-e2e-sender-${new URL(rpcUrl).port}-${address.toLowerCase()}`)
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, 'pid'), String(process.pid))
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      let holder
      try {
        holder = Number(readFileSync(join(lock, 'pid'), 'utf8'))
      } catch {
        // made but its pid not written yet
      }
      if (holder && !alive(holder)) rmSync(lock, { recursive: true, force: true })
      else await new Promise(resolve => setTimeout(resolve, LOCK_POLL_MS))
    }
  }
  try {
    return await send()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/**
 * A test account (`funder`, default #2; a file that funds gives its own) sends `address` 1 ETH (or
 * `eth`; '0' sends none) and `tusdc` tUSDC (whole tokens) on chain A.
 */
export function fundOnChainA(rpcUrl, address, tusdc, { eth = '1', funder = TEST_ACCOUNTS[2] } = {}) {
  return asSender(rpcUrl, funder.address, () => fund(rpcUrl, address, tusdc, eth, funder))
}

async function fund(rpcUrl, address, tusdc, eth, funder) {
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
