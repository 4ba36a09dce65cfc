import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/views/send/w3m-wallet-send-preview-view.js'
import '../../../src/elements/views/send/w3m-wallet-send-view.js'
import { $router, pushView, resetView } from '../../../src/stores/router.js'
import { $send } from '../../../src/stores/send/form.js'
import { FAKE_ADDRESS, FAKE_ADDRESS_2 } from '../../fixtures/eip1193-provider.js'
import { until } from '../connect/support.js'
import { watchCalls } from '../wait.js'
import { connectForSend, fakeNames, tearDownSend } from '../send/support.js'
import { byTestId, text, type } from './support.js'

async function sendForm() {
  resetView('Account')
  pushView('WalletSend')
  const el = await fixture(html`<w3m-wallet-send-view></w3m-wallet-send-view>`)
  await until(() => $send.get().token !== undefined, 'the native token chosen')
  return el
}

async function typeReceiver(el: Element, receiver: string): Promise<void> {
  type(byTestId<HTMLInputElement>(el, 'send-amount-input')!, '0.1')
  type(byTestId<HTMLInputElement>(el, 'send-receiver-input')!, receiver)
  await until(() => $send.get().addressName?.status !== 'resolving', 'the reverse lookup')
  await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
}

describe('Send: the name of a typed address (reverse lookup)', () => {
  beforeEach(async () => {
    await connectForSend()
  })
  afterEach(tearDownSend)

  it('shows the registry name of the typed address, and the preview shows it; accessible', async () => {
    const { client } = fakeNames({ 'alice.appkit.id': FAKE_ADDRESS_2 })
    const el = await sendForm()
    await typeReceiver(el, FAKE_ADDRESS_2)
    expect(client.reverseCalls).to.deep.equal([FAKE_ADDRESS_2])
    expect(text(byTestId(el, 'send-receiver-name'))).to.equal('alice.appkit.id')
    await expect(el).to.be.accessible()
    byTestId(el, 'send-preview-button')!.click()
    await until(() => $router.get().view === 'WalletSendPreview', 'the preview')
    const preview = await fixture(html`<w3m-wallet-send-preview-view></w3m-wallet-send-preview-view>`)
    expect(text(byTestId(preview, 'send-preview-name'))).to.equal('alice.appkit.id')
    expect(text(byTestId(preview, 'send-preview-receiver'))).to.contain(FAKE_ADDRESS_2)
    await expect(preview).to.be.accessible()
  })

  it('shows nothing for an address without a name', async () => {
    fakeNames({ 'alice.appkit.id': FAKE_ADDRESS_2 })
    const el = await sendForm()
    await typeReceiver(el, FAKE_ADDRESS)
    expect(byTestId(el, 'send-receiver-name')).to.equal(null)
    expect(text(byTestId(el, 'send-name-status'))).to.equal('')
  })

  it("says 'Error fetching names for address' when the lookup fails; the address still sends", async () => {
    const { client } = fakeNames({})
    client.reverseError = new Error('HTTP status code: 502')
    const el = await sendForm()
    await typeReceiver(el, FAKE_ADDRESS_2)
    expect(text(byTestId(el, 'send-name-status'))).to.equal('Error fetching names for address')
    await expect(el).to.be.accessible()
    byTestId(el, 'send-preview-button')!.click()
    await until(() => $router.get().view === 'WalletSendPreview', 'the preview')
  })

  it('the newest typed address wins, and a name typed after it is resolved instead', async () => {
    const { client } = fakeNames({ 'alice.appkit.id': FAKE_ADDRESS_2 })
    client.delays.set(FAKE_ADDRESS_2, 300)
    const reverse = watchCalls(client, 'reverse')
    const el = await sendForm()
    type(byTestId<HTMLInputElement>(el, 'send-receiver-input')!, FAKE_ADDRESS_2)
    await until(() => client.reverseCalls.length === 1, 'the first lookup')
    type(byTestId<HTMLInputElement>(el, 'send-receiver-input')!, 'alice.appkit.id')
    await until(() => $send.get().name?.status === 'resolved', 'the name')
    await until(() => reverse.answered.includes(FAKE_ADDRESS_2), 'the slow answer for the address')
    expect($send.get().addressName).to.equal(undefined)
    expect($send.get().name?.address).to.equal(FAKE_ADDRESS_2)
  })
})
