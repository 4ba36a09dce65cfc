/**
 * Sign-in with a Bitcoin account (issue 34): the real AppKit Bitcoin Test Wallet (approving by
 * itself) connected through the Wallet Standard, createLocalSiwx required. The kit writes a CAIP-122
 * message for Bitcoin, asks the wallet's bitcoin:signMessage (BIP-322 simple), and the local
 * implementation verifies it in the browser (src/siwx/bitcoin-signature.ts, a lazy chunk) before it
 * keeps the session: P2WPKH (the payment address) and P2TR (the ordinals address, for an app that
 * prefers the 'ordinal' account type); a signature by another key is refused.
 */
import { expect } from '@open-wc/testing'
import { hex } from '@scure/base'
import sinon from 'sinon'
import { bitcoinTestAccounts } from '../../../local/bitcoin/accounts.js'
import { signBip322P2wpkh } from '../../../local/wallets/bitcoin-test-wallet/bip322.js'
import { BitcoinTestWallet, BITCOIN_TEST_WALLET_NAME } from '../../../local/wallets/bitcoin-test-wallet/wallet.js'
import { bitcoinAdapter, localBitcoin } from '../../../src/adapters/bitcoin/index.js'
import { resetBitcoinConnectors } from '../../../src/adapters/bitcoin/connectors.js'
import { resetWalletStandardDiscovery } from '../../../src/adapters/solana/wallet-standard.js'
import { createLocalSiwx } from '../../../src/siwx/factories.js'
import type { SiwxSession } from '../../../src/siwx/types.js'
import { activeConnector, connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $modal } from '../../../src/stores/modal.js'
import { $router } from '../../../src/stores/router.js'
import { $siwx, configureSiwx, resetSiwx } from '../../../src/stores/siwx/state.js'
import { signIn, stopSignInWatch, watchSignIn } from '../../../src/stores/siwx/flow.js'
import { $toast } from '../../../src/stores/toast.js'
import { registerStandardWallet } from '../../fixtures/standard-wallet.js'
import { rejection } from '../rejection.js'
import { setUpConnection, tearDownConnection, until } from '../connect/support.js'

const [alice, bob] = bitcoinTestAccounts as [(typeof bitcoinTestAccounts)[0], (typeof bitcoinTestAccounts)[0]]
const CAIP = localBitcoin.caipNetworkId
const KEY = '@appkit-wallet/siwx_sessions'

describe('sign-in with a Bitcoin account (BIP-322, createLocalSiwx)', () => {
  let unregister: (() => void) | undefined

  /** The wallet connected with `options` (the app's account type) and SIWXSignMessage open. */
  async function start(options: { defaultAccountTypes?: { bip122: 'ordinal' } } = {}): Promise<void> {
    localStorage.clear()
    resetWalletStandardDiscovery()
    resetBitcoinConnectors()
    const siwx = createLocalSiwx({ required: true, statement: 'Sign in to the shop' })
    const backend = setUpConnection({ adapters: [bitcoinAdapter()], networks: [localBitcoin], siwx, ...options })
    backend.nativeBalanceAnswer = { balance: '10', symbol: 'BTC' }
    configureSiwx(siwx)
    unregister = registerStandardWallet(
      new BitcoinTestWallet({
        account: alice,
        label: 'Alice (test account)',
        chains: ['bitcoin:regtest', CAIP],
        autoApprove: true,
        storageKey: 'siwx-bitcoin-test-wallet'
      })
    )
    await loadConnectors()
    watchSignIn()
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(true)
    await until(() => $modal.get().open && $router.get().view === 'SIWXSignMessage', 'SIWXSignMessage')
  }
  afterEach(() => {
    sinon.restore()
    stopSignInWatch()
    resetSiwx()
    unregister?.()
    resetWalletStandardDiscovery()
    tearDownConnection()
    localStorage.clear()
  })

  it('signs a CAIP-122 message for Bitcoin with BIP-322 and keeps the session verified here', async () => {
    await start()
    const connector = activeConnector()!
    const asked = sinon.spy(connector, 'signMessage')
    expect(await signIn()).to.equal(true)
    const [text, address] = asked.firstCall.args as [string, string]
    expect(address).to.equal(alice.payment.address)
    const escaped = location.href.replace(/[.?*+()[\]\\]/g, '\\$&')
    expect(text).to.match(
      new RegExp(
        `^${location.host} wants you to sign in with your Bitcoin account:\n${alice.payment.address}\n\nSign in to the shop\n\nURI: ${escaped}\nVersion: 1\nChain ID: ${CAIP}\nNonce: [A-Za-z0-9]{16}\nIssued At: `
      )
    )
    // The wallet's answer is a BIP-322 simple signature: base64 of a two-item witness.
    expect(await asked.firstCall.returnValue).to.match(/^AkgwRQIhA|^AkcwRAIg/)
    expect($modal.get().open).to.equal(false)
    expect($siwx.get()).to.include({ hasSession: true, status: 'idle' })
    const stored = JSON.parse(localStorage.getItem(KEY)!) as SiwxSession[]
    expect(stored.map(session => [session.data.chainId, session.data.accountAddress])).to.deep.equal([
      [CAIP, alice.payment.address]
    ])
  })

  it('a signature by another key is refused: "Signature declined", no session kept', async () => {
    await start()
    const connector = activeConnector()!
    // A wallet answering with Bob's key for Alice's address.
    sinon
      .stub(connector, 'signMessage')
      .callsFake(async (message: string) =>
        signBip322P2wpkh(hex.decode(bob.payment.privateKey), new TextEncoder().encode(message))
      )
    const warn = sinon.stub(console, 'warn')
    expect(await signIn()).to.equal(false)
    await until(() => $toast.get().open && $toast.get().message === 'Signature declined', 'Signature declined')
    expect(String(warn.firstCall?.args[1])).to.include('the signature is not the account’s')
    expect(localStorage.getItem(KEY)).to.equal(null)
    expect($siwx.get().hasSession).to.equal(false)
  })

  it("the 'ordinal' account type signs in with the ordinals address: a P2TR key-path signature, verified here", async () => {
    await start({ defaultAccountTypes: { bip122: 'ordinal' } })
    const asked = sinon.spy(activeConnector()!, 'signMessage')
    expect(await signIn()).to.equal(true)
    expect(asked.firstCall.args[1]).to.equal(alice.ordinals.address)
    // One witness item: a 64-byte Schnorr signature (SIGHASH_DEFAULT), 66 bytes serialized.
    expect(atob(await asked.firstCall.returnValue)).to.have.length(66)
    const stored = JSON.parse(localStorage.getItem(KEY)!) as SiwxSession[]
    expect(stored.map(session => session.data.accountAddress)).to.deep.equal([alice.ordinals.address])
  })
})

describe('createLocalSiwx refuses forged Bitcoin sessions (the attacker hands them in directly)', () => {
  const siwx = createLocalSiwx()
  const refusal = async (session: SiwxSession) => (await rejection(siwx.addSession(session)))?.message

  /** A session for `address` whose text is signed by `sign`. */
  async function session(
    address: string,
    sign: (text: string) => string,
    chainId: string = CAIP
  ): Promise<SiwxSession> {
    const message = await siwx.createMessage({ accountAddress: address, chainId })
    const { toString: _text, ...data } = message
    const text = message.toString()
    return { data, message: text, signature: sign(text) }
  }
  const byKey = (key: string) => (text: string) => signBip322P2wpkh(hex.decode(key), new TextEncoder().encode(text))

  beforeEach(() => localStorage.clear())
  afterEach(() => localStorage.clear())

  it('another key, a message changed after signing, a legacy address, garbage base64: each refused, nothing kept', async () => {
    const genuine = await session(alice.payment.address, byKey(alice.payment.privateKey))
    const edited = {
      ...genuine,
      data: { ...genuine.data, statement: 'Send me everything' },
      message: genuine.message.replace('\n\nURI:', '\nSend me everything\n\nURI:')
    }
    expect(await refusal(edited)).to.equal('The sign-in session was refused: the signature is not the account’s')
    expect(await refusal(await session(alice.payment.address, byKey(bob.payment.privateKey)))).to.equal(
      'The sign-in session was refused: the signature is not the account’s'
    )
    const legacy = await session(
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      () => 'AA==',
      'bip122:000000000933ea01ad0ee984209779ba'
    )
    expect(await refusal(legacy)).to.match(
      /^The sign-in session was refused: BIP-322 simple signatures are not supported for legacy \(P2PKH\) addresses/
    )
    expect(await refusal(await session(alice.payment.address, () => '%%%'))).to.equal(
      'The sign-in session was refused: the signature is not a BIP-322 simple signature (the base64 of a witness)'
    )
    expect(localStorage.getItem(KEY)).to.equal(null)
    // The genuine one is kept.
    await siwx.addSession(genuine)
    expect(await siwx.getSessions(CAIP, alice.payment.address)).to.deep.equal([genuine])
  })
})
