// Sign In With Farcaster for the embedded wallet (service/backend/embedded/farcaster-login.ts, the
// /frame-api/farcaster/* routes) against the local relay (local/farcaster/relay.ts), the registries
// on local chain A and PGlite, with @farcaster/auth-client on both sides: start opens a relay
// channel for a page of an allowed origin; finish answers pending until the Farcaster client
// approved, then verifies the message (signature, nonce, domain, and on chain: custody of the fid,
// or an auth address of it) and starts a session for the fid's account. Once, for one device.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { encodeAbiParameters, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { farcasterIdRegistryAbi, farcasterKeyRegistryAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, SEED, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import {
  FARCASTER_ATTEMPT_TTL_MS,
  FARCASTER_EXPIRED,
  FARCASTER_NOT_VERIFIED,
  FARCASTER_UNAVAILABLE,
  PAGE_NOT_ALLOWED
} from '../../service/backend/embedded/farcaster-login.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { useLocalChains } from '../chain/helpers.js'
import { approveFarcasterSignIn } from '../../local/farcaster/approve.js'
import { handleLocalApp } from '../../local/farcaster/local-app.js'
import { localFarcasterEnv, startLocalFarcasterRelay, type LocalFarcasterRelay } from '../../local/farcaster/relay.js'
import { FARCASTER_DEFAULTS, farcasterSettingsFromEnv } from '../../service/backend/farcaster/settings.js'
import { Clock, expectError, expectOk, FrameClient, newDeviceId, PROJECT_ID } from './embedded-stack.js'
import { openTestDatabase, type TestDatabase } from './helpers.js'

const PAGE_ORIGIN = 'http://localhost:5173'
/** One master key for every backend of the file: they share the database and its wrapped keys. */
const MASTER_KEY = randomBytes(32).toString('base64')
const FID_ONE = { fid: SEED.farcasterIds[0]!.fid, privateKey: TEST_ACCOUNTS[3].privateKey as Hex }

const chains = useLocalChains()
let relay: LocalFarcasterRelay
let server: RunningServer
let database: TestDatabase
let frame: FrameClient
// The signed message's expiry is checked against the real time, so the backend's clock starts there.
const clock = new Clock()

type Completed = {
  state: 'completed'
  sessionToken: string
  email: string | null
  keys: unknown[]
  social: { provider: string; username: string }
}

before(async () => {
  clock.time = Date.now()
  relay = await startLocalFarcasterRelay()
  database = await openTestDatabase()
  server = await backendWithRelay(relay.url)
  frame = new FrameClient(server.frameUrl)
})

after(async () => {
  await server?.stop()
  await relay?.close()
  await database?.dispose()
})

/** A backend whose Farcaster login uses the relay at `relayUrl` and the registries on chain A. */
function backendWithRelay(relayUrl: string): Promise<RunningServer> {
  return startServer({
    port: 0,
    ignoreEnv: true,
    db: database.db,
    now: clock.now,
    config: {
      smtpUrl: 'smtp://127.0.0.1:9',
      masterKey: MASTER_KEY,
      farcaster: farcasterSettingsFromEnv(localFarcasterEnv(relayUrl, chains.a.rpcUrl))
    }
  })
}

async function start(deviceId: string, pageOrigin = PAGE_ORIGIN) {
  return expectOk(
    await frame.post<{ uri: string; attempt: string }>('/frame-api/farcaster/start', {
      projectId: PROJECT_ID,
      pageOrigin,
      deviceId
    })
  )
}

const finish = (attempt: string, deviceId: string) =>
  frame.post<Completed | { state: 'pending' }>('/frame-api/farcaster/finish', { attempt, deviceId })

/** A fresh key with ETH for gas on chain A. */
async function fundedKey(): Promise<Hex> {
  const key = generatePrivateKey()
  const funder = localWalletClient(chains.a, TEST_ACCOUNTS[0].privateKey)
  const hash = await funder.sendTransaction({ to: privateKeyToAccount(key).address, value: parseEther('1') })
  await localPublicClient(chains.a).waitForTransactionReceipt({ hash })
  return key
}

async function send(key: Hex, request: Parameters<ReturnType<typeof localWalletClient>['writeContract']>[0]) {
  const hash = await localWalletClient(chains.a, key).writeContract(request)
  const receipt = await localPublicClient(chains.a).waitForTransactionReceipt({ hash })
  assert.equal(receipt.status, 'success')
}

/** Registers a new fid for a fresh custody key on chain A; answers both. */
async function newFid(): Promise<{ fid: number; privateKey: Hex }> {
  const privateKey = await fundedKey()
  await send(privateKey, {
    address: CONTRACTS.farcasterIdRegistry,
    abi: farcasterIdRegistryAbi,
    functionName: 'register',
    args: []
  } as never)
  const fid = await localPublicClient(chains.a).readContract({
    address: CONTRACTS.farcasterIdRegistry,
    abi: farcasterIdRegistryAbi,
    functionName: 'idOf',
    args: [privateKeyToAccount(privateKey).address]
  })
  return { fid: Number(fid), privateKey }
}

async function signIn(signer: { fid: number; privateKey: Hex }, username: string, deviceId = newDeviceId()) {
  const { uri, attempt } = await start(deviceId)
  assert.equal(
    await approveFarcasterSignIn({
      relayUrl: relay.url,
      uri,
      privateKey: signer.privateKey,
      fid: signer.fid,
      username
    }),
    201
  )
  const answer = expectOk(await finish(attempt, deviceId)) as Completed
  assert.equal(answer.state, 'completed')
  return { ...answer, deviceId }
}

describe('Sign In With Farcaster (backend)', () => {
  test('start opens a relay channel whose URL names the page, a fresh nonce and the expiry; finish is pending until approved', async () => {
    const deviceId = newDeviceId()
    const { uri, attempt } = await start(deviceId)
    const url = new URL(uri)
    assert.equal(url.origin, relay.url)
    assert.equal(url.searchParams.get('domain'), 'localhost:5173')
    assert.equal(url.searchParams.get('siweUri'), PAGE_ORIGIN)
    assert.match(url.searchParams.get('nonce') ?? '', /^[0-9a-f]{32}$/)
    assert.equal(Date.parse(url.searchParams.get('expirationTime') ?? ''), clock.now() + FARCASTER_ATTEMPT_TTL_MS)
    assert.ok(attempt.length >= 40)
    assert.deepEqual(expectOk(await finish(attempt, deviceId)), { state: 'pending' })
    const other = await start(deviceId)
    assert.notEqual(new URL(other.uri).searchParams.get('nonce'), url.searchParams.get('nonce'))
  })

  test('a page on an origin the project does not allow, or no http page, gets no channel', async () => {
    const deviceId = newDeviceId()
    const before = relay.channels.length
    for (const pageOrigin of ['https://evil.example', 'javascript:alert(1)', 'not a url']) {
      expectError(
        await frame.post('/frame-api/farcaster/start', { projectId: PROJECT_ID, pageOrigin, deviceId }),
        400,
        PAGE_NOT_ALLOWED
      )
    }
    expectError(
      await frame.post('/frame-api/farcaster/start', { projectId: 'nope', pageOrigin: PAGE_ORIGIN, deviceId }),
      404,
      'Unknown project'
    )
    assert.equal(relay.channels.length, before)
  })

  test('the custody key of fid 1 signs in: a session for an account without e-mail, named by the user name; once only', async () => {
    const answer = await signIn(FID_ONE, 'alice')
    assert.equal(answer.email, null)
    assert.deepEqual(answer.keys, [])
    assert.deepEqual(answer.social, { provider: 'farcaster', username: 'alice' })
    const session = expectOk(await frame.get('/frame-api/session', { token: answer.sessionToken }))
    assert.deepEqual(session.social, { provider: 'farcaster', username: 'alice' })
  })

  test('a second finish of the same attempt, another device, or a late one, is refused', async () => {
    const deviceId = newDeviceId()
    const { uri, attempt } = await start(deviceId)
    expectError(await finish(attempt, newDeviceId()), 400, FARCASTER_EXPIRED)
    await approveFarcasterSignIn({ relayUrl: relay.url, uri, ...FID_ONE, username: 'alice' })
    expectError(await finish(attempt, newDeviceId()), 400, FARCASTER_EXPIRED)
    expectOk(await finish(attempt, deviceId))
    expectError(await finish(attempt, deviceId), 400, FARCASTER_EXPIRED)

    const late = await start(deviceId)
    clock.advance(FARCASTER_ATTEMPT_TTL_MS)
    try {
      expectError(await finish(late.attempt, deviceId), 400, FARCASTER_EXPIRED)
    } finally {
      clock.time = Date.now()
    }
  })

  test('the same fid gets the same account again (its keys), under its new user name; another fid gets its own', async () => {
    const first = await signIn(FID_ONE, 'alice')
    const keys = [{ namespace: 'eip155', privateKey: `0x${randomBytes(32).toString('hex')}` }]
    expectOk(await frame.post('/frame-api/keys', { keys }, { token: first.sessionToken }))
    const again = await signIn(FID_ONE, 'alice2')
    assert.deepEqual(again.keys, keys)
    assert.equal(again.social.username, 'alice2')
    const other = await signIn(await newFid(), 'bob')
    assert.deepEqual(other.keys, [])
    assert.deepEqual(other.social, { provider: 'farcaster', username: 'bob' })
  })

  test('a key that does not hold the fid it claims is refused (the chain says whose fid it is)', async () => {
    const deviceId = newDeviceId()
    const { uri, attempt } = await start(deviceId)
    await approveFarcasterSignIn({
      relayUrl: relay.url,
      uri,
      privateKey: TEST_ACCOUNTS[0].privateKey,
      fid: FID_ONE.fid,
      username: 'mallory'
    })
    expectError(await finish(attempt, deviceId), 400, FARCASTER_NOT_VERIFIED)
  })

  test('a message for another domain, or with another nonce, is refused', async () => {
    for (const override of [{ domain: 'evil.example' }, { nonce: 'a1b2c3d4e5f60718' }]) {
      const deviceId = newDeviceId()
      const { uri, attempt } = await start(deviceId)
      await approveFarcasterSignIn({ relayUrl: relay.url, uri, ...FID_ONE, username: 'alice', override })
      expectError(await finish(attempt, deviceId), 400, FARCASTER_NOT_VERIFIED)
    }
  })

  test('an auth address of the fid (key registry, type 2) signs in as the fid, until the custody key removes it', async () => {
    const owner = await newFid()
    const authKey = generatePrivateKey()
    const key = encodeAbiParameters([{ type: 'address' }], [privateKeyToAccount(authKey).address])
    await send(owner.privateKey, {
      address: CONTRACTS.farcasterKeyRegistry,
      abi: farcasterKeyRegistryAbi,
      functionName: 'add',
      args: [2, key]
    } as never)
    const byOwner = await signIn(owner, 'carol')
    const deviceId = newDeviceId()
    const { uri, attempt } = await start(deviceId)
    await approveFarcasterSignIn({
      relayUrl: relay.url,
      uri,
      privateKey: authKey,
      fid: owner.fid,
      username: 'carol',
      authMethod: 'authAddress'
    })
    const byAuthAddress = expectOk(await finish(attempt, deviceId)) as Completed
    const sessionOf = async (token: string) => expectOk(await frame.get('/frame-api/session', { token }))
    expectOk(
      await frame.post(
        '/frame-api/keys',
        { keys: [{ namespace: 'eip155', privateKey: `0x${'11'.repeat(32)}` }] },
        { token: byOwner.sessionToken }
      )
    )
    assert.deepEqual((await sessionOf(byAuthAddress.sessionToken)).keys, (await sessionOf(byOwner.sessionToken)).keys)

    await send(owner.privateKey, {
      address: CONTRACTS.farcasterKeyRegistry,
      abi: farcasterKeyRegistryAbi,
      functionName: 'remove',
      args: [key]
    } as never)
    const later = await start(deviceId)
    await approveFarcasterSignIn({
      relayUrl: relay.url,
      uri: later.uri,
      privateKey: authKey,
      fid: owner.fid,
      authMethod: 'authAddress'
    })
    expectError(await finish(later.attempt, deviceId), 400, FARCASTER_NOT_VERIFIED)
  })

  test('without a user name the account is named by its fid', async () => {
    const signer = await newFid()
    const deviceId = newDeviceId()
    const { uri, attempt } = await start(deviceId)
    await approveFarcasterSignIn({ relayUrl: relay.url, uri, ...signer })
    const answer = expectOk(await finish(attempt, deviceId)) as Completed
    assert.equal(answer.social.username, `fid:${signer.fid}`)
  })

  test("a relay that does not answer gives 502 'Farcaster sign-in is unavailable right now, try again later', and no attempt is stored", async () => {
    const down = await backendWithRelay('http://127.0.0.1:9')
    const count = async () =>
      (await database.db.query<{ n: string }>('SELECT count(*)::text AS n FROM wallet_farcaster_attempts')).rows[0]!.n
    const stored = await count()
    try {
      const client = new FrameClient(down.frameUrl)
      expectError(
        await client.post('/frame-api/farcaster/start', {
          projectId: PROJECT_ID,
          pageOrigin: PAGE_ORIGIN,
          deviceId: newDeviceId()
        }),
        502,
        FARCASTER_UNAVAILABLE
      )
      assert.equal(await count(), stored)
    } finally {
      await down.stop()
    }
  })
})

describe('Farcaster settings from the environment', () => {
  test("without settings: Farcaster's relay and its registries on OP mainnet", () => {
    assert.deepEqual(farcasterSettingsFromEnv({}), FARCASTER_DEFAULTS)
    assert.equal(FARCASTER_DEFAULTS.relayUrl, 'https://relay.farcaster.xyz')
    assert.equal(FARCASTER_DEFAULTS.idRegistry, '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b')
  })

  test('each setting replaces its default; a malformed one is an error naming the variable', () => {
    const env = localFarcasterEnv('http://127.0.0.1:8791/', 'http://127.0.0.1:8545')
    assert.deepEqual(farcasterSettingsFromEnv(env), {
      relayUrl: 'http://127.0.0.1:8791',
      rpcUrl: 'http://127.0.0.1:8545',
      idRegistry: CONTRACTS.farcasterIdRegistry,
      keyRegistry: CONTRACTS.farcasterKeyRegistry
    })
    assert.throws(
      () => farcasterSettingsFromEnv({ APPKIT_FARCASTER_RELAY_URL: 'ftp://relay' }),
      /APPKIT_FARCASTER_RELAY_URL is not an http\(s\) URL/
    )
    assert.throws(
      () => farcasterSettingsFromEnv({ APPKIT_FARCASTER_ID_REGISTRY: '0x1234' }),
      /APPKIT_FARCASTER_ID_REGISTRY is not an address/
    )
  })
})

describe('the local Farcaster app page (npm start)', () => {
  test('it shows the domain escaped, and its Approve signs as fid 1: the backend verifies it', async () => {
    const local = await startLocalFarcasterRelay({ handle: handleLocalApp })
    const server2 = await backendWithRelay(local.url)
    try {
      const client = new FrameClient(server2.frameUrl)
      const deviceId = newDeviceId()
      const { uri, attempt } = expectOk(
        await client.post<{ uri: string; attempt: string }>('/frame-api/farcaster/start', {
          projectId: PROJECT_ID,
          pageOrigin: PAGE_ORIGIN,
          deviceId
        })
      )
      assert.ok(uri.startsWith(`${local.url}/~/siwf?`))
      const tampered = new URL(uri)
      tampered.searchParams.set('domain', '<img src=x onerror=alert(1)>')
      const page = await (await fetch(tampered)).text()
      assert.ok(!page.includes('<img'), page)
      assert.ok(page.includes('&lt;img src=x onerror=alert(1)&gt;'))

      const form = new URLSearchParams(new URL(uri).searchParams)
      form.set('username', 'dora')
      const approved = await fetch(`${local.url}/~/siwf`, { method: 'POST', body: form })
      assert.equal(approved.status, 200)
      const answer = expectOk(
        await client.post<Completed>('/frame-api/farcaster/finish', { attempt, deviceId })
      ) as Completed
      assert.deepEqual(answer.social, { provider: 'farcaster', username: 'dora' })
      // Approving the same link again: the channel is done.
      assert.equal((await fetch(`${local.url}/~/siwf`, { method: 'POST', body: form })).status, 409)
    } finally {
      await server2.stop()
      await local.close()
    }
  })
})
