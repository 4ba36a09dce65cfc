// Spec.md section 2, the auth connector's branch of network switching: while the embedded wallet is
// the shown connection, choosing a network of another namespace it serves (section 9: eip155 and
// solana) goes to SwitchNetwork, not SwitchActiveChain, and the switch happens inside the frame with
// the same login: no confirmation, no approval shown. A namespace it does not serve still asks.
// Against the frame double on another origin.
import { expect, fixture, html } from '@open-wc/testing'
import type { W3mSwitchNetworkView } from '../../../src/elements/views/networks/w3m-switch-network-view.js'
import '../../../src/elements/views/networks/w3m-switch-network-view.js'
import { AUTH_CONNECTOR_ID } from '../../../src/config/auth-connector-ids.js'
import { bitcoin, localChainA, solanaLocal } from '../../../src/networks/definitions.js'
import { $account } from '../../../src/stores/account.js'
import { $connection, disconnect } from '../../../src/stores/connect/connection.js'
import { openModal } from '../../../src/stores/modal.js'
import { $network } from '../../../src/stores/network.js'
import { $networkSwitch, chooseNetwork } from '../../../src/stores/networks/network-switch.js'
import { $router, pushView } from '../../../src/stores/router.js'
import { submitEmail, submitOtp } from '../../../src/stores/email/login.js'
import { sessionOf } from '../../../src/stores/connect/sessions.js'
import { DOUBLE_ADDRESS, forgetDoubleLogin, frames, setUpEmail, tearDownEmail } from './support.js'

const PROJECT = 'auth-network-switch-test'
const SOLANA_ADDRESS = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const SOLANA_LOCAL = solanaLocal.caipNetworkId
const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('network switching with the embedded wallet (docs/behaviour.md section 2, the auth connector branch)', () => {
  beforeEach(async () => {
    await forgetDoubleLogin(PROJECT)
    const backend = setUpEmail(PROJECT, { networks: [localChainA, solanaLocal, bitcoin] })
    backend.nativeBalanceAnswer = { balance: '1', symbol: 'SOL' }
    await submitEmail('visitor@example.com')
    expect(await submitOtp('123456')).to.equal(true)
    // The login connected both namespaces; the Solana one is let go (the login is kept), so that
    // Solana has no connected address, as after a disconnect('solana').
    expect(await disconnect('solana')).to.equal(true)
    expect(sessionOf('solana')).to.equal(undefined)
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
    openModal({ view: 'Account' })
    pushView('Networks')
  })
  afterEach(tearDownEmail)

  it('choosing Solana goes to SwitchNetwork (no SwitchActiveChain), says it is switching (nothing to approve), and connects the frame’s Solana account with no prompt; back to Account', async () => {
    const dialog = frames()[0]!.closest('dialog')!
    let prompted = false
    const watch = new MutationObserver(() => {
      if (dialog.open) prompted = true
    })
    watch.observe(dialog, { attributes: true, attributeFilter: ['open'] })
    const view = await fixture<W3mSwitchNetworkView>(html`<w3m-switch-network-view></w3m-switch-network-view>`)

    const done = chooseNetwork(SOLANA_LOCAL)
    expect($router.get().view).to.equal('SwitchNetwork')
    expect($networkSwitch.get()).to.include({ status: 'switching', target: SOLANA_LOCAL })
    await view.updateComplete
    // The frame's answer is a message (a task): the view has drawn the wait before it can come.
    expect(byTestId(view, 'switch-network-status')!.textContent!.trim()).to.equal('Switching…')
    await expect(view).to.be.accessible()

    await done
    watch.disconnect()
    expect(prompted).to.equal(false)
    expect(sessionOf('solana')?.connector.id).to.equal(AUTH_CONNECTOR_ID)
    expect($connection.get()).to.include({ activeNamespace: 'solana', activeConnectorId: AUTH_CONNECTOR_ID })
    expect($account.get().caipAddress).to.equal(`${SOLANA_LOCAL}:${SOLANA_ADDRESS}`)
    expect($network.get().activeNetwork?.caipNetworkId).to.equal(SOLANA_LOCAL)
    expect($networkSwitch.get().status).to.equal('idle')
    expect($router.get().view).to.equal('Account')
    // The EVM account stays connected through the same login.
    expect(sessionOf('eip155')?.address).to.equal(DOUBLE_ADDRESS)
  })

  it('a namespace the embedded wallet does not serve (bip122) still goes to SwitchActiveChain', async () => {
    await chooseNetwork(bitcoin.caipNetworkId)
    expect($router.get().view).to.equal('SwitchActiveChain')
    expect($network.get().activeNetwork?.caipNetworkId).to.equal(localChainA.caipNetworkId)
  })
})
