// Starts the reference backend over HTTP on 127.0.0.1.
//
//   import { startServer } from './service/backend/main.js'
//   const server = await startServer({ port: 0, chains })  // in-memory PGlite unless db/dataDir/DATABASE_URL
//   ... server.url ...   (the API)   ... server.frameUrl ...   (the embedded wallet's origin, framePort)
//   await server.stop()
//
//   npx tsx service/backend/main.ts [--port 8787] [--frame-port 8788] [--frame-dist service/frame/dist]
//                          [--data-dir .data/pglite | --memory]
//                          [--rpc 31337=http://127.0.0.1:8545 ...] [--solana-rpc http://127.0.0.1:8899]
//                          [--bitcoin-esplora http://127.0.0.1:18443]
//   --rpc (or APPKIT_CHAIN_RPCS, 'chainId=url,…') names the chains it reads; the embedded wallet's
//   frame also reaches the spec's frame networks through public endpoints (service/backend/frame-networks.ts),
//   APPKIT_CHAIN_RPCS's in their place.
//   Without --rpc it uses the local chains on their default ports (8545, 8546) when they answer;
//   without --solana-rpc (or APPKIT_SOLANA_RPC), the local Solana runtime on 8899 when it answers;
//   without --bitcoin-esplora (or APPKIT_BITCOIN_ESPLORA: any Esplora REST API, such as
//   https://blockstream.info/api), the local Bitcoin regtest node on 18443 when it answers.
import { createAdaptorServer } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { CHAIN_A, CHAIN_B } from '../../local/chain/deployment.js'
import { DEFAULT_RPC_PORT as SOLANA_DEFAULT_PORT } from '../../local/solana/accounts.js'
import { DEFAULT_BITCOIN_PORT } from '../../local/bitcoin/accounts.js'
import { createBitcoinContext, type BitcoinContext } from './bitcoin/esplora.js'
import { createApp } from './app.js'
import { loadConfig, type ServerConfig, type ServerConfigInput } from './config.js'
import { createChainContext, createServerContext, type ChainContext, type ServerContext } from './context.js'
import { openDatabase, type Database } from './db/database.js'
import { createFrameApp } from './frame-app.js'
import { parseChainRpcs } from './frame-networks.js'
import { createSolanaContext, parseSolanaPrices, type SolanaContext } from './solana/accounts.js'
import { migrate } from './db/migrate.js'
import { describeFetchError } from './fetch-error.js'
import { waitForSolanaNode } from './solana/wait-for-node.js'

export interface StartServerOptions {
  /** Default 8787 (or APPKIT_SERVER_PORT); 0 = any free port. */
  port?: number
  host?: string
  /** An open database; otherwise one is opened from config (DATABASE_URL, dataDir) and closed on stop. */
  db?: Database
  /**
   * PGlite directory when no db is given (and no DATABASE_URL); default APPKIT_DATA_DIR, else in
   * memory. The CLI defaults to .data/pglite.
   */
  dataDir?: string
  chains?: ChainContext[]
  /** The Solana node to read accounts from (createSolanaContext). */
  solana?: SolanaContext
  /** The Esplora API to read Bitcoin addresses from (createBitcoinContext). */
  bitcoin?: BitcoinContext
  /** Overrides of the configuration (projects, publicUrl, ...). */
  config?: Partial<ServerConfigInput>
  /** Ignore the process environment (tests). Default false. */
  ignoreEnv?: boolean
  /** The clock (Unix ms) of codes and sessions; default Date.now. Tests move it. */
  now?: () => number
  /** The built frame page's directory; default service/frame/dist. */
  frameDistDir?: string
}

export interface RunningServer {
  /** http://127.0.0.1:{port} */
  url: string
  port: number
  /** The embedded wallet frame's origin: http://127.0.0.1:{framePort} (or APPKIT_FRAME_PUBLIC_URL's). */
  frameUrl: string
  framePort: number
  config: ServerConfig
  context: ServerContext
  stop(): Promise<void>
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = options.ignoreEnv ? {} : process.env
  const config = loadConfig(
    {
      ...options.config,
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.host !== undefined ? { host: options.host } : {}),
      dataDir: options.dataDir ?? options.config?.dataDir ?? envDataDir(env)
    },
    env
  )
  const ownDb = !options.db
  const db = options.db ?? (await openDatabase({ url: config.databaseUrl ?? null, dataDir: config.dataDir }))
  try {
    await migrate(db)
  } catch (error) {
    if (ownDb) await db.close()
    throw error
  }
  const context = createServerContext({
    db,
    config,
    chains: options.chains ?? [],
    ...(options.solana ? { solana: options.solana } : {}),
    ...(options.bitcoin ? { bitcoin: options.bitcoin } : {}),
    ...(options.now ? { now: options.now } : {})
  })
  const app = createApp(context)
  const server = createAdaptorServer({ fetch: app.fetch, hostname: config.host }) as Server
  let frameOrigin = ''
  const frameApp = createFrameApp(context, {
    origin: () => frameOrigin,
    ...(options.frameDistDir ? { distDir: options.frameDistDir } : {})
  })
  const frameServer = createAdaptorServer({ fetch: frameApp.fetch, hostname: config.host }) as Server
  try {
    await listen(server, config.port, config.host, 'Backend', 'APPKIT_SERVER_PORT or --port')
    await listen(frameServer, config.framePort, config.host, 'Frame', 'APPKIT_FRAME_PORT or --frame-port').catch(
      async error => {
        await close(server)
        throw error
      }
    )
  } catch (error) {
    await context.close()
    if (ownDb) await db.close()
    throw error
  }
  const port = (server.address() as AddressInfo).port
  const framePort = (frameServer.address() as AddressInfo).port
  const listeningFrameUrl = `http://${config.host}:${framePort}`
  frameOrigin = config.framePublicUrl ? new URL(config.framePublicUrl).origin : listeningFrameUrl
  let stopping: Promise<void> | undefined
  return {
    url: `http://${config.host}:${port}`,
    port,
    frameUrl: config.framePublicUrl ? frameOrigin : listeningFrameUrl,
    framePort,
    config,
    context,
    stop: () =>
      (stopping ??= (async () => {
        await Promise.all([close(server), close(frameServer)])
        await context.close()
        if (ownDb) await db.close()
      })())
  }
}

/** Listens on `port` of `host`; a taken port rejects naming who wanted it and the setting that moves it. */
function listen(server: Server, port: number, host: string, who: string, setting: string): Promise<void> {
  return new Promise<void>((resolveListen, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`${who} port ${port} on ${host} is already in use (set ${setting})`)
          : error
      )
    }
    const onListening = () => {
      server.off('error', onError)
      resolveListen()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, host)
  })
}

function close(server: Server): Promise<void> {
  return new Promise<void>(done => {
    if (!server.listening) return done()
    server.close(() => done())
    server.closeAllConnections()
  })
}

function envDataDir(env: NodeJS.ProcessEnv): string | undefined {
  const dir = env.APPKIT_DATA_DIR
  return dir && dir !== ':memory:' ? dir : undefined
}

/** Asks `rpcUrl` for its chain id; undefined when nothing answers within a second. */
async function probeChain(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000)
    })
    const body = (await response.json()) as { result?: string }
    return body.result ? Number(BigInt(body.result)) : undefined
  } catch {
    return undefined
  }
}

/**
 * The Solana node at `rpcUrl`, else the local runtime on its default port when it answers; its
 * prices from APPKIT_SOLANA_PRICES ('SOL=150,TUSDC=1'). Undefined when none answers.
 */
async function solanaNode(rpcUrl: string | undefined): Promise<SolanaContext | undefined> {
  const prices = process.env.APPKIT_SOLANA_PRICES ? parseSolanaPrices(process.env.APPKIT_SOLANA_PRICES) : undefined
  if (rpcUrl) return waitForSolanaNode(rpcUrl, prices)
  try {
    return await createSolanaContext(`http://127.0.0.1:${SOLANA_DEFAULT_PORT}`, prices)
  } catch {
    return undefined
  }
}

/**
 * The Esplora API at `esploraUrl` (an error naming it when it does not answer as one), else the
 * local regtest node on its default port when it answers; its BTC price from APPKIT_BITCOIN_PRICE.
 */
async function bitcoinEsplora(esploraUrl: string | undefined): Promise<BitcoinContext | undefined> {
  const price = process.env.APPKIT_BITCOIN_PRICE ? Number(process.env.APPKIT_BITCOIN_PRICE) : undefined
  if (price !== undefined && !(Number.isFinite(price) && price >= 0)) {
    throw new Error(`APPKIT_BITCOIN_PRICE must be a number of USD, got '${process.env.APPKIT_BITCOIN_PRICE}'`)
  }
  if (esploraUrl) {
    try {
      return await createBitcoinContext(esploraUrl, price)
    } catch (error) {
      throw new Error(`The Esplora API at ${esploraUrl} did not answer as one: ${describeFetchError(error)}`, {
        cause: error
      })
    }
  }
  try {
    return await createBitcoinContext(`http://127.0.0.1:${DEFAULT_BITCOIN_PORT}`, price)
  } catch {
    return undefined
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'frame-port': { type: 'string' },
      'frame-dist': { type: 'string' },
      'data-dir': { type: 'string' },
      memory: { type: 'boolean' },
      rpc: { type: 'string', multiple: true },
      'solana-rpc': { type: 'string' },
      'bitcoin-esplora': { type: 'string' }
    }
  })
  const chains: ChainContext[] = []
  const rpcArgs = parseChainRpcs(values.rpc ?? (process.env.APPKIT_CHAIN_RPCS ?? '').split(','))
  if (rpcArgs.length > 0) {
    for (const { chainId, rpcUrl } of rpcArgs) chains.push(createChainContext(chainId, rpcUrl))
  } else {
    for (const chain of [CHAIN_A, CHAIN_B]) {
      const rpcUrl = `http://127.0.0.1:${chain.defaultPort}`
      if ((await probeChain(rpcUrl)) === chain.chainId) chains.push(createChainContext(chain.chainId, rpcUrl))
    }
  }
  const solana = await solanaNode(values['solana-rpc'] ?? process.env.APPKIT_SOLANA_RPC)
  const bitcoin = await bitcoinEsplora(values['bitcoin-esplora'] ?? process.env.APPKIT_BITCOIN_ESPLORA)
  const server = await startServer({
    solana,
    bitcoin,
    port: values.port !== undefined ? Number(values.port) : undefined,
    ...(values['frame-port'] !== undefined ? { config: { framePort: Number(values['frame-port']) } } : {}),
    ...(values['frame-dist'] !== undefined ? { frameDistDir: resolve(values['frame-dist']) } : {}),
    dataDir: values.memory ? undefined : (values['data-dir'] ?? process.env.APPKIT_DATA_DIR ?? '.data/pglite'),
    chains
  })
  const store =
    server.context.db.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `PGlite ${server.config.dataDir ?? '(in memory)'}`
  console.log(`Backend listening on ${server.url}  [database: ${store}]`)
  console.log(
    server.config.masterKey
      ? `Frame listening on ${server.frameUrl}  [embedded wallet: codes mailed to ${server.config.smtpUrl}]`
      : `Frame listening on ${server.frameUrl}  [embedded wallet not configured: set APPKIT_MASTER_KEY]`
  )
  console.log(
    chains.length > 0
      ? `Reading chains: ${chains.map(chain => `${chain.chainId} at ${chain.rpcUrl}`).join(', ')}`
      : 'No chain found (start local/chain/start.ts first or pass --rpc chainId=url); chain-reading endpoints have nothing to read.'
  )
  console.log(
    solana
      ? `Reading Solana: ${solana.caipNetworkId} at ${solana.rpcUrl}`
      : 'No Solana node found (start local/solana/start.ts first or pass --solana-rpc url); Solana accounts have no balances or history.'
  )
  console.log(
    bitcoin
      ? `Reading Bitcoin: ${bitcoin.caipNetworkId} at ${bitcoin.esploraUrl} (Esplora)`
      : 'No Esplora API found (start local/bitcoin/start.ts first or pass --bitcoin-esplora url); Bitcoin addresses have no balances or history.'
  )
  const shutdown = () => {
    void server.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  main().catch((error: unknown) => {
    console.error(describeFetchError(error))
    process.exit(1)
  })
}
