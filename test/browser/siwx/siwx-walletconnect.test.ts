import { expect } from '@open-wc/testing'
import { privateKeyToAccount } from 'viem/accounts'
import { localChainA, localChainB, solanaLocal } from '../../../src/networks/definitions.js'
import { formatSiwxMessage } from '../../../src/siwx/message.js'
import { createLocalSiwx } from '../../../src/siwx/factories.js'
import type { SiwxMessageData } from '../../../src/siwx/types.js'
import type { WalletConnectAuthRequest } from '../../../src/connectors/walletconnect/types.js'
import { $connection } from '../../../src/stores/connect/connection.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { $modal } from '../../../src/stores/modal.js'
import { $router } from '../../../src/stores/router.js'
import { $siwx, configureSiwx, resetSiwx } from '../../../src/stores/siwx/state.js'
import { stopSignInWatch, watchSignIn } from '../../../src/stores/siwx/flow.js'
import { sessionFromCacao } from '../../../src/stores/siwx/walletconnect-auth.js'
import { $toast } from '../../../src/stores/toast.js'
import { $walletConnect, startWalletConnect } from '../../../src/stores/connect/walletconnect.js'
import { useWalletConnectController } from '../../../src/stores/connect/walletconnect-session.js'
import { FakeWalletConnectController } from '../../fixtures/fake-walletconnect-controller.js'
import { setUpConnection, tearDownConnection, until } from '../connect/support.js'

/** Hardhat's account #2 signs in; #3 is a stranger. */
const SIGNER = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const STRANGER = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')

/** The CACAO a wallet answers `request` with for the signer on chain A (signed by `by`). */
async function cacaoFor(request: WalletConnectAuthRequest, by = SIGNER) {
  const iat = new Date().toISOString()
  const data: SiwxMessageData = {
    accountAddress: SIGNER.address,
    chainId: 'eip155:31337',
    domain: request.domain,
    uri: request.uri,
    version: '1',
    nonce: request.nonce,
    issuedAt: iat,
    ...(request.exp ? { expirationTime: request.exp } : {}),
    ...(request.statement ? { statement: request.statement } : {})
  }
  const signature = await by.signMessage({ message: formatSiwxMessage(data) })
  return {
    h: { t: 'caip122' },
    p: {
      iss: `did:pkh:eip155:31337:${SIGNER.address}`,
      domain: request.domain,
      aud: request.uri,
      version: '1',
      nonce: request.nonce,
      iat,
      ...(request.exp ? { exp: request.exp } : {}),
      ...(request.statement ? { statement: request.statement } : {})
    },
    s: { t: 'eip191', s: signature }
  }
}

describe('sign-in through WalletConnect one-click authentication', () => {
  let controller: FakeWalletConnectController
  let events: KitEvent[]
  let stopEvents: () => void

  function start(withSiwx: boolean) {
    const siwx = createLocalSiwx({ required: true, statement: 'Sign in to the shop' })
    const backend = setUpConnection({
      enableWalletConnect: true,
      networks: [localChainA, localChainB, solanaLocal],
      defaultNetwork: localChainA,
      ...(withSiwx ? { siwx } : {})
    })
    backend.nativeBalanceAnswer = { balance: '1', symbol: 'ETH' }
    if (withSiwx) configureSiwx(siwx)
    controller = new FakeWalletConnectController()
    useWalletConnectController(controller)
    watchSignIn()
  }

  async function proposal() {
    void startWalletConnect()
    // The first message loads the EVM signature code (viem): give it time on a cold dev server.
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    return controller.proposals.at(-1)!
  }

  beforeEach(() => {
    events = []
    stopEvents = onKitEvent(event => events.push(event))
  })
  afterEach(() => {
    stopEvents()
    stopSignInWatch()
    resetSiwx()
    tearDownConnection()
  })

  it('the proposal carries the sign-in request: the page, the eip155 chains, a nonce, the statement', async () => {
    start(true)
    const { authentication } = await proposal()
    expect(authentication).to.include({ domain: location.host, uri: location.href, statement: 'Sign in to the shop' })
    expect(authentication?.chains).to.deep.equal(['eip155:31337', 'eip155:31338'])
    expect(authentication?.nonce).to.match(/^[A-Za-z0-9]{16}$/)
    expect(Date.parse(authentication!.exp!) - Date.now()).to.be.closeTo(86_400_000, 60_000)
  })

  it('the returned CACAO is stored as a session: connected and signed in with one approval', async () => {
    start(true)
    const { authentication } = await proposal()
    controller.cacaos = [await cacaoFor(authentication!)]
    controller.approve({ eip155: { chainId: '31337', addresses: [SIGNER.address] } })
    await until(() => $connection.get().status === 'connected', 'the connection')
    await until(() => $siwx.get().hasSession, 'the session')
    expect($router.get().view).to.not.equal('SIWXSignMessage')
    expect(events.map(event => event.event)).to.deep.equal(['SIWX_AUTH_SUCCESS'])
    const stored = JSON.parse(localStorage.getItem('@appkit-wallet/siwx_sessions')!) as { cacao: unknown }[]
    expect(stored).to.have.length(1)
    expect(stored[0]?.cacao).to.deep.equal(controller.cacaos[0])
  })

  it('a CACAO that cannot be stored (not the account’s signature) disconnects and says so', async () => {
    start(true)
    const { authentication } = await proposal()
    controller.cacaos = [await cacaoFor(authentication!, STRANGER)]
    controller.approve({ eip155: { chainId: '31337', addresses: [SIGNER.address] } })
    await until(() => $walletConnect.get().status === 'failed', 'the failure')
    expect(controller.disconnects).to.equal(1)
    expect($connection.get().status).to.equal('disconnected')
    await until(() => $toast.get().open, 'the toast')
    expect($toast.get().message).to.equal('A problem occurred while trying initialize authentication')
    expect(events.map(event => event.event)).to.deep.equal(['SIWX_AUTH_ERROR'])
    expect(localStorage.getItem('@appkit-wallet/siwx_sessions')).to.equal(null)
  })

  it('a wallet that does not sign in with the proposal: SIWXSignMessage asks after connecting', async () => {
    start(true)
    await proposal()
    controller.approve({ eip155: { chainId: '31337', addresses: [SIGNER.address] } })
    await until(() => $modal.get().open && $router.get().view === 'SIWXSignMessage', 'SIWXSignMessage')
  })

  it('without sign-in the proposal asks for none', async () => {
    start(false)
    const made = await proposal()
    expect(made).to.not.have.property('authentication')
  })

  it('a CACAO becomes the session the wallet signed: its data, the text, the signature', async () => {
    const request = {
      domain: 'shop.example',
      chains: ['eip155:31337'],
      nonce: 'abcdefgh12345678',
      uri: 'https://shop.example/'
    }
    const cacao = await cacaoFor(request)
    const session = sessionFromCacao(cacao)
    expect(session.data).to.include({ accountAddress: SIGNER.address, chainId: 'eip155:31337', domain: 'shop.example' })
    expect(await SIGNER.signMessage({ message: session.message })).to.equal(session.signature)
    expect(() => sessionFromCacao({ ...cacao, p: { ...cacao.p, iss: 'did:pkh:solana:abc:xyz' } })).to.throw()
  })
})
