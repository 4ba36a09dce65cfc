// The embedded wallet on two namespaces (eip155 and solana, one frame and one login), against the
// frame double: the e-mail login connects both, the active network's shown; the Solana account is
// the frame's Solana address; its messages and transfers are signed in the frame after approval
// (the frame shown meanwhile; a transfer's signature answered as 0x hex, as connectors do); disconnecting
// one namespace keeps the login for the other, the last one signs the frame out; a login that ends
// on the frame's backend mid-use shows 'Session Expired' and disconnects both.
import { expect } from '@open-wc/testing'
import { AUTH_CONNECTOR_ID } from '../../../src/connectors/auth/auth-connector.js'
import { localChainA, solanaLocal } from '../../../src/networks/definitions.js'
import { $account } from '../../../src/stores/account.js'
import { disconnect } from '../../../src/stores/connect/connection.js'
import { getConnector } from '../../../src/stores/connect/connectors.js'
import { authClient } from '../../../src/stores/email/auth-session.js'
import { submitEmail, submitOtp } from '../../../src/stores/email/login.js'
import { sessionOf } from '../../../src/stores/connect/sessions.js'
import { storedEmail, storedEmailLoginUsed } from '../../../src/storage/keys.js'
import { $alert } from '../../../src/stores/alert.js'
import { SolanaProviderError } from '../../../src/errors/solana-provider-error.js'
import { toBase64 } from '../../../src/utils/base58.js'
import { RPC_USER_REJECTED } from '../../../src/frame/rpc-methods.js'
import { DOUBLE_ADDRESS, dialogChanges, forgetDoubleLogin, frames, setUpEmail, tearDownEmail } from './support.js'

const PROJECT = 'solana-auth-test'
const SOLANA_ADDRESS = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'

describe('embedded wallet on eip155 and solana', () => {
  beforeEach(async () => {
    await forgetDoubleLogin(PROJECT)
    setUpEmail(PROJECT, { networks: [localChainA, solanaLocal] })
    await submitEmail('visitor@example.com')
    expect(await submitOtp('123456')).to.equal(true)
  })
  afterEach(tearDownEmail)

  it('one login connects both namespaces; the active network’s account is shown', () => {
    expect(sessionOf('eip155')?.address).to.equal(DOUBLE_ADDRESS)
    expect(sessionOf('solana')?.address).to.equal(SOLANA_ADDRESS)
    expect($account.get().namespace).to.equal('eip155')
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
  })

  it('a Solana message is signed in the frame after approval (the frame shows while it waits)', async () => {
    const connector = getConnector(AUTH_CONNECTOR_ID, 'solana')!
    expect(connector.type).to.equal('auth')
    const dialog = frames()[0]!.closest('dialog')!
    const changes = dialogChanges(dialog)
    const signing = connector.signMessage!('hello', SOLANA_ADDRESS)
    expect(await signing).to.equal('5'.repeat(88))
    // Shown before the answer, hidden once it came.
    expect(changes).to.deep.equal(['modal', 'closed'])
    expect(dialog.open).to.equal(false)
  })

  it('a Solana transfer goes to the frame as solana_signAndSendTransaction (base64, the chain, confirmed); its signature comes back as hex', async () => {
    const connector = getConnector(AUTH_CONNECTOR_ID, 'solana')!
    const dialog = frames()[0]!.closest('dialog')!
    const changes = dialogChanges(dialog)
    const transaction = new Uint8Array(150).fill(1)
    const sending = connector.sendTransaction!({
      namespace: 'solana',
      from: SOLANA_ADDRESS,
      chain: solanaLocal.caipNetworkId,
      transaction
    })
    expect(await sending).to.equal(`0x${'96'.repeat(64)}`)
    expect(changes).to.deep.equal(['modal', 'closed'])
    expect(dialog.open).to.equal(false)
    const wrong = connector.sendTransaction!({
      namespace: 'solana',
      from: 'x',
      chain: solanaLocal.caipNetworkId,
      transaction
    })
    expect(((await wrong.catch((error: Error) => error)) as Error).message).to.contain('double: unexpected params')
  })

  it('issue 31: transactions signed without sending go to the frame as solana_signTransaction (one) and solana_signAllTransactions (more), base64 both ways', async () => {
    const connector = getConnector(AUTH_CONNECTOR_ID, 'solana')!
    const dialog = frames()[0]!.closest('dialog')!
    const changes = dialogChanges(dialog)
    // A wire transaction with one signature slot (what the double fills) and its message after it.
    const transaction = (fill: number) => Uint8Array.from([1, ...new Uint8Array(64), ...new Uint8Array(40).fill(fill)])
    const signedAs = (fill: number) => [1, ...new Uint8Array(64).fill(0x5a), ...new Uint8Array(40).fill(fill)]
    const [one] = await connector.solanaSignTransactions!([transaction(1)], SOLANA_ADDRESS, solanaLocal.caipNetworkId)
    expect([...one!]).to.deep.equal(signedAs(1))
    expect(changes).to.deep.equal(['modal', 'closed'])
    const all = await connector.solanaSignTransactions!(
      [transaction(2), transaction(3)],
      SOLANA_ADDRESS,
      solanaLocal.caipNetworkId
    )
    expect(all.map(bytes => [...bytes])).to.deep.equal([signedAs(2), signedAs(3)])
    expect(toBase64(all[1]!)).to.not.equal(toBase64(transaction(3)))
  })

  it('issue 31: a message as bytes (solana_signMessage), and the frame’s rejection with its code and text', async () => {
    const connector = getConnector(AUTH_CONNECTOR_ID, 'solana')!
    const signature = await connector.signMessageBytes!(Uint8Array.of(0xff, 0), SOLANA_ADDRESS)
    expect(signature).to.have.length(64)
    const refused = await connector.solanaSignTransactions!(
      [new Uint8Array(65)],
      'reject me',
      solanaLocal.caipNetworkId
    ).then(
      () => undefined,
      (error: unknown) => error
    )
    expect(refused).to.be.instanceOf(Error)
    expect((refused as { code?: unknown }).code).to.equal(4001)
    expect((refused as Error).message).to.equal(RPC_USER_REJECTED)
    expect(SolanaProviderError.from(refused).code).to.equal(4001)
  })

  it('a login that ended on the frame’s backend mid-use: “Session Expired” alert, the login cache cleared, both namespaces disconnected', async () => {
    const connector = getConnector(AUTH_CONNECTOR_ID, 'eip155')!
    const failed = await connector.signMessage!('expire me', DOUBLE_ADDRESS).catch((error: Error) => error)
    expect((failed as Error).message).to.equal('Session Expired')
    expect($alert.get().id).to.equal('session-expired')
    expect(storedEmailLoginUsed.get()).to.equal(undefined)
    expect(storedEmail.get()).to.equal(undefined)
    expect(sessionOf('eip155')).to.equal(undefined)
    expect(sessionOf('solana')).to.equal(undefined)
    expect($account.get().address).to.equal(undefined)
  })

  it('disconnecting one namespace keeps the login for the other; the last signs the frame out', async () => {
    expect(await disconnect('eip155')).to.equal(true)
    expect((await authClient().request('isConnected', {})).isConnected).to.equal(true)
    expect(storedEmailLoginUsed.get()).to.equal(true)
    expect(sessionOf('solana')).to.not.equal(undefined)
    expect(await disconnect('solana')).to.equal(true)
    expect((await authClient().request('isConnected', {})).isConnected).to.equal(false)
    expect(storedEmailLoginUsed.get()).to.equal(undefined)
  })
})
