// The kit's event stream from the flows (issue 13): the modal's open and close, a wallet chosen,
// connect success and error, disconnect, and a network the app does not list (its alert too).
import { expect } from '@open-wc/testing'
import { $alert, dismissAlert } from '../../../src/stores/alert.js'
import { connect, disconnect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { closeModal, openModal } from '../../../src/stores/modal.js'
import { followModalEvents, stopModalEvents } from '../../../src/stores/modal-events.js'
import { switchNetwork } from '../../../src/stores/networks/network-switch.js'
import { FAKE_ADDRESS, FakeEip1193Provider, ProviderError, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track } from './support.js'

describe('the kit’s events from the flows', () => {
  let heard: KitEvent[]
  let stop: () => void
  const warn = console.warn

  beforeEach(() => {
    console.warn = () => undefined
    setUpConnection()
    heard = []
    stop = onKitEvent(event => heard.push(event))
  })
  afterEach(() => {
    console.warn = warn
    stop()
    stopModalEvents()
    dismissAlert()
    tearDownConnection()
  })

  const names = () => heard.map(event => event.event)

  async function walletReady(provider = new FakeEip1193Provider()) {
    track(announceWallet(provider, { rdns: 'com.example.fake', name: 'Fake Wallet' }))
    await loadConnectors()
    return provider
  }

  it('MODAL_OPEN with the view, MODAL_CLOSE; a modal open before following counts as opened', async () => {
    await openModal({ view: 'Networks' })
    followModalEvents()
    closeModal()
    await openModal({ view: 'Networks' })
    closeModal()
    expect(heard.map(event => [event.event, event.properties])).to.deep.equal([
      ['MODAL_OPEN', { view: 'Networks', connected: false }],
      ['MODAL_CLOSE', { connected: false }],
      ['MODAL_OPEN', { view: 'Networks', connected: false }],
      ['MODAL_CLOSE', { connected: false }]
    ])
  })

  it('the opening that started the following counts though the modal closed before it: MODAL_OPEN, then MODAL_CLOSE', async () => {
    await openModal({ view: 'Networks' })
    closeModal()
    let stopped = false
    const transitions = [
      { open: true, view: 'Networks', connected: false },
      { open: false, view: 'Networks', connected: false }
    ] as const
    followModalEvents({ transitions, stop: () => (stopped = true) })
    expect(stopped, 'the recording stopped as the following took over').to.equal(true)
    expect(heard.map(event => [event.event, event.properties])).to.deep.equal([
      ['MODAL_OPEN', { view: 'Networks', connected: false }],
      ['MODAL_CLOSE', { connected: false }]
    ])
  })

  it('every opening and closing recorded before the following counts, in order: opened, closed, opened again (still open)', async () => {
    await openModal({ view: 'Account' })
    const transitions = [
      { open: true, view: 'Networks', connected: false },
      { open: false, view: 'Networks', connected: false },
      { open: true, view: 'Account', connected: true }
    ] as const
    followModalEvents({ transitions, stop: () => undefined })
    expect(heard.map(event => [event.event, event.properties])).to.deep.equal([
      ['MODAL_OPEN', { view: 'Networks', connected: false }],
      ['MODAL_CLOSE', { connected: false }],
      ['MODAL_OPEN', { view: 'Account', connected: true }]
    ])
    closeModal()
    expect(names()).to.deep.equal(['MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_OPEN', 'MODAL_CLOSE'])
    // A second recording handed over once the following runs is stopped, and told nothing.
    let stopped = false
    followModalEvents({
      transitions: [{ open: true, view: 'Connect', connected: false }],
      stop: () => (stopped = true)
    })
    expect(stopped).to.equal(true)
    expect(names()).to.have.length(4)
  })

  it('the opening that started the following, still open: one MODAL_OPEN, its MODAL_CLOSE when it closes', async () => {
    await openModal({ view: 'Networks' })
    followModalEvents({ transitions: [{ open: true, view: 'Networks', connected: false }], stop: () => undefined })
    expect(names()).to.deep.equal(['MODAL_OPEN'])
    closeModal()
    expect(names()).to.deep.equal(['MODAL_OPEN', 'MODAL_CLOSE'])
  })

  it('SELECT_WALLET then CONNECT_SUCCESS, and DISCONNECT_SUCCESS, with no address in them', async () => {
    await walletReady()
    expect(await connect('com.example.fake')).to.equal(true)
    expect(await disconnect()).to.equal(true)
    expect(names()).to.deep.equal(['SELECT_WALLET', 'CONNECT_SUCCESS', 'DISCONNECT_SUCCESS'])
    expect(heard[1]!.properties).to.deep.equal({ wallet: 'Fake Wallet', type: 'announced', namespace: 'eip155' })
    expect(heard[2]!.properties).to.deep.equal({ namespaces: ['eip155'] })
    expect(JSON.stringify(heard)).to.not.contain(FAKE_ADDRESS)
  })

  it('CONNECT_ERROR with the visitor’s message when the wallet declines', async () => {
    const provider = new FakeEip1193Provider()
    provider.failures.set('eth_requestAccounts', new ProviderError(4001, 'User rejected the request.'))
    await walletReady(provider)
    expect(await connect('com.example.fake')).to.equal(false)
    expect(names()).to.deep.equal(['SELECT_WALLET', 'CONNECT_ERROR'])
    expect(heard[1]!.properties).to.include({ wallet: 'Fake Wallet', message: 'Connection declined' })
  })

  it('a network the app does not list: refused, and the alert “Network Not Found” names it', async () => {
    expect(await switchNetwork('eip155:424242')).to.equal(false)
    expect($alert.get()).to.deep.equal({ id: 'network-not-found', subject: 'eip155:424242' })
    expect(names()).to.not.include('SWITCH_NETWORK')
  })
})
