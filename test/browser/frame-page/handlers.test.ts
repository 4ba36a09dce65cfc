// The frame's answers to the host page (service/frame/handlers.ts) with a fake backend and storage in
// memory: the e-mail login (device step, code, keys made once and stored), the user, the chain,
// isConnected restoring the keys after a reload (and ending an expired session), sign-out, the
// e-mail change, Farcaster sign-in, theme and app data, reload, no handler for what the wallet does not offer, and
// never a key in an answer or in storage.
import { expect } from '@open-wc/testing'
import type { ApprovalRequest } from '../../../service/frame/approval-request.js'
import {
  createHandlers,
  guardKeys,
  KEY_IN_ANSWER,
  NO_FARCASTER_STARTED,
  NO_LOGIN_STARTED,
  SOCIAL_RETURN_NOT_HOST
} from '../../../service/frame/handlers.js'
import type { FrameHandlers } from '../../../service/frame/host-channel.js'
import { evmAddress, Keyring } from '../../../service/frame/keys.js'
import { NO_LONGER_CONNECTED } from '../../../service/frame/rpc.js'
import { openSession, sessionTokenKey } from '../../../service/frame/session.js'
import { SMART_ACCOUNT_UNAVAILABLE } from '../../../service/frame/smart-wallet.js'
import { NOT_CONNECTED, Wallet } from '../../../service/frame/wallet.js'
import type { FrameMethod, FrameParams } from '../../../src/frame/messages.js'
import { FRAME_SESSION_EXPIRED } from '../../../src/frame/rpc-methods.js'
import { FARCASTER_EXPIRED } from '../../../src/frame/farcaster.js'
import { SOCIAL_CANCELLED, SOCIAL_ERROR_PARAM, SOCIAL_FAILED, SOCIAL_RESULT_PARAM } from '../../../src/frame/social.js'
import { rejection } from '../rejection.js'
import { DEVICE_CODE, FakeBackend, LOGIN_CODE, memoryStorage } from './fake-backend.js'
import { HARDHAT_KEY, SOLANA_SEED } from './known-keys.js'

const EMAIL = 'visitor@example.com'
const HOST = 'http://localhost:5173'
const SESSION_TOKEN_KEY = sessionTokenKey(HOST)

function frame(backend = new FakeBackend(), storage = memoryStorage()) {
  const session = openSession(HOST, storage)
  const wallet = new Wallet(backend, session)
  const approvals = {
    app: undefined as string | undefined,
    rejectedWith: [] as string[],
    asked: [] as ApprovalRequest[],
    ask: async (request: ApprovalRequest) => void approvals.asked.push(request),
    setApp: (name: string | undefined) => void (approvals.app = name),
    rejectAll: (message: string) => void approvals.rejectedWith.push(message)
  }
  const themeRoot = document.createElement('div')
  let reloads = 0
  const handlers = createHandlers({
    projectId: 'demo',
    hostOrigin: HOST,
    backend,
    session,
    wallet,
    approvals,
    themeRoot,
    reload: () => void reloads++
  })
  const answers: unknown[] = []
  async function call<M extends FrameMethod>(method: M, params: FrameParams<M>): Promise<unknown> {
    const handler = handlers[method] as (params: FrameParams<M>) => unknown
    const answer = await handler(params)
    answers.push(answer)
    return answer
  }
  async function login(email = EMAIL): Promise<void> {
    await call('connectEmail', { email })
    await call('connectOtp', { otp: LOGIN_CODE })
  }
  return {
    backend,
    storage,
    session,
    wallet,
    approvals,
    themeRoot,
    handlers,
    answers,
    call,
    login,
    reloads: () => reloads
  }
}

describe('the frame’s handlers', () => {
  it('logs a new account in: a login code, then both keys made here and stored once, the token kept', async () => {
    const f = frame()
    expect(await f.call('connectEmail', { email: EMAIL })).to.deep.equal({ action: 'VERIFY_OTP' })
    expect(f.backend.calls[0]).to.deep.include({
      route: 'email/start',
      body: { projectId: 'demo', email: EMAIL, deviceId: f.session.deviceId() }
    })
    expect(await f.call('connectOtp', { otp: LOGIN_CODE })).to.deep.equal({})
    expect(f.backend.routes()).to.deep.equal(['email/start', 'email/otp', 'keys'])
    const stored = f.backend.accounts.get(EMAIL)!.keys
    expect(stored.map(key => key.namespace)).to.deep.equal(['eip155', 'solana'])
    expect(f.storage.getItem(SESSION_TOKEN_KEY)).to.equal([...f.backend.sessions.keys()][0])
    const user = (await f.call('getUser', {})) as { address: string; email: string; chainId: number }
    expect(user).to.deep.equal({
      email: EMAIL,
      address: evmAddress(stored[0]!.privateKey as `0x${string}`),
      chainId: 31337,
      accounts: [{ address: user.address, type: 'eoa' }],
      preferredAccountType: 'eoa'
    })
  })

  it('asks a known account on a new device for the device code first', async () => {
    const backend = new FakeBackend()
    await frame(backend).login()
    const other = frame(backend)
    expect(await other.call('connectEmail', { email: EMAIL })).to.deep.equal({ action: 'VERIFY_DEVICE' })
    expect((await rejection(other.call('connectDevice', { otp: '000000' })))?.message).to.equal('Invalid code')
    expect(await other.call('connectDevice', { otp: DEVICE_CODE })).to.deep.equal({ action: 'VERIFY_OTP' })
    await other.call('connectOtp', { otp: LOGIN_CODE })
    expect(backend.routes().filter(route => route === 'keys')).to.have.length(1)
  })

  it('answers CONNECT, sending no code, to the address this host is logged in with while the session holds (docs/behaviour.md section 3)', async () => {
    const f = frame()
    await f.login()
    const starts = () => f.backend.routes().filter(route => route === 'email/start').length
    expect(await f.call('connectEmail', { email: EMAIL.toUpperCase() })).to.deep.equal({ action: 'CONNECT' })
    expect(starts(), 'no new code').to.equal(1)
    // Another address: a code, as for anyone.
    expect(await f.call('connectEmail', { email: 'other@example.com' })).to.deep.equal({ action: 'VERIFY_OTP' })
    expect(starts()).to.equal(2)
    // The session ended at the backend: a code again, never CONNECT.
    f.backend.sessions.clear()
    expect(await f.call('connectEmail', { email: EMAIL })).to.not.deep.equal({ action: 'CONNECT' })
    expect(starts()).to.equal(3)
  })

  it('refuses a code before an e-mail, and getUser before a login', async () => {
    const f = frame()
    expect((await rejection(f.call('connectOtp', { otp: LOGIN_CODE })))?.message).to.equal(NO_LOGIN_STARTED)
    expect((await rejection(f.call('connectDevice', { otp: DEVICE_CODE })))?.message).to.equal(NO_LOGIN_STARTED)
    expect((await rejection(f.call('getUser', {})))?.message).to.equal(NOT_CONNECTED)
    expect(await f.call('isConnected', {})).to.deep.equal({ isConnected: false })
  })

  it('after a reload, isConnected restores the keys from the session (same address, no new keys)', async () => {
    const backend = new FakeBackend()
    const storage = memoryStorage()
    const before = frame(backend, storage)
    await before.login()
    const { address } = (await before.call('getUser', {})) as { address: string }
    const after = frame(backend, storage)
    expect(after.wallet.current).to.equal(undefined)
    expect(await after.call('isConnected', {})).to.deep.equal({ isConnected: true })
    expect(after.wallet.current?.keyring.address).to.equal(address)
    expect(((await after.call('getUser', {})) as { address: string }).address).to.equal(address)
    expect(backend.routes().filter(route => route === 'keys')).to.have.length(1)
  })

  it('ends the login when the session has expired: not connected, token dropped', async () => {
    const backend = new FakeBackend()
    const storage = memoryStorage()
    await frame(backend, storage).login()
    backend.sessions.clear()
    const after = frame(backend, storage)
    expect(await after.call('isConnected', {})).to.deep.equal({ isConnected: false })
    expect(storage.getItem(SESSION_TOKEN_KEY)).to.equal(null)
  })

  it('checks the session before each approval; one that ended mid-use approves nothing: “Session Expired”, keys and token gone', async () => {
    const f = frame()
    await f.login()
    const address = f.wallet.current!.keyring.address
    const sign = () => f.call('rpcRequest', { method: 'personal_sign', params: ['0x6869', address] })
    expect(await sign()).to.match(/^0x[0-9a-f]{130}$/)
    expect(f.backend.calls.filter(call => call.route === 'session/status')).to.have.length(1)
    expect(f.approvals.asked).to.have.length(1)

    f.backend.sessions.clear() // expired, or signed out on another page
    expect((await rejection(sign()))?.message).to.equal(FRAME_SESSION_EXPIRED)
    expect(f.approvals.asked, 'nothing more was shown').to.have.length(1)
    expect(f.wallet.current).to.equal(undefined)
    expect(f.storage.getItem(SESSION_TOKEN_KEY)).to.equal(null)
    expect((await rejection(f.call('getUser', {})))?.message).to.equal(NOT_CONNECTED)
  })

  it('an e-mail change on a session that ended says “Session Expired” and ends the login', async () => {
    const f = frame()
    await f.login()
    f.backend.sessions.clear()
    expect((await rejection(f.call('updateEmail', { newEmail: 'new@example.com' })))?.message).to.equal(
      FRAME_SESSION_EXPIRED
    )
    expect(f.wallet.current).to.equal(undefined)
    expect(f.session.token()).to.equal(undefined)
  })

  it('social login: the provider’s URL for a page of the host, then the return’s result redeemed for this device; the user’s name, no e-mail', async () => {
    const f = frame()
    const { uri } = (await f.call('getSocialRedirectUri', {
      provider: 'google',
      returnUrl: `${HOST}/shop?item=7`
    })) as { uri: string }
    expect(new URL(uri).searchParams.get('return')).to.equal(`${HOST}/shop?item=7`)
    expect(f.backend.calls.at(-1)).to.deep.equal({
      route: 'social/start',
      body: { projectId: 'demo', provider: 'google', returnUrl: `${HOST}/shop?item=7`, deviceId: f.session.deviceId() }
    })
    const result = f.backend.grantSocial('google', 'alice', f.session.deviceId())
    const user = (await f.call('connectSocial', {
      uri: `${HOST}/shop?item=7&${SOCIAL_RESULT_PARAM}=${result}`
    })) as { email: unknown; address: string; userName: string }
    expect(user.email).to.equal(null)
    expect(user.userName).to.equal('alice')
    expect(user.address).to.equal(f.wallet.current?.keyring.address)
    expect(f.backend.calls.map(call => call.route)).to.include.members(['social/finish', 'keys'])
    // Its approvals pass the session check (an account with no e-mail).
    const signature = await f.call('rpcRequest', { method: 'personal_sign', params: ['0x6869', user.address] })
    expect(signature).to.match(/^0x[0-9a-f]{130}$/)
    // After a reload the session gives the name back.
    const reloaded = frame(f.backend, f.storage)
    expect(await reloaded.call('isConnected', {})).to.deep.equal({ isConnected: true })
    expect(((await reloaded.call('getUser', {})) as { userName?: string }).userName).to.equal('alice')
  })

  it('social login refuses a page of another origin, says a refusal was cancelled, and a spent or foreign result did not finish', async () => {
    const f = frame()
    for (const uri of ['https://evil.example/', 'not a url']) {
      expect(
        (await rejection(f.call('getSocialRedirectUri', { provider: 'google', returnUrl: uri })))?.message
      ).to.equal(SOCIAL_RETURN_NOT_HOST)
      expect((await rejection(f.call('connectSocial', { uri })))?.message).to.equal(SOCIAL_RETURN_NOT_HOST)
    }
    expect(
      (await rejection(f.call('connectSocial', { uri: `${HOST}/?${SOCIAL_ERROR_PARAM}=access_denied` })))?.message
    ).to.equal(SOCIAL_CANCELLED)
    expect(
      (await rejection(f.call('connectSocial', { uri: `${HOST}/?${SOCIAL_ERROR_PARAM}=failed` })))?.message
    ).to.equal(SOCIAL_FAILED)
    expect((await rejection(f.call('connectSocial', { uri: `${HOST}/` })))?.message).to.equal(SOCIAL_FAILED)
    const foreign = f.backend.grantSocial('github', 'bob', 'another-device')
    expect(
      (await rejection(f.call('connectSocial', { uri: `${HOST}/?${SOCIAL_RESULT_PARAM}=${foreign}` })))?.message
    ).to.equal(SOCIAL_FAILED)
    expect(f.wallet.current).to.equal(undefined)
  })

  it('Farcaster: the relay URL for the host’s origin, pending until approved, then logged in as the Farcaster name; the attempt stays in the frame', async () => {
    const f = frame()
    expect((await rejection(f.call('connectFarcaster', {})))?.message).to.equal(NO_FARCASTER_STARTED)
    const { url } = (await f.call('getFarcasterUri', {})) as { url: string }
    expect(url).to.match(/^https:\/\/relay\.test\//)
    const [attempt] = f.backend.farcasterAttempts()
    expect(f.backend.calls.at(-1)).to.deep.equal({
      route: 'farcaster/start',
      body: { projectId: 'demo', pageOrigin: HOST, deviceId: f.session.deviceId() }
    })
    expect(await f.call('connectFarcaster', {})).to.deep.equal({ state: 'pending' })
    expect(f.wallet.current).to.equal(undefined)
    f.backend.approveFarcaster(attempt!, 'alice')
    const user = (await f.call('connectFarcaster', { chainId: 31337 })) as Record<string, unknown>
    expect(user).to.include({ state: 'connected', email: null, userName: 'alice', chainId: 31337 })
    expect(user.address).to.equal(f.wallet.current?.keyring.address)
    // The attempt id never went to the page; a spent attempt is not asked for again.
    expect(JSON.stringify(f.answers)).not.to.include(attempt!)
    expect((await rejection(f.call('connectFarcaster', {})))?.message).to.equal(NO_FARCASTER_STARTED)
    const reloaded = frame(f.backend, f.storage)
    expect(await reloaded.call('isConnected', {})).to.deep.equal({ isConnected: true })
    expect(((await reloaded.call('getUser', {})) as { userName?: string }).userName).to.equal('alice')
  })

  it('Farcaster: an attempt the backend refuses ends with its text; a new getFarcasterUri starts over', async () => {
    const f = frame()
    await f.call('getFarcasterUri', {})
    const [first] = f.backend.farcasterAttempts()
    f.backend.approveFarcaster(first!, 'alice')
    // Another frame (another device) cannot finish this one; its own attempt is unknown to the backend.
    const other = frame(f.backend)
    await other.call('getFarcasterUri', {})
    f.backend.approveFarcaster(f.backend.farcasterAttempts()[1]!, 'bob')
    await f.call('connectFarcaster', {})
    expect((await rejection(f.call('connectFarcaster', {})))?.message).to.equal(NO_FARCASTER_STARTED)
    await f.call('getFarcasterUri', {})
    const third = f.backend.farcasterAttempts()[2]!
    f.backend.approveFarcaster(third, 'alice')
    // Spent by a poll the page never saw the answer of (a reload mid-poll): the backend's 400 text, then nothing to ask.
    await f.backend.farcasterFinish({ attempt: third, deviceId: f.session.deviceId() })
    expect((await rejection(f.call('connectFarcaster', {})))?.message).to.equal(FARCASTER_EXPIRED)
    expect((await rejection(f.call('connectFarcaster', {})))?.message).to.equal(NO_FARCASTER_STARTED)
    expect(((await other.call('connectFarcaster', {})) as { userName: string }).userName).to.equal('bob')
  })

  it('signs out: the session ends at the backend, token and keys go, pending approvals are rejected', async () => {
    const f = frame()
    await f.login()
    const token = f.session.token()
    expect(await f.call('signOut', {})).to.deep.equal({})
    expect(f.backend.calls.at(-1)).to.deep.equal({ route: 'sign-out', token })
    expect(f.session.token()).to.equal(undefined)
    expect(f.wallet.current).to.equal(undefined)
    expect(f.approvals.rejectedWith).to.deep.equal([NO_LONGER_CONNECTED])
    expect((await rejection(f.call('getUser', {})))?.message).to.equal(NOT_CONNECTED)
  })

  it('keeps the last chain: getChainId, switchNetwork (number, CAIP-2, hex), getUser with a chain', async () => {
    const f = frame()
    await f.login()
    expect(await f.call('getChainId', {})).to.deep.equal({ chainId: 31337 })
    expect(await f.call('switchNetwork', { chainId: 'eip155:10' })).to.deep.equal({ chainId: 10 })
    expect(await f.call('getChainId', {})).to.deep.equal({ chainId: 10 })
    expect(await f.call('switchNetwork', { chainId: '0x89' })).to.deep.equal({ chainId: 137 })
    expect(((await f.call('getUser', { chainId: 8453 })) as { chainId: number }).chainId).to.equal(8453)
    expect(openSession(HOST, f.storage).lastChainId()).to.equal(8453)
    expect(await f.call('rpcRequest', { method: 'eth_chainId' })).to.equal('0x2105')
    expect((await rejection(f.call('switchNetwork', { chainId: 'nonsense!' })))?.message).to.contain('Invalid chain id')
  })

  it('answers the Solana address for a Solana chain, leaving the EVM chain as it was', async () => {
    const f = frame()
    await f.login()
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const user = (await f.call('getUser', { chainId: solana })) as { address: string; chainId: string }
    expect(user.chainId).to.equal(solana)
    expect(user.address).to.equal(f.wallet.current?.keyring.solanaAddress)
    expect(await f.call('getChainId', {})).to.deep.equal({ chainId: 31337 })
  })

  it('changes the e-mail in three steps and answers the new address', async () => {
    const f = frame()
    await f.login()
    expect(await f.call('updateEmail', { newEmail: 'new@example.com' })).to.deep.equal({ action: 'VERIFY_PRIMARY_OTP' })
    expect(await f.call('updateEmailPrimaryOtp', { otp: LOGIN_CODE })).to.deep.equal({})
    expect(await f.call('updateEmailSecondaryOtp', { otp: LOGIN_CODE })).to.deep.equal({ newEmail: 'new@example.com' })
    expect(((await f.call('getUser', {})) as { email: string }).email).to.equal('new@example.com')
  })

  it('takes the theme (mode, a valid accent) and the app’s name; reloads after answering', async () => {
    const f = frame()
    await f.call('syncTheme', { themeMode: 'dark', themeVariables: { '--w3m-accent': '#ffd400' } })
    expect(f.themeRoot.dataset.theme).to.equal('dark')
    expect(f.themeRoot.style.getPropertyValue('--w3m-accent')).to.equal('#ffd400')
    await f.call('syncTheme', { themeMode: 'light', themeVariables: { '--w3m-accent': 'var(--evil)' } })
    expect(f.themeRoot.dataset.theme).to.equal('light')
    expect(f.themeRoot.style.getPropertyValue('--w3m-accent')).to.equal('')
    const metadata = { name: 'Demo shop', description: '', url: 'https://shop.example', icons: [] }
    await f.call('syncDappData', { metadata, sdkVersion: '1', sdkType: 'appkit', projectId: 'demo' })
    expect(f.approvals.app).to.equal('Demo shop')
    expect(await f.call('reload', {})).to.deep.equal({})
    expect(f.reloads()).to.equal(0)
    await new Promise(resolve => setTimeout(resolve, 10))
    expect(f.reloads()).to.equal(1)
  })

  it('answers with the EOA where the backend runs no smart account; switching to one says why not', async () => {
    const backend = new FakeBackend()
    const f = frame(backend)
    await f.login()
    const eoa = evmAddress(backend.accounts.get(EMAIL)!.keys[0]!.privateKey as `0x${string}`)
    expect(await f.call('getSmartAccountEnabledNetworks', {})).to.deep.equal({ smartAccountEnabledNetworks: [] })
    const user = (await f.call('getUser', { chainId: 31337, preferredAccountType: 'smartAccount' })) as {
      address: string
      preferredAccountType: string
      accounts: unknown[]
    }
    expect(user.address).to.equal(eoa)
    expect(user.preferredAccountType).to.equal('eoa')
    expect(user.accounts).to.deep.equal([{ address: eoa, type: 'eoa' }])
    expect((await rejection(f.call('setPreferredAccount', { type: 'smartAccount' })))?.message).to.equal(
      SMART_ACCOUNT_UNAVAILABLE(31337)
    )
    expect((await rejection(f.call('initSmartAccount', {})))?.message).to.equal(SMART_ACCOUNT_UNAVAILABLE(31337))
    expect(await f.call('setPreferredAccount', { type: 'eoa' })).to.deep.equal({
      type: 'eoa',
      address: eoa
    })
    expect(backend.routes()).not.to.include('bundler')
  })

  it('keeps keys out of storage and out of every answer; an answer with a key becomes an error', async () => {
    const f = frame()
    await f.login()
    await f.call('getUser', {})
    await f.call('isConnected', {})
    const keys = f.backend.accounts.get(EMAIL)!.keys.map(key => key.privateKey.slice(2))
    const stored = JSON.stringify([...f.storage.values.values()]).toLowerCase()
    const answered = JSON.stringify(f.answers).toLowerCase()
    for (const key of keys) {
      expect(stored).not.to.contain(key)
      expect(answered).not.to.contain(key)
    }
    const keyring = new Keyring([
      { namespace: 'eip155', privateKey: HARDHAT_KEY },
      { namespace: 'solana', privateKey: SOLANA_SEED }
    ])
    const leaky: FrameHandlers = guardKeys(
      {
        getChainId: () => ({ chainId: HARDHAT_KEY }),
        reload: () => {
          throw new Error(`failed with ${SOLANA_SEED}`)
        }
      },
      () => keyring
    )
    expect((await rejection(Promise.resolve(leaky.getChainId!({}))))?.message).to.equal(KEY_IN_ANSWER)
    expect((await rejection(Promise.resolve(leaky.reload!({}))))?.message).to.equal(KEY_IN_ANSWER)
  })
})
