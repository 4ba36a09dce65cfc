// Identity, profile lookups, suggestions and registration over the NameRegistry of real local
// chains. Registration must check the signature before anything is stored, and a registered name
// must survive a restart of the backend and of the chains.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { nameRegistryAbi } from '../../local/chain/abis.js'
import { startChains } from '../../local/chain/start.js'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { openDatabase, type Database } from '../../service/backend/db/database.js'
import {
  identityResponseSchema,
  profileAccountResponseSchema,
  profileReverseResponseSchema,
  profileSuggestionsResponseSchema,
  registerNameResponseSchema,
  type RegisterNameBody
} from '../../src/api/schemas/index.js'
import { Stack, startStack, chainContexts } from './blockchain-stack.js'
import { startServer } from '../../service/backend/main.js'

let stack: Stack
let db: Database

before(async () => {
  db = await openDatabase({ url: null })
  stack = await startStack({ db })
})

after(async () => {
  await stack?.stop()
  await db?.close()
})

const alice = TEST_ACCOUNTS[1]!.address
const V2 = { apiVersion: '2' }

async function registration(
  signer: PrivateKeyAccount,
  message: Record<string, unknown>,
  options: { address?: string; coinType?: number } = {}
): Promise<RegisterNameBody> {
  const text = JSON.stringify(message)
  return {
    coin_type: options.coinType ?? 60,
    address: options.address ?? signer.address,
    message: text,
    signature: await signer.signMessage({ message: text })
  }
}

async function ownerOnChain(name: string, chain = stack.chainA): Promise<string> {
  return stack
    .publicClient(chain)
    .readContract({ address: CONTRACTS.nameRegistry, abi: nameRegistryAbi, functionName: 'resolve', args: [name] })
}

describe('GET /v1/identity/{address}', () => {
  it('answers the name from the registry reverse lookup', async () => {
    assert.deepEqual(await stack.get(`/v1/identity/${alice}`, identityResponseSchema), {
      name: 'alice.appkit.id',
      avatar: null
    })
    assert.deepEqual(
      await stack.get(`/v1/identity/${alice}`, identityResponseSchema, { sender: TEST_ACCOUNTS[0]!.address }),
      {
        name: 'alice.appkit.id',
        avatar: null
      }
    )
    assert.deepEqual(await stack.get(`/v1/identity/${TEST_ACCOUNTS[4]!.address}`, identityResponseSchema), {
      name: null,
      avatar: null
    })
    assert.match(await stack.error('GET', '/v1/identity/0xnope', 400), /address/)
    assert.match(await stack.error('GET', `/v1/identity/${alice}`, 400, { query: { sender: 'nobody' } }), /sender/)
  })
})

describe('GET /v1/profile/*', () => {
  it('resolves a name under either suffix to its profile', async () => {
    for (const name of ['alice.appkit.id', 'ALICE.wcn.id', 'alice']) {
      const profile = await stack.get(`/v1/profile/account/${name}`, profileAccountResponseSchema, V2)
      assert.equal(profile.name, 'alice.appkit.id')
      assert.deepEqual(profile.addresses, { '60': { address: alice } })
      assert.deepEqual(profile.attributes, {})
      // The registration block's time (hardhat runs a second ahead per block mined within a second):
      // the block of alice's NameRegistered event, during the seeding.
      const [registered] = await stack.publicClient().getContractEvents({
        address: CONTRACTS.nameRegistry,
        abi: nameRegistryAbi,
        eventName: 'NameRegistered',
        args: { owner: alice },
        fromBlock: 0n,
        toBlock: stack.chainA.deployBlock
      })
      assert.ok(registered, 'alice was registered during the seeding')
      const block = await stack.publicClient().getBlock({ blockNumber: registered.blockNumber })
      assert.equal(profile.registered, Number(block.timestamp))
    }
    assert.match(
      await stack.error('GET', '/v1/profile/account/nobody-here.appkit.id', 404, { query: V2 }),
      /^Error resolving name/
    )
    assert.match(
      await stack.error('GET', '/v1/profile/account/ab', 400, { query: V2 }),
      /^Error resolving name: a name needs at least 4 characters/
    )
    assert.match(await stack.error('GET', '/v1/profile/account/alice.appkit.id', 400), /apiVersion/)
  })

  it('answers the names of an address (reverse), none for an address without', async () => {
    const profiles = await stack.get(`/v1/profile/reverse/${alice}`, profileReverseResponseSchema, V2)
    assert.deepEqual(
      profiles.map(profile => profile.name),
      ['alice.appkit.id']
    )
    assert.deepEqual(
      await stack.get(`/v1/profile/reverse/${TEST_ACCOUNTS[4]!.address}`, profileReverseResponseSchema, V2),
      []
    )
    assert.match(await stack.error('GET', '/v1/profile/reverse/0x12', 400, { query: V2 }), /address/)
  })

  it('suggests names near the one asked for, marking those taken', async () => {
    const { suggestions } = await stack.get('/v1/profile/suggestions/alice', profileSuggestionsResponseSchema, {
      zone: 'appkit.id'
    })
    assert.deepEqual(suggestions[0], { name: 'alice.appkit.id', registered: true })
    assert.ok(suggestions.length >= 4)
    assert.ok(
      suggestions
        .slice(1)
        .every(suggestion => !suggestion.registered && /^[a-z0-9-]{4,}\.appkit\.id$/.test(suggestion.name))
    )
    const legacy = await stack.get('/v1/profile/suggestions/alice', profileSuggestionsResponseSchema, {
      zone: 'wcn.id'
    })
    assert.deepEqual(legacy.suggestions[0], { name: 'alice.wcn.id', registered: true })
    const free = await stack.get('/v1/profile/suggestions/zebra-crossing', profileSuggestionsResponseSchema)
    assert.deepEqual(free.suggestions[0], { name: 'zebra-crossing.appkit.id', registered: false })
    assert.match(
      await stack.error('GET', '/v1/profile/suggestions/alice', 400, { query: { zone: 'eth' } }),
      /^Error fetching name suggestions: unknown zone/
    )
    assert.match(
      await stack.error('GET', '/v1/profile/suggestions/abc', 400),
      /^Error fetching name suggestions: a name needs at least 4 characters/
    )
    assert.match(
      await stack.error('GET', '/v1/profile/suggestions/bad_name', 400),
      /^Error fetching name suggestions: a name may only have letters, digits and hyphens/
    )
  })
})

describe('POST /v1/profile/account', () => {
  const bob = privateKeyToAccount(generatePrivateKey())

  it("refuses a signature that is not the address's, and stores nothing", async () => {
    const mallory = privateKeyToAccount(generatePrivateKey())
    // Mallory signs a registration that claims to be bob's.
    const forged = await registration(mallory, { name: 'bobby-name', timestamp: Date.now() }, { address: bob.address })
    const message = await stack.error('POST', '/v1/profile/account', 401, { body: forged })
    assert.equal(message, 'Error registering name: the signature does not match the address')
    // A signature over another message than the one sent.
    const signed = await registration(bob, { name: 'bobby-name', timestamp: Date.now() })
    const swapped = { ...signed, message: JSON.stringify({ name: 'bobby-other', timestamp: Date.now() }) }
    await stack.error('POST', '/v1/profile/account', 401, { body: swapped })
    assert.equal(await ownerOnChain('bobby-name'), zeroAddress)
    assert.equal((await db.query('SELECT 1 FROM profile_names WHERE label = $1', ['bobby-name'])).rows.length, 0)
  })

  it('stores a well-signed registration and writes it to the registry', async () => {
    const body = await registration(bob, {
      name: 'Bobby-Name.appkit.id',
      attributes: { avatar: 'https://example.com/bob.png' },
      timestamp: Date.now()
    })
    assert.deepEqual(await stack.post('/v1/profile/account', registerNameResponseSchema, body), { success: true })
    assert.equal(await ownerOnChain('bobby-name'), bob.address)
    assert.equal(await ownerOnChain('bobby-name.wcn.id'), bob.address)
    // Written to chain B's registry too.
    assert.equal(await ownerOnChain('bobby-name', stack.chainB), bob.address)
    const rows = (
      await db.query<{ name: string; address: string }>('SELECT name, address FROM profile_names WHERE label = $1', [
        'bobby-name'
      ])
    ).rows
    assert.deepEqual(rows, [{ name: 'bobby-name.appkit.id', address: bob.address }])

    assert.deepEqual(await stack.get(`/v1/identity/${bob.address}`, identityResponseSchema), {
      name: 'bobby-name.appkit.id',
      avatar: 'https://example.com/bob.png'
    })
    const profile = await stack.get('/v1/profile/account/bobby-name.appkit.id', profileAccountResponseSchema, V2)
    assert.deepEqual(profile.addresses, { '60': { address: bob.address } })
    assert.deepEqual(profile.attributes, { avatar: 'https://example.com/bob.png' })
    const reverse = await stack.get(`/v1/profile/reverse/${bob.address}`, profileReverseResponseSchema, V2)
    assert.deepEqual(
      reverse.map(p => p.name),
      ['bobby-name.appkit.id']
    )
    const { suggestions } = await stack.get('/v1/profile/suggestions/bobby-name', profileSuggestionsResponseSchema)
    assert.deepEqual(suggestions[0], { name: 'bobby-name.appkit.id', registered: true })
  })

  it('refuses a name that is taken, breaks the rules, or a stale or malformed message', async () => {
    const carol = privateKeyToAccount(generatePrivateKey())
    const post = async (body: unknown, status: number) => stack.error('POST', '/v1/profile/account', status, { body })
    assert.equal(
      await post(await registration(carol, { name: 'bobby-name', timestamp: Date.now() }), 409),
      'Error registering name bobby-name.appkit.id: the name is taken'
    )
    assert.equal(
      await post(await registration(carol, { name: 'alice', timestamp: Date.now() }), 409),
      'Error registering name alice.appkit.id: the name is taken'
    )
    assert.equal(
      await post(await registration(carol, { name: 'abc', timestamp: Date.now() }), 400),
      'Error registering name abc: a name needs at least 4 characters'
    )
    assert.equal(
      await post(await registration(carol, { name: 'carol_1', timestamp: Date.now() }), 400),
      'Error registering name carol_1: a name may only have letters, digits and hyphens'
    )
    assert.equal(
      await post(await registration(carol, { name: 'carol-old', timestamp: Date.now() - 3_600_000 }), 400),
      'Error registering name carol-old.appkit.id: the signed message is too old (sign a new one)'
    )
    assert.equal(
      await post(await registration(carol, { timestamp: Date.now() }), 400),
      'Error registering name: the message needs a name and a timestamp'
    )
    const notJson = {
      coin_type: 60,
      address: carol.address,
      message: 'carol please',
      signature: await carol.signMessage({ message: 'carol please' })
    }
    assert.equal(await post(notJson, 400), 'Error registering name: the message is not JSON')
    assert.match(
      await post(await registration(carol, { name: 'carol-coin', timestamp: Date.now() }, { coinType: 501 }), 400),
      /coin type 501/
    )
    assert.match(await post({ coin_type: 60, address: carol.address, message: 'x' }, 400), /signature/)
    assert.match(await stack.error('POST', '/v1/profile/account', 400, { raw: '{not json' }), /JSON/)
    assert.equal(await ownerOnChain('carol-old'), zeroAddress)
  })

  it('keeps registered names across a restart of the backend and of the chains', async () => {
    // The backend stops, the chains start again from their deployment (empty registries), and a
    // new backend over the same database writes the stored names back.
    await stack.stop()
    const local = await startChains({ portA: 0, portB: 0 })
    const server = await startServer({ port: 0, ignoreEnv: true, db, chains: chainContexts(local) })
    stack = new Stack(local, server)
    await waitFor(async () => (await ownerOnChain('bobby-name')) !== zeroAddress, 20_000)
    assert.equal(await ownerOnChain('bobby-name'), bob.address)
    assert.deepEqual(await stack.get(`/v1/identity/${bob.address}`, identityResponseSchema), {
      name: 'bobby-name.appkit.id',
      avatar: 'https://example.com/bob.png'
    })
  })
})

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}
