// Smart sessions: GET /v1/sessions/{id} lists an account's sessions, POST /v1/sessions/{id} (ours)
// records one, POST /v1/sessions/{id}/revoke revokes it only with the account's signature of
// revokeSessionMessage(pci).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  createSessionResponseSchema,
  revokeSessionMessage,
  revokeSessionResponseSchema,
  sessionsResponseSchema
} from '../../src/api/schemas/index.js'
import { useTestApp } from './helpers.js'

const testApp = useTestApp()

const owner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const accountId = `eip155:31337:${owner.address}`
const inADay = () => Math.floor(Date.now() / 1000) + 86_400
const permission = { type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', period: 86400 } }

describe('smart sessions', () => {
  it('starts empty for an account', async () => {
    assert.deepEqual(await testApp.app.get(`/v1/sessions/${encodeURIComponent(accountId)}`, sessionsResponseSchema), {
      pcis: []
    })
  })

  it('records granted sessions and lists them by account (address case does not matter)', async () => {
    const expiry = inADay()
    const created = await testApp.app.ok(
      'POST',
      `/v1/sessions/${accountId}`,
      createSessionResponseSchema,
      { body: { pci: 'pci-one', expiry, permissions: [permission], context: '0xdeadbeef' } },
      201
    )
    assert.equal(created.pci, 'pci-one')
    assert.equal(created.expiry, expiry)
    assert.equal(created.revokedAt, null)
    assert.equal(created.projectId, 'appkit-local')
    const second = await testApp.app.ok(
      'POST',
      `/v1/sessions/${accountId}`,
      createSessionResponseSchema,
      { body: { expiry, permissions: [] } },
      201
    )
    assert.match(second.pci, /^[0-9a-f]{64}$/)
    const lower = `eip155:31337:${owner.address.toLowerCase()}`
    const { pcis } = await testApp.app.get(`/v1/sessions/${lower}`, sessionsResponseSchema)
    assert.deepEqual(pcis.map(session => session.pci).sort(), ['pci-one', second.pci].sort())
    const one = pcis.find(session => session.pci === 'pci-one')!
    assert.deepEqual(one.permissions, [permission])
    assert.equal(one.context, '0xdeadbeef')
    // Another chain is another account.
    assert.deepEqual(await testApp.app.get(`/v1/sessions/eip155:1:${owner.address}`, sessionsResponseSchema), {
      pcis: []
    })
  })

  it('refuses a duplicate pci with 409 and an expiry in the past with 400', async () => {
    assert.equal(
      await testApp.app.error('POST', `/v1/sessions/${accountId}`, 409, {
        body: { pci: 'pci-one', expiry: inADay(), permissions: [] }
      }),
      "A session with pci 'pci-one' already exists"
    )
    assert.match(
      await testApp.app.error('POST', `/v1/sessions/${accountId}`, 400, { body: { expiry: 1000, permissions: [] } }),
      /^Invalid body field 'expiry': expected a time in the future/
    )
  })

  it('revokes only with the account signature of the revoke message', async () => {
    const path = `/v1/sessions/${accountId}/revoke`
    const forged = await stranger.signMessage({ message: revokeSessionMessage('pci-one') })
    assert.match(
      await testApp.app.error('POST', path, 403, { body: { pci: 'pci-one', signature: forged } }),
      /^Invalid signature/
    )
    const wrongMessage = await owner.signMessage({ message: 'pci-one' })
    assert.equal(
      (await testApp.app.request('POST', path, { body: { pci: 'pci-one', signature: wrongMessage } })).status,
      403
    )
    let { pcis } = await testApp.app.get(`/v1/sessions/${accountId}`, sessionsResponseSchema)
    assert.equal(pcis.find(session => session.pci === 'pci-one')!.revokedAt, null)

    const signature = await owner.signMessage({ message: revokeSessionMessage('pci-one') })
    assert.deepEqual(await testApp.app.post(path, revokeSessionResponseSchema, { pci: 'pci-one', signature }), {
      success: true
    })
    ;({ pcis } = await testApp.app.get(`/v1/sessions/${accountId}`, sessionsResponseSchema))
    const revoked = pcis.find(session => session.pci === 'pci-one')!
    assert.ok(revoked.revokedAt !== null && Math.abs(revoked.revokedAt - Date.now() / 1000) < 60)
    // Revoking again is harmless and keeps the first time.
    assert.deepEqual(await testApp.app.post(path, revokeSessionResponseSchema, { pci: 'pci-one', signature }), {
      success: true
    })
    ;({ pcis } = await testApp.app.get(`/v1/sessions/${accountId}`, sessionsResponseSchema))
    assert.equal(pcis.find(session => session.pci === 'pci-one')!.revokedAt, revoked.revokedAt)
  })

  it('answers 404 for an unknown session and 400 for bad input', async () => {
    const signature = await owner.signMessage({ message: revokeSessionMessage('nope') })
    assert.match(
      await testApp.app.error('POST', `/v1/sessions/${accountId}/revoke`, 404, { body: { pci: 'nope', signature } }),
      /^No session 'nope' for account eip155:31337:0x/
    )
    assert.equal(
      await testApp.app.error('POST', `/v1/sessions/${accountId}/revoke`, 400, {
        body: { pci: 'pci-one', signature: 'abc' }
      }),
      "Invalid body field 'signature': expected a 0x hex signature, got 'abc'"
    )
    assert.equal(
      await testApp.app.error('POST', `/v1/sessions/${accountId}/revoke`, 400, { body: { signature } }),
      "Missing body field 'pci'"
    )
    assert.match(
      await testApp.app.error('GET', '/v1/sessions/not-an-account', 400),
      /^Invalid path parameter 'id': expected a CAIP-10 id/
    )
    assert.match(
      await testApp.app.error('GET', '/v1/sessions/solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:abc', 400),
      /expected an eip155 CAIP-10 account/
    )
    assert.equal(
      await testApp.app.error('GET', `/v1/sessions/${accountId}`, 400, { sdk: false }),
      "Missing query parameter 'projectId'"
    )
  })
})
