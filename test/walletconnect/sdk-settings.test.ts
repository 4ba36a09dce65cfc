// The WalletConnect client's settings of docs/behaviour.md section 9 (issue 29, point 15), read back from a
// client the kit initialised (src/connectors/walletconnect/sign-client.ts) against the local relay:
// the log buffer (1,024,000 bytes) and the default log level (error), which the kit passes; the
// heartbeat (5 s) and the relay socket's event max listeners (10), which are the SDK's own
// (SignClient.init takes no setting for them): the test shows the SDK's values are the spec's.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { SignClient } from '@walletconnect/sign-client'
import { getSignClient, resetSignClients } from '../../src/connectors/walletconnect/sign-client.js'
import {
  WALLETCONNECT_HEARTBEAT_SECONDS,
  WALLETCONNECT_LOG_BUFFER_BYTES,
  WALLETCONNECT_LOG_LEVEL,
  WALLETCONNECT_MAX_LISTENERS
} from '../../src/connectors/walletconnect/sdk-settings.js'
import { localChainA } from '../../src/networks/definitions.js'
import { startLocalRelay, type LocalRelay } from '../../local/walletconnect-relay/relay.js'

/** What the SDK keeps of its logger: its chunk logger's buffer and level. */
interface LogChunks {
  readonly baseChunkLogger: { readonly MAX_LOG_SIZE_IN_BYTES: number; readonly level: string }
}
/** The relay socket once open: a JSON-RPC provider over a WebSocket connection with its event emitter. */
interface OpenProvider {
  readonly connection: { readonly events: { getMaxListeners(): number } }
}

const realFetch = globalThis.fetch
const realInit = SignClient.init.bind(SignClient)
const given: Array<Parameters<typeof SignClient.init>[0]> = []
let relay: LocalRelay

before(async () => {
  // No internet here: the SDK's calls to WalletConnect's cloud (telemetry, verify) get a 503 at once.
  globalThis.fetch = async () => new Response(null, { status: 503 })
  relay = await startLocalRelay()
  SignClient.init = async options => {
    given.push(options)
    return realInit(options)
  }
})

after(async () => {
  SignClient.init = realInit
  await resetSignClients()
  await relay.close()
  globalThis.fetch = realFetch
})

test('the spec’s values (section 9) as the kit writes them', () => {
  assert.equal(WALLETCONNECT_LOG_BUFFER_BYTES, 1_024_000)
  assert.equal(WALLETCONNECT_LOG_LEVEL, 'error')
  assert.equal(WALLETCONNECT_HEARTBEAT_SECONDS, 5)
  assert.equal(WALLETCONNECT_MAX_LISTENERS, 10)
})

test('the client the kit initialises gets them: log buffer and level passed, heartbeat and listener limit the SDK’s own', async () => {
  const client = await getSignClient({
    projectId: 'settings-test',
    relayUrl: relay.url,
    metadata: { name: 'Settings', description: 'test', url: 'http://127.0.0.1', icons: [] },
    networks: [localChainA]
  })
  // Passed by the kit.
  assert.equal(given.length, 1)
  assert.equal(given[0]?.maxLogBlobSizeInBytes, WALLETCONNECT_LOG_BUFFER_BYTES)
  assert.equal(given[0]?.logger, WALLETCONNECT_LOG_LEVEL)
  // And read back from the initialised client.
  const logs = (client.core as unknown as { logChunkController: LogChunks }).logChunkController.baseChunkLogger
  assert.equal(logs.MAX_LOG_SIZE_IN_BYTES, WALLETCONNECT_LOG_BUFFER_BYTES)
  assert.equal(logs.level, WALLETCONNECT_LOG_LEVEL)
  // The SDK's own: its heartbeat's interval (seconds) and, once the relay socket is open, its events' limit.
  assert.equal(client.core.heartbeat.interval, WALLETCONNECT_HEARTBEAT_SECONDS)
  // The socket opens with the first topic (a proposal); here it is opened at once.
  await (client.core.relayer as unknown as { connect(): Promise<void> }).connect()
  const provider = client.core.relayer.provider as unknown as OpenProvider
  assert.equal(provider.connection.events.getMaxListeners(), WALLETCONNECT_MAX_LISTENERS)
})
