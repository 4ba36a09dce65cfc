// What the frame keeps in its origin's localStorage (service/frame/session.ts): a device id made once, and
// for each host page its own session token and last chain (default 31337), under '@appkit-wallet/'
// keys; a corrupt stored value is dropped and logged, never thrown. A session made for one host
// page is not another's (issue 29): the browser gives the frame one storage under every page that
// embeds it.
import { expect } from '@open-wc/testing'
import {
  DEFAULT_CHAIN_ID,
  DEVICE_ID_KEY,
  lastChainKey,
  openSession as openSessionFor,
  sessionTokenKey,
  UNBOUND_SESSION_TOKEN_KEY
} from '../../../service/frame/session.js'
import { memoryStorage } from './fake-backend.js'

/** The host page these tests' frame serves, and another that embeds the same frame. */
const HOST = 'http://localhost:5173'
const OTHER_PORT = 'http://localhost:5174'
const SESSION_TOKEN_KEY = sessionTokenKey(HOST)
const LAST_CHAIN_KEY = lastChainKey(HOST)
const openSession = (storage: Parameters<typeof openSessionFor>[1]) => openSessionFor(HOST, storage)

/** Runs `body` with console.warn recorded. */
function recordWarnings(body: () => void): string[] {
  const warnings: string[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '))
  try {
    body()
  } finally {
    console.warn = warn
  }
  return warnings
}

describe('the frame’s session storage', () => {
  it('makes a random 32-hex device id once and keeps it', () => {
    const storage = memoryStorage()
    const id = openSession(storage).deviceId()
    expect(id).to.match(/^[0-9a-f]{32}$/)
    expect(storage.getItem(DEVICE_ID_KEY)).to.equal(id)
    expect(openSession(storage).deviceId()).to.equal(id)
    expect(openSession(memoryStorage()).deviceId()).not.to.equal(id)
  })

  it("starts on the app's default network (syncDappData) until a chain is stored, and stores no default", () => {
    const storage = memoryStorage()
    const session = openSession(storage)
    session.setDefaultChainId(8453)
    expect(session.lastChainId()).to.equal(8453)
    expect(storage.getItem(LAST_CHAIN_KEY)).to.equal(null)
    expect(openSession(storage).lastChainId(), 'the default is not kept').to.equal(DEFAULT_CHAIN_ID)
    session.setLastChainId(10)
    session.setDefaultChainId(137)
    expect(session.lastChainId(), 'the stored last chain comes first').to.equal(10)
    expect(() => session.setDefaultChainId(0)).to.throw('Invalid chain id')
    expect(() => session.setDefaultChainId(1.5)).to.throw('Invalid chain id')
  })

  it('keeps the token and the last chain under @appkit-wallet/ keys', () => {
    const storage = memoryStorage()
    const session = openSession(storage)
    expect(session.token()).to.equal(undefined)
    expect(session.lastChainId()).to.equal(DEFAULT_CHAIN_ID)
    expect(DEFAULT_CHAIN_ID).to.equal(31337)
    session.setToken('token-0000000000000001')
    session.setLastChainId(10)
    expect([...storage.values.keys()].every(key => key.startsWith('@appkit-wallet/'))).to.equal(true)
    expect(openSession(storage).token()).to.equal('token-0000000000000001')
    expect(openSession(storage).lastChainId()).to.equal(10)
    session.setToken(undefined)
    expect(storage.getItem(SESSION_TOKEN_KEY)).to.equal(null)
    expect(() => session.setLastChainId(0)).to.throw('Invalid chain id')
  })

  it('drops a corrupt device id, token or chain and logs it, without throwing', () => {
    const storage = memoryStorage()
    storage.setItem(DEVICE_ID_KEY, 'not-hex')
    storage.setItem(SESSION_TOKEN_KEY, 'has spaces and\nlines')
    storage.setItem(LAST_CHAIN_KEY, '{"chain":1}')
    const session = openSession(storage)
    let id = ''
    const warnings = recordWarnings(() => {
      expect(session.token()).to.equal(undefined)
      expect(session.lastChainId()).to.equal(DEFAULT_CHAIN_ID)
      id = session.deviceId()
    })
    expect(id).to.match(/^[0-9a-f]{32}$/)
    expect(warnings).to.have.length(3)
    expect(warnings.join('\n'))
      .to.contain(DEVICE_ID_KEY)
      .and.to.contain(SESSION_TOKEN_KEY)
      .and.to.contain(LAST_CHAIN_KEY)
    expect(storage.getItem(SESSION_TOKEN_KEY)).to.equal(null)
    expect(storage.getItem(LAST_CHAIN_KEY)).to.equal(null)
    expect(storage.getItem(DEVICE_ID_KEY)).to.equal(id)
  })

  it('a session made for one host page is not another’s: another port, another subdomain', () => {
    const storage = memoryStorage()
    const session = openSession(storage)
    session.setToken('token-0000000000000001')
    session.setLastChainId(10)
    for (const other of [OTHER_PORT, 'http://shop.localhost:5173', 'https://localhost:5173']) {
      const theirs = openSessionFor(other, storage)
      expect(theirs.token(), other).to.equal(undefined)
      expect(theirs.lastChainId(), other).to.equal(DEFAULT_CHAIN_ID)
    }
    // Their own login leaves the first page's untouched, and the device stays this browser's.
    const theirs = openSessionFor(OTHER_PORT, storage)
    theirs.setToken('token-0000000000000002')
    expect(openSession(storage).token()).to.equal('token-0000000000000001')
    expect(theirs.deviceId()).to.equal(session.deviceId())
    theirs.setToken(undefined)
    expect(openSession(storage).token()).to.equal('token-0000000000000001')
  })

  it('drops, with a warning, a token kept before sessions had their host page', () => {
    const storage = memoryStorage()
    storage.setItem(UNBOUND_SESSION_TOKEN_KEY, 'token-0000000000000001')
    let token: string | undefined = 'unread'
    const warnings = recordWarnings(() => {
      token = openSessionFor(OTHER_PORT, storage).token()
    })
    expect(token).to.equal(undefined)
    expect(storage.getItem(UNBOUND_SESSION_TOKEN_KEY)).to.equal(null)
    expect(warnings.join('\n')).to.contain('without its host page')
  })
})
