import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { privateKeyToAccount } from 'viem/accounts'
import { createLocalSiwx } from '../../../src/siwx/factories.js'
import type { SiwxSession } from '../../../src/siwx/types.js'
import { rejection } from '../rejection.js'

const ALICE = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const BOB = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const KEY = '@appkit-wallet/siwx_sessions'

describe('createLocalSiwx: sessions kept in this browser, verified here', () => {
  const siwx = createLocalSiwx({ statement: 'Sign in to the shop' })

  /** A session for `who` on `chainId`, signed by `by`. */
  async function session(who = ALICE, chainId = 'eip155:1', by = who, expiresInMs?: number): Promise<SiwxSession> {
    const local = expiresInMs === undefined ? siwx : createLocalSiwx({ expiresInMs })
    const message = await local.createMessage({ accountAddress: who.address.toLowerCase(), chainId })
    const { toString: _text, ...data } = message
    const text = message.toString()
    return { data, message: text, signature: await by.signMessage({ message: text }) }
  }

  beforeEach(() => localStorage.clear())
  afterEach(() => localStorage.clear())

  it('writes the page’s domain and URI, a 16-character nonce, one day, the statement and the checksummed address', async () => {
    const message = await siwx.createMessage({ accountAddress: ALICE.address.toLowerCase(), chainId: 'eip155:1' })
    expect(message).to.include({
      domain: location.host,
      uri: location.href,
      statement: 'Sign in to the shop',
      version: '1'
    })
    expect(message.accountAddress).to.equal(ALICE.address)
    expect(message.nonce).to.match(/^[A-Za-z0-9]{16}$/)
    expect(Date.parse(message.expirationTime!) - Date.parse(message.issuedAt)).to.equal(86_400_000)
    const other = await siwx.createMessage({ accountAddress: ALICE.address, chainId: 'eip155:1' })
    expect(other.nonce).to.not.equal(message.nonce)
  })

  it('keeps a verified session, finds it by chain and address (any case), and nothing for others', async () => {
    const alice = await session()
    await siwx.addSession(alice)
    expect(await siwx.getSessions('eip155:1', ALICE.address.toLowerCase())).to.deep.equal([alice])
    expect(await siwx.getSessions('eip155:56', ALICE.address)).to.deep.equal([])
    expect(await siwx.getSessions('eip155:1', BOB.address)).to.deep.equal([])
  })

  it('refuses a signature that is not the account’s, and an edited text', async () => {
    const forged = await session(ALICE, 'eip155:1', BOB)
    expect((await rejection(siwx.addSession(forged)))?.message).to.equal(
      'The sign-in session was refused: the signature is not the account’s'
    )
    const edited = await session()
    expect((await rejection(siwx.addSession({ ...edited, message: `${edited.message} ` })))?.message).to.equal(
      'The sign-in session was refused: the message text does not match its data'
    )
    expect(localStorage.getItem(KEY)).to.equal(null)
  })

  it('an expired session is refused, and one that expires is no longer found', async () => {
    // The clock is a fake one (only Date): on a loaded machine, signing and verifying took longer
    // than the 40 ms the session lives, and the session was gone before it was first read.
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    try {
      const short = await session(ALICE, 'eip155:1', ALICE, 40)
      await siwx.addSession(short)
      expect(await siwx.getSessions('eip155:1', ALICE.address)).to.have.length(1)
      clock.tick(39)
      expect(await siwx.getSessions('eip155:1', ALICE.address)).to.have.length(1)
      clock.tick(21)
      expect(await siwx.getSessions('eip155:1', ALICE.address)).to.deep.equal([])
      expect((await rejection(siwx.addSession(short)))?.message).to.equal(
        'The sign-in session is expired or not yet valid'
      )
    } finally {
      clock.restore()
    }
  })

  it('revokes one account’s sessions only', async () => {
    await siwx.addSession(await session(ALICE))
    await siwx.addSession(await session(BOB))
    await siwx.revokeSession('eip155:1', ALICE.address)
    expect(await siwx.getSessions('eip155:1', ALICE.address)).to.deep.equal([])
    expect(await siwx.getSessions('eip155:1', BOB.address)).to.have.length(1)
  })

  it('setSessions verifies every session first: one refused changes nothing; an empty list signs everyone out', async () => {
    const alice = await session(ALICE)
    await siwx.addSession(alice)
    const error = await rejection(siwx.setSessions([await session(BOB), await session(BOB, 'eip155:1', ALICE)]))
    expect(error?.message).to.equal('The sign-in session was refused: the signature is not the account’s')
    expect(await siwx.getSessions('eip155:1', ALICE.address)).to.deep.equal([alice])
    await siwx.setSessions([])
    expect(localStorage.getItem(KEY)).to.equal(null)
  })

  it('a corrupt stored value is dropped and logged, not thrown', async () => {
    localStorage.setItem(KEY, '{"not": "a list"')
    expect(await siwx.getSessions('eip155:1', ALICE.address)).to.deep.equal([])
    expect(localStorage.getItem(KEY)).to.equal(null)
  })
})
