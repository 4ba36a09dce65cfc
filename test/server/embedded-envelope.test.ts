// The embedded wallet's key custody on its own: envelope encryption (a data key per secret, wrapped
// under the master key; nothing opens with another master key, another context or altered bytes),
// the stored key rows (no plaintext; a wrong master key cannot decrypt them), the addresses kept
// beside them, the configuration of APPKIT_MASTER_KEY and the other settings, and the code mail.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { Keypair } from '@solana/web3.js'
import { TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { DEFAULT_FRAME_PORT, loadConfig, testConfig } from '../../service/backend/config.js'
import { migrate } from '../../service/backend/db/migrate.js'
import { generateCode } from '../../service/backend/embedded/codes.js'
import { EnvelopeError, open, seal } from '../../service/backend/embedded/envelope.js'
import { addressOf, loadKeys, storeKeys } from '../../service/backend/embedded/keys.js'
import { codeSubject, codeText } from '../../service/backend/embedded/mailer.js'
import { openTestDatabase, type TestDatabase } from './helpers.js'

const masterKey = randomBytes(32)
const secret = randomBytes(32)

describe('envelope encryption', () => {
  it('opens what it sealed, and nothing of the secret shows in what is stored', () => {
    const sealed = seal(secret, masterKey, 'ctx')
    assert.deepEqual(open(sealed, masterKey, 'ctx'), secret)
    const stored = JSON.stringify(sealed)
    assert.ok(!stored.includes(secret.toString('hex')) && !stored.includes(secret.toString('base64')))
    assert.notEqual(Buffer.from(sealed.wrappedKey, 'base64').length, 0)
    // A fresh data key and IVs each time.
    const again = seal(secret, masterKey, 'ctx')
    assert.notEqual(again.ciphertext, sealed.ciphertext)
    assert.notEqual(again.wrappedKey, sealed.wrappedKey)
  })

  it('does not open with another master key, another context or altered bytes', () => {
    const sealed = seal(secret, masterKey, 'account-1:eip155')
    assert.throws(() => open(sealed, randomBytes(32), 'account-1:eip155'), EnvelopeError)
    assert.throws(() => open(sealed, masterKey, 'account-2:eip155'), EnvelopeError)
    const flipped = Buffer.from(sealed.ciphertext, 'base64')
    flipped[0]! ^= 1
    assert.throws(() => open({ ...sealed, ciphertext: flipped.toString('base64') }, masterKey, 'account-1:eip155'))
    const other = seal(randomBytes(32), masterKey, 'account-1:eip155')
    assert.throws(() => open({ ...sealed, wrappedKey: other.wrappedKey }, masterKey, 'account-1:eip155'))
    assert.throws(() => seal(secret, randomBytes(16), 'ctx'), /32 bytes/)
  })
})

describe('stored keys', () => {
  let database: TestDatabase
  let accountId: string
  before(async () => {
    database = await openTestDatabase()
    await migrate(database.db)
    const { rows } = await database.db.query<{ id: string }>(
      `INSERT INTO wallet_accounts (email, created_at) VALUES ('keys@example.com', 1) RETURNING id::text AS id`
    )
    accountId = rows[0]!.id
  })
  after(() => database?.dispose())

  it('stores ciphertexts only, which a wrong master key cannot decrypt', async () => {
    const keys = [
      { namespace: 'eip155' as const, privateKey: `0x${randomBytes(32).toString('hex')}` },
      { namespace: 'solana' as const, privateKey: `0x${randomBytes(32).toString('hex')}` }
    ]
    await storeKeys(database.db, masterKey, accountId, keys, 1)
    const { rows } = await database.db.query<Record<string, unknown>>(
      'SELECT * FROM wallet_keys WHERE account_id = $1',
      [accountId]
    )
    assert.equal(rows.length, 2)
    const text = JSON.stringify(rows).toLowerCase()
    for (const key of keys) {
      const bytes = Buffer.from(key.privateKey.slice(2), 'hex')
      for (const form of [key.privateKey.slice(2), bytes.toString('base64').toLowerCase()]) {
        assert.ok(!text.includes(form), 'the key is not stored in the clear')
      }
    }
    assert.deepEqual(await loadKeys(database.db, masterKey, accountId), keys)
    await assert.rejects(loadKeys(database.db, randomBytes(32), accountId), EnvelopeError)
    // A row moved to another account does not open there.
    const { rows: other } = await database.db.query<{ id: string }>(
      `INSERT INTO wallet_accounts (email, created_at) VALUES ('thief@example.com', 1) RETURNING id::text AS id`
    )
    await database.db.query(
      `INSERT INTO wallet_keys SELECT $1, namespace, address, ciphertext, key_iv, key_tag, wrapped_key, wrap_iv, wrap_tag, created_at
       FROM wallet_keys WHERE account_id = $2`,
      [other[0]!.id, accountId]
    )
    await assert.rejects(loadKeys(database.db, masterKey, other[0]!.id), EnvelopeError)
  })

  it('keeps each address beside its key', () => {
    const hardhat = TEST_ACCOUNTS[0]
    assert.equal(addressOf({ namespace: 'eip155', privateKey: hardhat.privateKey }), hardhat.address)
    const seed = randomBytes(32)
    assert.equal(
      addressOf({ namespace: 'solana', privateKey: `0x${seed.toString('hex')}` }),
      Keypair.fromSeed(seed).publicKey.toBase58()
    )
  })
})

describe('configuration', () => {
  it('takes APPKIT_MASTER_KEY as the base64 of exactly 32 bytes, with an error naming it otherwise', () => {
    const key = randomBytes(32).toString('base64')
    assert.equal(loadConfig({}, { APPKIT_MASTER_KEY: key }).masterKey, key)
    assert.equal(loadConfig({}, {}).masterKey, undefined)
    for (const bad of [randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), 'not base64!', 'abc']) {
      assert.throws(() => loadConfig({}, { APPKIT_MASTER_KEY: bad }), /APPKIT_MASTER_KEY/)
    }
    const a = testConfig().masterKey
    assert.ok(a && Buffer.from(a, 'base64').length === 32, 'tests get a master key')
    assert.notEqual(testConfig().masterKey, a, 'a random one')
    assert.equal(testConfig({ masterKey: undefined }).masterKey, undefined)
  })

  it('reads the frame port, SMTP URL and sender, with their defaults', () => {
    const defaults = loadConfig({}, {})
    assert.equal(defaults.framePort, DEFAULT_FRAME_PORT)
    assert.equal(defaults.framePort, 8788)
    assert.equal(defaults.smtpUrl, 'smtp://127.0.0.1:1025')
    assert.equal(defaults.mailFrom, 'AppKit wallet <wallet@appkit.local>')
    const env = { APPKIT_FRAME_PORT: '9999', APPKIT_SMTP_URL: 'smtp://mail:25', APPKIT_MAIL_FROM: 'W <w@x.y>' }
    const set = loadConfig({}, env)
    assert.deepEqual([set.framePort, set.smtpUrl, set.mailFrom], [9999, 'smtp://mail:25', 'W <w@x.y>'])
    assert.equal(loadConfig({ port: 0 }, {}).framePort, 0, 'a backend on any port puts its frame on any port')
    assert.throws(() => loadConfig({}, { APPKIT_FRAME_PORT: 'x' }), /framePort/)
    assert.throws(() => loadConfig({}, { APPKIT_SMTP_URL: 'http://mail' }), /smtpUrl/)
  })
})

describe('codes and their mail', () => {
  it('makes 6-digit codes and says the code in the subject and the text', () => {
    const codes = Array.from({ length: 200 }, generateCode)
    for (const code of codes) assert.match(code, /^\d{6}$/)
    assert.ok(new Set(codes).size > 190, 'random')
    assert.equal(codeSubject('012345'), 'Your AppKit code: 012345')
    for (const purpose of ['login', 'device', 'update-primary', 'update-secondary'] as const) {
      assert.ok(codeText({ to: 'a@b.co', code: '012345', purpose, newEmail: 'n@b.co' }).includes('012345'))
    }
    assert.ok(codeText({ to: 'a@b.co', code: '1', purpose: 'update-primary', newEmail: 'n@b.co' }).includes('n@b.co'))
  })
})
