import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { privateKeyToAccount } from 'viem/accounts'
import { createLocalSiwx } from '../../../src/siwx/factories.js'
import type { SiwxConfig, SiwxSession } from '../../../src/siwx/types.js'
import { $account, setAccount } from '../../../src/stores/account.js'
import { $connection, activeConnector, connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { $modal, closeModal, openModal } from '../../../src/stores/modal.js'
import { $router } from '../../../src/stores/router.js'
import { $siwx, configureSiwx, resetSiwx } from '../../../src/stores/siwx/state.js'
import {
  cancelSignIn,
  signIn,
  signInProblem,
  signOut,
  stopSignInWatch,
  watchSignIn
} from '../../../src/stores/siwx/flow.js'
import { $toast } from '../../../src/stores/toast.js'
import {
  FAKE_ADDRESS,
  FAKE_ADDRESS_2,
  FakeEip1193Provider,
  ProviderError,
  announceWallet
} from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track, until } from '../connect/support.js'

/** Hardhat's accounts #1 and #2: FAKE_ADDRESS and FAKE_ADDRESS_2. */
const KEYS: Record<string, `0x${string}`> = {
  [FAKE_ADDRESS]: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  [FAKE_ADDRESS_2]: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
}
const hexToText = (hex: string) =>
  new TextDecoder().decode(
    Uint8Array.from(
      hex
        .slice(2)
        .match(/../g)!
        .map(byte => Number.parseInt(byte, 16))
    )
  )

describe('sign-in with X: the flow (docs/behaviour.md section 4)', () => {
  let provider: FakeEip1193Provider
  let events: KitEvent[]
  let stopEvents: () => void
  let signed: string[]

  async function start(siwx: SiwxConfig) {
    setUpConnection({ siwx })
    configureSiwx(siwx)
    provider = new FakeEip1193Provider()
    signed = []
    // The wallet signs with the account's real key (EIP-191), so the local implementation verifies it.
    provider.failures.set('personal_sign', params => {
      const [message, address] = params as [string, string]
      signed.push(hexToText(message))
      const key = KEYS[Object.keys(KEYS).find(known => known.toLowerCase() === address.toLowerCase())!]!
      return privateKeyToAccount(key).signMessage({ message: { raw: message as `0x${string}` } })
    })
    track(announceWallet(provider, { rdns: 'com.example.fake', name: 'Fake' }))
    await loadConnectors()
    watchSignIn()
  }

  beforeEach(() => {
    events = []
    // The sign-in family only: connecting emits its own events (SELECT_WALLET, CONNECT_SUCCESS, ...).
    stopEvents = onKitEvent(event => {
      if (/SIWX/.test(event.event)) events.push(event)
    })
  })
  afterEach(() => {
    sinon.restore()
    stopEvents()
    stopSignInWatch()
    resetSiwx()
    tearDownConnection()
  })

  /** A toast replacing another appears 150 ms later (docs/behaviour.md section 4). */
  const toastSays = (message: string) => until(() => $toast.get().open && $toast.get().message === message, message)
  const onSignIn = () => until(() => $modal.get().open && $router.get().view === 'SIWXSignMessage', 'SIWXSignMessage')

  it('required: opens on connect, will not close unsigned, signs an EIP-4361 message and keeps the session', async () => {
    await start(createLocalSiwx({ required: true, statement: 'Welcome to the shop' }))
    await connect('com.example.fake')
    await onSignIn()
    expect($siwx.get()).to.include({ enabled: true, required: true, hasSession: false })
    expect(closeModal()).to.equal(false)
    expect($modal.get()).to.include({ open: true, closeRefused: true })
    expect(await signIn()).to.equal(true)
    expect(signed).to.have.length(1)
    expect(signed[0]).to.match(
      new RegExp(
        `^${location.host} wants you to sign in with your Ethereum account:\n${FAKE_ADDRESS}\n\nWelcome to the shop\n\nURI: ${location.href.replace(/[.?*+()[\]\\]/g, '\\$&')}\nVersion: 1\nChain ID: 1\nNonce: [A-Za-z0-9]{16}\nIssued At: `
      )
    )
    expect($modal.get().open).to.equal(false)
    expect($siwx.get()).to.include({ hasSession: true, status: 'idle' })
    expect($siwx.get().sessions[0]?.message).to.equal(signed[0])
    expect(events.map(event => event.event)).to.deep.equal(['SIWX_AUTH_SUCCESS'])
    const stored = JSON.parse(localStorage.getItem('@appkit-wallet/siwx_sessions')!) as SiwxSession[]
    expect(stored.map(session => session.data.accountAddress)).to.deep.equal([FAKE_ADDRESS])
  })

  it('a session kept from before: connecting again does not ask (a reload keeps it)', async () => {
    const siwx = createLocalSiwx({ required: true })
    await start(siwx)
    await connect('com.example.fake')
    await onSignIn()
    await signIn()
    const kept = localStorage.getItem('@appkit-wallet/siwx_sessions')
    // A fresh page: fresh stores, the same storage.
    stopSignInWatch()
    tearDownConnection()
    await start(siwx)
    localStorage.setItem('@appkit-wallet/siwx_sessions', kept!)
    await connect('com.example.fake')
    await until(() => $siwx.get().hasSession, 'the kept session')
    expect($modal.get().open).to.equal(false)
    expect(signed).to.deep.equal([])
  })

  it('sessions that cannot be read (their backend down) are not "no session": nothing asks to sign; the next opening of the modal reads them again', async () => {
    const siwx = createLocalSiwx({ required: true })
    await start(siwx)
    await connect('com.example.fake')
    await onSignIn()
    await signIn()
    const kept = localStorage.getItem('@appkit-wallet/siwx_sessions')
    // A fresh page whose sessions' backend is down.
    stopSignInWatch()
    tearDownConnection()
    const warn = sinon.stub(console, 'warn')
    const reading = sinon.stub(siwx, 'getSessions').rejects(new Error('503 Service Unavailable'))
    await start(siwx)
    localStorage.setItem('@appkit-wallet/siwx_sessions', kept!)
    signed = []
    await connect('com.example.fake')
    await until(() => reading.called && $siwx.get().status === 'idle', 'the failed reading')
    expect($modal.get().open).to.equal(false)
    expect($router.get().view).to.not.equal('SIWXSignMessage')
    expect(warn.calledWithMatch('[appkit] Reading the sign-in sessions failed')).to.equal(true)
    // Back up: the visitor opens the modal, the sessions are read again and the one kept is found.
    reading.restore()
    openModal({ view: 'Account' })
    await until(() => $siwx.get().hasSession, 'the session read again')
    expect($router.get().view).to.equal('Account')
    expect(signed).to.deep.equal([])
  })

  it('read again after a failed reading, an account with no session is asked to sign', async () => {
    const siwx = createLocalSiwx({ required: true })
    sinon.stub(console, 'warn')
    const reading = sinon.stub(siwx, 'getSessions').rejects(new Error('503 Service Unavailable'))
    await start(siwx)
    await connect('com.example.fake')
    await until(() => reading.called && $siwx.get().status === 'idle', 'the failed reading')
    expect($modal.get().open).to.equal(false)
    reading.restore()
    openModal({ view: 'Account' })
    await onSignIn()
    expect($siwx.get().hasSession).to.equal(false)
  })

  it('an expired session is not a session: the sign-in asks again', async () => {
    // A fake clock (only Date) runs the session's 50 ms: on a loaded machine signing took longer
    // than that, and the session was refused as expired before it was ever kept.
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    const siwx = createLocalSiwx({ expiresInMs: 50 })
    await start(siwx)
    await connect('com.example.fake')
    await onSignIn()
    expect(await signIn()).to.equal(true)
    expect(await siwx.getSessions('eip155:1', FAKE_ADDRESS)).to.have.length(1)
    clock.tick(51)
    expect(await siwx.getSessions('eip155:1', FAKE_ADDRESS)).to.deep.equal([])
  })

  it('switching to an account without a session asks again', async () => {
    await start(createLocalSiwx())
    provider.accounts = [FAKE_ADDRESS, FAKE_ADDRESS_2]
    await connect('com.example.fake')
    await onSignIn()
    await signIn()
    provider.emit('accountsChanged', [FAKE_ADDRESS_2, FAKE_ADDRESS])
    await until(() => $account.get().address === FAKE_ADDRESS_2, 'the second account')
    await onSignIn()
    expect($siwx.get().hasSession).to.equal(false)
    await signIn()
    expect($siwx.get().hasSession).to.equal(true)
    expect(signed[1]).to.contain(`\n${FAKE_ADDRESS_2}\n`)
  })

  it('switching to a network without a session asks again (sessions are per chain)', async () => {
    await start(createLocalSiwx())
    await connect('com.example.fake')
    await onSignIn()
    await signIn()
    expect($siwx.get().hasSession).to.equal(true)
    provider.setChain(56)
    await until(() => $account.get().caipAddress === `eip155:56:${FAKE_ADDRESS}`, 'the new chain')
    await onSignIn()
    expect($siwx.get().hasSession).to.equal(false)
    await signIn()
    expect(signed[1]).to.contain('\nChain ID: 56\n')
  })

  it('a declined signature says so, emits SIWX_AUTH_ERROR and keeps the view for another try', async () => {
    await start(createLocalSiwx({ required: true }))
    await connect('com.example.fake')
    await onSignIn()
    provider.failures.set('personal_sign', new ProviderError(4001, 'User rejected the request.'))
    expect(await signIn()).to.equal(false)
    await toastSays('Signature declined')
    expect($toast.get().variant).to.equal('error')
    expect($router.get().view).to.equal('SIWXSignMessage')
    expect($modal.get().open).to.equal(true)
    expect($connection.get().status).to.equal('connected')
    expect(events.map(event => event.event)).to.deep.equal(['SIWX_AUTH_ERROR'])
  })

  it('a signature the implementation refuses (another key) is declined too', async () => {
    await start(createLocalSiwx())
    await connect('com.example.fake')
    await onSignIn()
    provider.failures.set('personal_sign', params =>
      privateKeyToAccount(KEYS[FAKE_ADDRESS_2]!).signMessage({ message: { raw: (params as [`0x${string}`])[0] } })
    )
    expect(await signIn()).to.equal(false)
    await toastSays('Signature declined')
    expect(localStorage.getItem('@appkit-wallet/siwx_sessions')).to.equal(null)
  })

  it('for a smart account the failure says the app might not support smart accounts', async () => {
    await start(createLocalSiwx())
    await connect('com.example.fake')
    await onSignIn()
    setAccount({ allAccounts: [{ namespace: 'eip155', address: FAKE_ADDRESS, type: 'smartAccount' }] })
    provider.failures.set('personal_sign', new ProviderError(4001, 'User rejected the request.'))
    await signIn()
    await toastSays('This application might not support Smart Accounts')
  })

  it('shows Authenticating... while the wallet is asked', async () => {
    await start(createLocalSiwx())
    await connect('com.example.fake')
    await onSignIn()
    provider.held.add('personal_sign')
    const signing = signIn()
    await until(() => provider.methods().includes('personal_sign'), 'the signature request')
    expect($toast.get()).to.include({ variant: 'loading', message: 'Authenticating...' })
    expect($siwx.get().status).to.equal('signing')
    expect(await signIn()).to.equal(false) // a second press while signing does nothing
    provider.release('personal_sign')
    expect(await signing).to.equal(true)
  })

  it('a message that cannot be created: the problem is said, the wallet disconnected, the view reset', async () => {
    const siwx = createLocalSiwx({ required: true })
    await start({ ...siwx, createMessage: async () => Promise.reject(new Error('nonce service down')) })
    await connect('com.example.fake')
    await onSignIn()
    expect(await signIn()).to.equal(false)
    await toastSays('A problem occurred while trying initialize authentication')
    expect($connection.get().status).to.equal('disconnected')
    expect($router.get().view).to.equal('Connect')
    expect(events.map(event => event.event)).to.deep.equal(['SIWX_AUTH_ERROR'])
  })

  it('Cancel when required: CLICK_CANCEL_SIWX, the wallet disconnected, the modal closed', async () => {
    await start(createLocalSiwx({ required: true }))
    await connect('com.example.fake')
    await onSignIn()
    await cancelSignIn()
    expect(events.map(event => event.event)).to.deep.equal(['CLICK_CANCEL_SIWX'])
    expect($connection.get().status).to.equal('disconnected')
    expect($modal.get().open).to.equal(false)
    expect($router.get().view).to.equal('Connect')
  })

  it('Cancel when optional: the connection stays, the modal closes and resets to Connect', async () => {
    await start(createLocalSiwx())
    await connect('com.example.fake')
    await onSignIn()
    await cancelSignIn()
    expect(events.map(event => event.event)).to.deep.equal(['CLICK_CANCEL_SIWX'])
    expect($connection.get().status).to.equal('connected')
    expect($modal.get().open).to.equal(false)
    expect($router.get().view).to.equal('Connect')
  })

  it('sign out revokes the session; when required the sign-in opens again', async () => {
    await start(createLocalSiwx({ required: true }))
    await connect('com.example.fake')
    await onSignIn()
    await signIn()
    await signOut()
    expect($siwx.get().hasSession).to.equal(false)
    expect(localStorage.getItem('@appkit-wallet/siwx_sessions')).to.equal('[]')
    await onSignIn()
  })

  it('a network the app does not list asks nothing', async () => {
    await start(createLocalSiwx())
    provider.chainId = 10
    provider.chains = new Set([10])
    await connect('com.example.fake')
    await until(() => $connection.get().unsupportedChain !== undefined, 'the unsupported chain')
    await new Promise(resolve => setTimeout(resolve, 50))
    expect($router.get().view).to.not.equal('SIWXSignMessage')
  })

  it('the spec’s errors when sign-in cannot start', async () => {
    setUpConnection()
    expect(signInProblem()?.message).to.equal('SIWX is not enabled')
    await start(createLocalSiwx())
    expect(signInProblem()?.message).to.equal('No ActiveCaipAddress found')
    setAccount({
      caipAddress: `eip155:1:${FAKE_ADDRESS}`,
      address: FAKE_ADDRESS,
      status: 'connected',
      namespace: 'eip155'
    })
    expect(signInProblem()?.message).to.equal('No ActiveCaipNetwork or client found')
    await connect('com.example.fake')
    expect(signInProblem()).to.equal(undefined)
    // A connector that cannot sign messages.
    const connector = activeConnector() as { signMessage?: unknown }
    const signMessage = connector.signMessage
    connector.signMessage = undefined
    expect(signInProblem()?.message).to.equal('No ConnectionController client found')
    connector.signMessage = signMessage
  })
})
