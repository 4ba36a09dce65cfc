/**
 * The local Bitcoin regtest node: a stand-in written for the tests and `npm start` (not bitcoind;
 * see README.md), with Bitcoin Core's JSON-RPC and the Esplora REST API on one port.
 *
 *   npx tsx local/bitcoin/start.ts [--port 18443] [--block-interval 2000] [--quiet]   (or: npm run start:bitcoin)
 *
 * From code (a test, the stack): `const bitcoin = await startBitcoin({ port: 0 })` picks a free
 * port; `bitcoin.url` is both the JSON-RPC endpoint (POST /) and the Esplora base URL; finally
 * `await bitcoin.stop()`.
 */
import { pathToFileURL } from 'node:url'
import {
  bitcoinFaucet,
  bitcoinTestAccounts,
  DEFAULT_BITCOIN_PORT,
  REGTEST_CAIP_NETWORK_ID,
  SATS_PER_BTC,
  TEST_ORDINALS_OUTPUT_SATS,
  TEST_PAYMENT_OUTPUTS_SATS,
  type BitcoinTestAccount
} from './accounts.js'
import type { Block } from './block.js'
import type { BitcoinChain } from './chain.js'
import { createTestChain, scriptOf } from './genesis.js'
import { listenBitcoin } from './server.js'

/** Blocks are mined this often unless told otherwise. */
export const DEFAULT_BLOCK_INTERVAL_MS = 2000

export interface StartBitcoinOptions {
  /** HTTP port; default 18443 (bitcoind's regtest RPC port). 0 picks a free one. */
  port?: number
  /** Milliseconds between mined blocks; default 2000. 0 mines only on demand. */
  blockIntervalMs?: number
}

export interface LocalBitcoin {
  /** `http://127.0.0.1:P`: the JSON-RPC endpoint (POST /) and the Esplora REST base URL. */
  url: string
  port: number
  genesisHash: string
  /** `bip122:0f9188f13cb7b2c71f2a335e3a4fc328` (CAIP-2). */
  caipNetworkId: string
  accounts: readonly BitcoinTestAccount[]
  /** The node itself, for tests that want to look inside. */
  chain: BitcoinChain
  /** Mines `count` blocks now (reward to the faucet); their hashes. */
  mine(count?: number): string[]
  stop(): Promise<void>
}

export async function startBitcoin(options: StartBitcoinOptions = {}): Promise<LocalBitcoin> {
  const chain = createTestChain()
  const server = await listenBitcoin(chain, options.port ?? DEFAULT_BITCOIN_PORT)
  const faucetScript = scriptOf(bitcoinFaucet.address)
  const interval = options.blockIntervalMs ?? DEFAULT_BLOCK_INTERVAL_MS
  const timer = interval > 0 ? setInterval(() => chain.mine(1, faucetScript), interval) : undefined
  return {
    url: server.url,
    port: server.port,
    genesisHash: chain.blocks[0]!.hash,
    caipNetworkId: REGTEST_CAIP_NETWORK_ID,
    accounts: bitcoinTestAccounts,
    chain,
    mine: (count = 1) => chain.mine(count, faucetScript).map((block: Block) => block.hash),
    stop: async () => {
      clearInterval(timer)
      await server.stop()
    }
  }
}

function readOption(args: string[], name: string, fallback: number, max: number): number {
  const at = args.findIndex(a => a === name || a.startsWith(`${name}=`))
  if (at === -1) return fallback
  const text = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1]
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`${name} must be a whole number from 0 to ${max}, got ${String(text)}`)
  }
  return value
}

const btc = (sats: number) => `${sats / SATS_PER_BTC} BTC`

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const port = readOption(args, '--port', Number(process.env.BITCOIN_PORT ?? DEFAULT_BITCOIN_PORT), 65535)
  const blockIntervalMs = readOption(args, '--block-interval', DEFAULT_BLOCK_INTERVAL_MS, 3_600_000)
  const bitcoin = await startBitcoin({ port, blockIntervalMs })
  const payment = TEST_PAYMENT_OUTPUTS_SATS.map(btc).join(' + ')
  console.log(
    [
      `Bitcoin regtest ready in ${Math.round(performance.now())} ms (a local stand-in written for the tests, not bitcoind)`,
      `  JSON-RPC    ${bitcoin.url}  (Bitcoin Core methods, any credentials)`,
      `  Esplora     ${bitcoin.url}  (REST: /address/:a, /tx/:id, POST /tx, /fee-estimates, ...)`,
      `  Genesis     ${bitcoin.genesisHash}  (${bitcoin.caipNetworkId})`,
      `  Blocks      ${blockIntervalMs > 0 ? `every ${blockIntervalMs / 1000} s and ` : ''}on demand (generatetoaddress)`,
      `  Faucet      ${bitcoinFaucet.address}  key (WIF) ${bitcoinFaucet.wif}`,
      `  Accounts    payment (P2WPKH) ${payment}, ordinals (P2TR) ${btc(TEST_ORDINALS_OUTPUT_SATS)} each. TEST KEYS ONLY, never use them for real funds:`,
      ...bitcoin.accounts.flatMap(account => [
        `    ${account.name.padEnd(6)} payment  ${account.payment.address.padEnd(64)} key (WIF) ${account.payment.wif}`,
        `           ordinals ${account.ordinals.address.padEnd(64)} key (WIF) ${account.ordinals.wif}`
      ])
    ].join('\n')
  )
  if (!args.includes('--quiet')) {
    bitcoin.chain.onTransaction(entry =>
      console.log(`tx ${entry.tx.txid} accepted (fee ${entry.fee} sat, ${entry.tx.vsize} vB)`)
    )
    bitcoin.chain.onBlock(block => {
      if (block.transactions.length > 1)
        console.log(`block ${block.height} ${block.hash} with ${block.transactions.length - 1} tx`)
    })
  }
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    bitcoin.stop().then(() => process.exit(0))
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
