// The kit's name client (src/api/name-client.ts): what each call asks (paths, queries, the POST
// body, one try for a registration) against a scripted server, then a registration the way the
// kit makes it (personal_sign of the JSON message's UTF-8 bytes) against the real backend over
// real local chains, read back through profile, reverse and suggestions.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openDatabase, type Database } from '../../service/backend/db/database.js'
import { HttpError } from '../../src/api/errors.js'
import { getNameClient, type NameClient } from '../../src/api/name-client.js'
import { evmCoinType } from '../../src/stores/names/rules.js'
import { startStack, type Stack } from '../server/blockchain-stack.js'
import { FaultServer } from './fault-server.js'

const ADDRESS = '0x' + 'ab'.repeat(20)
const profile = (name: string) => ({ name, registered: 1, addresses: { '60': { address: ADDRESS } }, attributes: {} })

describe('the name client against a scripted server', () => {
  let server: FaultServer
  let client: NameClient

  before(async () => {
    server = await FaultServer.start()
    client = getNameClient({ projectId: 'project-names', apiUrl: server.url })!
  })
  after(() => server.close())

  const query = (index = 0) => {
    const sdk = new Set(['st', 'sv', 'projectId', 'clientId'])
    return Object.fromEntries([...server.requests[index]!.query].filter(([key]) => !sdk.has(key)))
  }

  it('profile: GET /v1/profile/account/{name}?apiVersion=2; a 404 rejects with its status', async () => {
    server.reply({ json: profile('alice.appkit.id') })
    assert.equal((await client.profile('alice.appkit.id')).name, 'alice.appkit.id')
    assert.equal(server.requests[0]!.path, '/v1/profile/account/alice.appkit.id')
    assert.deepEqual(query(), { apiVersion: '2' })
    server.reply({ status: 404, json: { message: 'Error resolving name: nobody.appkit.id is not registered' } })
    await assert.rejects(client.profile('nobody.appkit.id'), (error: unknown) => {
      assert.ok(error instanceof HttpError)
      assert.equal(error.status, 404)
      return true
    })
  })

  it('reverse: GET /v1/profile/reverse/{address} with sender and apiVersion 2', async () => {
    server.reply({ json: [profile('alice.appkit.id')] })
    const names = await client.reverse(ADDRESS, { sender: ADDRESS })
    assert.deepEqual(
      names.map(entry => entry.name),
      ['alice.appkit.id']
    )
    assert.equal(server.requests[0]!.path, `/v1/profile/reverse/${ADDRESS}`)
    assert.deepEqual(query(), { apiVersion: '2', sender: ADDRESS })
  })

  it('suggestions: GET /v1/profile/suggestions/{name}?zone=, the list unwrapped; the name is one path segment', async () => {
    server.reply({ json: { suggestions: [{ name: 'alice1.appkit.id', registered: false }] } })
    assert.deepEqual(await client.suggestions('a/b', 'appkit.id'), [{ name: 'alice1.appkit.id', registered: false }])
    assert.equal(server.requests[0]!.path, '/v1/profile/suggestions/a%2Fb')
    assert.deepEqual(query(), { zone: 'appkit.id' })
  })

  it('register: POST /v1/profile/account with coin_type, address, message and signature, tried once', async () => {
    const body = { coin_type: 60, address: ADDRESS, message: '{"name":"x"}', signature: '0x1234' }
    server.reply({ json: { success: true } })
    await client.register(body)
    assert.equal(server.requests[0]!.method, 'POST')
    assert.equal(server.requests[0]!.path, '/v1/profile/account')
    assert.deepEqual(server.requests[0]!.json, body)
    server.reply({ status: 502, json: { message: 'Error registering name x.appkit.id: the chain failed' } })
    await assert.rejects(client.register(body), /HTTP status code: 502/)
    assert.equal(server.requests.length, 1, 'a registration is not retried')
  })

  it('register refuses a body that is not one (no request is made)', async () => {
    server.reply({ json: { success: true } })
    await assert.rejects(client.register({ coin_type: 60, address: ADDRESS, message: 'm', signature: 'nope' }))
    assert.equal(server.requests.length, 0)
  })
})

describe('the name client against the real backend and chains', () => {
  let db: Database
  let stack: Stack
  let client: NameClient
  const signer = privateKeyToAccount(generatePrivateKey())
  const label = `kit-${Date.now().toString(36)}`
  const name = `${label}.appkit.id`

  /** What the kit's registerName sends: the JSON message, signed by personal_sign over its UTF-8 bytes. */
  async function signed(messageName: string, coinType = 60) {
    const message = JSON.stringify({ name: messageName, attributes: {}, timestamp: Date.now() })
    const signature = await signer.signMessage({ message: { raw: toHex(new TextEncoder().encode(message)) } })
    return { coin_type: coinType, address: signer.address, message, signature }
  }

  before(async () => {
    db = await openDatabase({ url: null })
    stack = await startStack({ db })
    client = getNameClient({ projectId: 'appkit-local', apiUrl: stack.url })!
  })
  after(async () => {
    await stack?.stop()
    await db?.close()
  })

  it('a free name: suggestions say so, and its profile is not found', async () => {
    const suggestions = await client.suggestions(label, 'appkit.id')
    assert.deepEqual(suggestions[0], { name, registered: false })
    await assert.rejects(client.profile(name), (error: unknown) => error instanceof HttpError && error.status === 404)
  })

  it("registers it; profile, reverse and suggestions then give it as the signer's", async () => {
    await client.register(await signed(name))
    const registered = await client.profile(name)
    assert.equal(registered.addresses['60']?.address, signer.address)
    assert.deepEqual(
      (await client.reverse(signer.address, { sender: signer.address })).map(entry => entry.name),
      [name]
    )
    assert.deepEqual((await client.suggestions(label, 'appkit.id'))[0], { name, registered: true })
  })

  it("takes the ENSIP-11 coin type of a chain the backend reads (the kit's on a local chain)", async () => {
    const other = `${label}-b.appkit.id`
    await client.register(await signed(other, evmCoinType(stack.chainA.chainId)))
    const registered = await client.profile(other)
    assert.equal(registered.addresses[String(evmCoinType(stack.chainA.chainId))]?.address, signer.address)
  })

  it("a name taken by another address is refused with the spec's text in the detail", async () => {
    const thief = privateKeyToAccount(generatePrivateKey())
    const message = JSON.stringify({ name, attributes: {}, timestamp: Date.now() })
    const signature = await thief.signMessage({ message })
    await assert.rejects(
      client.register({ coin_type: 60, address: thief.address, message, signature }),
      (error: unknown) => {
        assert.ok(error instanceof HttpError)
        assert.equal(error.status, 409)
        assert.match(error.detail ?? '', new RegExp(`^Error registering name ${name.replace(/\./g, '\\.')}`))
        return true
      }
    )
  })
})
