// The auth connector over the frame (the double in fixture/): approvals show the frame while they
// are pending and hide it after; a rejection in the frame is a rejection in the wallet (4001); a
// call the embedded wallet refuses reads 'Action not allowed'; the frame's problems become alerts
// and kit events.
import { expect } from '@open-wc/testing'
import { getConnector } from '../../../src/stores/connect/connectors.js'
import { FrameRpcError } from '../../../src/connectors/auth/auth-client.js'
import { AUTH_CONNECTOR_ID } from '../../../src/connectors/auth/auth-connector.js'
import { USER_REJECTED_CODE, errorMessageForVisitor } from '../../../src/errors/visitor-message.js'
import { $alert } from '../../../src/stores/alert.js'
import { authClient, closeAuthSession, reportFrameProblem } from '../../../src/stores/email/auth-session.js'
import { storedLastUsedChain } from '../../../src/storage/keys.js'
import { submitEmail, submitOtp } from '../../../src/stores/email/login.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { rejection } from '../rejection.js'
import { until } from '../wait.js'
import { DOUBLE_ADDRESS, dialogChanges, forgetDoubleLogin, frames, setUpEmail, tearDownEmail } from './support.js'

const PROJECT = 'auth-connector-test'

describe('auth connector', () => {
  beforeEach(async () => {
    await forgetDoubleLogin(PROJECT)
    setUpEmail(PROJECT)
    await submitEmail('visitor@example.com')
    await submitOtp('123456')
  })
  afterEach(tearDownEmail)

  const connector = () => {
    const found = getConnector(AUTH_CONNECTOR_ID, 'eip155')
    if (!found) throw new Error('no auth connector')
    return found
  }

  it('is of type auth on eip155 and is not listed among the wallets', async () => {
    expect(connector().type).to.equal('auth')
    expect(connector().namespace).to.equal('eip155')
    expect(await connector().getAccounts()).to.deep.equal([DOUBLE_ADDRESS])
    expect(await connector().getBalance(DOUBLE_ADDRESS)).to.equal(10n ** 18n)
  })

  it('an approval shows the frame (a modal dialog) until the frame answers, then hides it', async () => {
    const dialog = frames()[0]!.closest('dialog')!
    expect(dialog.open).to.equal(false)
    const changes = dialogChanges(dialog)
    const signing = connector().signMessage!('hello', DOUBLE_ADDRESS)
    expect(await signing).to.equal(`0x${'ab'.repeat(65)}`)
    // Shown as a modal dialog before the answer, hidden once it came.
    expect(changes).to.deep.equal(['modal', 'closed'])
    expect(dialog.open).to.equal(false)
  })

  it('Escape on the dialog does not close it: only the frame answers an approval', async () => {
    const dialog = frames()[0]!.closest('dialog')!
    const signing = connector().signMessage!('hello', DOUBLE_ADDRESS)
    await until(() => dialog.open, 'the frame shown for the approval')
    const cancel = new Event('cancel', { cancelable: true })
    dialog.dispatchEvent(cancel)
    expect(cancel.defaultPrevented).to.equal(true)
    expect(dialog.open).to.equal(true)
    await signing
  })

  it('a rejection in the frame is a rejection in the wallet (4001); the frame hides again', async () => {
    const error = await rejection(connector().signMessage!('reject me', DOUBLE_ADDRESS))
    expect(error).to.be.instanceOf(FrameRpcError)
    expect((error as FrameRpcError).code).to.equal(USER_REJECTED_CODE)
    expect(frames()[0]!.closest('dialog')!.open).to.equal(false)
  })

  it("a call the embedded wallet refuses is 'Requested RPC call is not allowed', shown as 'Action not allowed'", async () => {
    const error = await rejection(connector().evmRequest!('eth_sign', [DOUBLE_ADDRESS, '0x00']))
    expect(error?.message).to.equal('Requested RPC call is not allowed')
    expect(errorMessageForVisitor(error)).to.equal('Action not allowed')
  })

  it('switching networks moves the frame and says chainChanged', async () => {
    const changes: unknown[] = []
    const stop = connector().on('chainChanged', chain => changes.push(chain))
    const { localChainB } = await import('../../../src/networks/definitions.js')
    await connector().switchNetwork(localChainB)
    stop()
    expect(changes).to.deep.equal([31338])
    expect(await connector().getChainId()).to.equal(31338)
  })

  it('keeps the chain it last used (docs/behaviour.md section 3: last chain) and answers eth_chainId from it, not the frame (section 7)', async () => {
    // The login connected on the app's active network: Ethereum, the first of TEST_NETWORKS.
    expect(storedLastUsedChain.get()).to.equal(1)
    const { localChainB } = await import('../../../src/networks/definitions.js')
    await connector().switchNetwork(localChainB)
    expect(storedLastUsedChain.get()).to.equal(31338)
    const client = authClient()
    const asked: string[] = []
    const rpc = client.rpc.bind(client)
    client.rpc = (...args) => {
      asked.push(args[0])
      return rpc(...args)
    }
    try {
      expect(await connector().evmRequest!('eth_chainId', [])).to.equal('0x7a6a')
      expect(await connector().getChainId()).to.equal(31338)
      expect(asked).to.deep.equal([])
      // Another chain written by this device's last use is what eth_chainId says.
      storedLastUsedChain.set('eip155:31337')
      expect(await connector().evmRequest!('eth_chainId', [])).to.equal('0x7a69')
      // With none stored, the frame answers.
      storedLastUsedChain.remove()
      expect(await connector().evmRequest!('eth_chainId', [])).to.equal('0x7a6a')
      expect(asked).to.deep.equal(['eth_chainId'])
    } finally {
      client.rpc = rpc
    }
  })

  it('a reload reconnects the embedded wallet on the chain it last used', async () => {
    const { localChainB } = await import('../../../src/networks/definitions.js')
    await connector().switchNetwork(localChainB)
    // The page reloads: a new frame (which starts on its default chain) and a new connector, the
    // storage kept.
    closeAuthSession()
    authClient()
    const restored = await connector().reconnect()
    expect(restored?.chainId).to.equal(31338)
    expect(await connector().getChainId()).to.equal(31338)
    expect(storedLastUsedChain.get()).to.equal(31338)
  })

  it("the frame's problems become the spec's alerts and an event for the app", () => {
    const events: KitEvent[] = []
    const stop = onKitEvent(event => events.push(event))
    reportFrameProblem('iframe_load_failed')
    expect($alert.get().id).to.equal('embedded-wallet-load-failed')
    reportFrameProblem('iframe_request_timeout')
    expect($alert.get().id).to.equal('embedded-wallet-timeout')
    stop()
    expect(events.map(event => [event.event, event.properties])).to.deep.equal([
      ['EMBEDDED_WALLET_ERROR', { error: 'iframe_load_failed' }],
      ['EMBEDDED_WALLET_ERROR', { error: 'iframe_request_timeout' }]
    ])
  })

  it('one frame per page: every use shares it', () => {
    expect(authClient()).to.equal(authClient())
    expect(frames()).to.have.length(1)
  })
})
