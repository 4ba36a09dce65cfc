/**
 * The local Solana runtime: LiteSVM with the deterministic test state, behind the JSON-RPC and
 * websocket endpoint.
 *
 *   npx tsx local/solana/start.ts [--port 8899] [--quiet]      (or: npm run start:solana)
 *
 * From code (a test): `const solana = await startSolana({ port: 0 })` picks free ports, then
 * `new Connection(solana.rpcUrl, 'confirmed')` and finally `await solana.stop()`.
 */
import { pathToFileURL } from 'node:url'
import { TEST_ACCOUNT_SOL, TEST_ACCOUNT_TOKENS, solanaFaucet, solanaTestAccounts, testUsdCoin } from './accounts.js'
import type { SolanaChain } from './chain.js'
import { toBase58 } from './codec.js'
import { createTestChain } from './genesis.js'
import { DEFAULT_RPC_PORT, listenSolanaRpc } from './rpc-server.js'

export interface StartSolanaOptions {
  /** HTTP port; default 8899. 0 picks a free pair of ports (HTTP P, websocket P + 1). */
  port?: number
  /** Websocket port; default HTTP port + 1 (where @solana/web3.js looks). */
  wsPort?: number
}

export interface LocalSolana {
  /** `http://127.0.0.1:P`: give it to `new Connection(rpcUrl)`. */
  rpcUrl: string
  /** `ws://127.0.0.1:P+1` (the HTTP port also accepts websocket upgrades). */
  wsUrl: string
  genesisHash: string
  /** `solana:` + the first 32 characters of the genesis hash (CAIP-2). */
  caipNetworkId: string
  /** The runtime itself, for tests that want to look inside. */
  chain: SolanaChain
  stop(): Promise<void>
}

export async function startSolana(options: StartSolanaOptions = {}): Promise<LocalSolana> {
  const chain = createTestChain()
  const server = await listenSolanaRpc(chain, { port: options.port ?? DEFAULT_RPC_PORT, wsPort: options.wsPort })
  return {
    rpcUrl: server.rpcUrl,
    wsUrl: server.wsUrl,
    genesisHash: chain.genesisHash,
    caipNetworkId: `solana:${chain.genesisHash.slice(0, 32)}`,
    chain,
    stop: server.stop
  }
}

function parsePort(args: string[]): number {
  const at = args.findIndex(a => a === '--port' || a.startsWith('--port='))
  if (at === -1) return Number(process.env.SOLANA_RPC_PORT ?? DEFAULT_RPC_PORT)
  const text = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1]
  const port = Number(text)
  if (!Number.isInteger(port) || port < 0 || port > 65534) {
    throw new Error(`--port must be a port number below 65535, got ${String(text)}`)
  }
  return port
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const solana = await startSolana({ port: parsePort(args) })
  const ready = performance.now()
  const lines = [
    `Solana (LiteSVM) ready in ${Math.round(ready)} ms`,
    `  RPC         ${solana.rpcUrl}`,
    `  WebSocket   ${solana.wsUrl}`,
    `  Genesis     ${solana.genesisHash}  (${solana.caipNetworkId})`,
    `  Mint        ${testUsdCoin.address}  ${testUsdCoin.name} (${testUsdCoin.symbol}, ${testUsdCoin.decimals} decimals)`,
    `  Faucet      ${solanaFaucet.publicKey}  (pays requestAirdrop; TUSDC mint authority)`,
    `  Accounts    ${TEST_ACCOUNT_SOL} SOL and ${TEST_ACCOUNT_TOKENS} ${testUsdCoin.symbol} each. TEST KEYS ONLY, never use them for real funds:`,
    ...solanaTestAccounts.flatMap(account => [
      `    ${account.name.padEnd(6)} ${account.publicKey}  token account ${account.tokenAccount}`,
      `           secret key (base58) ${toBase58(Uint8Array.from(account.secretKey))}`
    ])
  ]
  console.log(lines.join('\n'))
  if (!args.includes('--quiet')) {
    solana.chain.onTransaction(record => {
      const status = record.err === null ? 'ok' : `failed ${JSON.stringify(record.err)}`
      console.log(`tx ${record.signature} slot ${record.slot} ${status}`)
    })
  }
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    solana.stop().then(() => process.exit(0))
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch(error => {
    console.error((error as Error).message)
    process.exit(1)
  })
}
