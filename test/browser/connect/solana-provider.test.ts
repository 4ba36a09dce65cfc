// The app's Solana provider (issue 31: getWalletProvider('solana')) over a Wallet Standard wallet
// that signs for real with a local test key (test/fixtures/standard-wallet.ts, Alice's key):
// web3.js legacy and v0 transactions signed and verified with ed25519 over their message bytes,
// the class the app passed coming back, messages as raw bytes, sign-and-send's base58 signature,
// the wallet's errors with their code and text, and the events the kit raises through emit.
import { expect } from '@open-wc/testing'
import { ed25519 } from '@noble/curves/ed25519'
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction
} from '@solana/web3.js'
import { solanaTestAccounts } from '../../../local/solana/accounts.js'
import { createSolanaProvider } from '../../../src/adapters/solana/solana-provider.js'
import { createWalletStandardConnector } from '../../../src/adapters/solana/wallet-standard-connector.js'
import type { StandardWallet } from '../../../src/adapters/solana/wallet-standard.js'
import { SolanaProviderError } from '../../../src/errors/solana-provider-error.js'
import { solanaLocal } from '../../../src/networks/definitions.js'
import { encodeBase58 } from '../../../src/utils/base58.js'
import { rejected } from '../../fixtures/rejected.js'
import { FakeStandardWallet, SOLANA_ADDRESS, SOLANA_ADDRESS_2 } from '../../fixtures/standard-wallet.js'

const CHAIN = solanaLocal.caipNetworkId
const alice = Keypair.fromSecretKey(Uint8Array.from(solanaTestAccounts[0]!.secretKey))
const bob = Keypair.fromSecretKey(Uint8Array.from(solanaTestAccounts[1]!.secretKey))
/** Any 32 bytes serve as the blockhash: nothing is sent. */
const BLOCKHASH = bob.publicKey.toBase58()

function legacyTransfer(lamports = 1000): Transaction {
  const transaction = new Transaction({ feePayer: alice.publicKey, recentBlockhash: BLOCKHASH })
  return transaction.add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports }))
}

function v0Transfer(lamports = 2000): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: alice.publicKey,
    recentBlockhash: BLOCKHASH,
    instructions: [SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports })]
  }).compileToV0Message()
  return new VersionedTransaction(message)
}

async function connected(wallet = new FakeStandardWallet()) {
  const connector = createWalletStandardConnector(wallet as unknown as StandardWallet)
  const { address } = await connector.connect({ network: solanaLocal })
  return { wallet, connector, provider: createSolanaProvider({ connector, address, chain: CHAIN }) }
}

const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

describe('the Wallet Standard connector’s Solana signing (issue 31)', () => {
  it('the fake holds Alice’s key (the test accounts’ first)', () => {
    expect(SOLANA_ADDRESS).to.equal(alice.publicKey.toBase58())
  })

  it('solanaSignTransactions: solana:signTransaction with the wallet’s account object, the chain and the wire bytes; the signed bytes back', async () => {
    const { wallet, connector } = await connected()
    const bytes = legacyTransfer().serialize({ requireAllSignatures: false, verifySignatures: false })
    const [signed] = await connector.solanaSignTransactions!([bytes], SOLANA_ADDRESS, CHAIN)
    expect(wallet.signTransactionInputs).to.have.length(1)
    const [input] = wallet.signTransactionInputs
    expect(input!.account).to.equal(wallet.accounts[0])
    expect(input!.chain).to.equal(CHAIN)
    expect([...input!.transaction]).to.deep.equal([...bytes])
    expect(Transaction.from(signed!).verifySignatures()).to.equal(true)
  })

  it('an answer that is not the standard’s, a wallet without the feature, an unknown account: typed errors', async () => {
    const { wallet, connector } = await connected()
    const bytes = legacyTransfer().serialize({ requireAllSignatures: false, verifySignatures: false })
    wallet.signTransactionAnswer = () => [{ signature: new Uint8Array(64) }]
    const unreadable = await rejected(connector.solanaSignTransactions!([bytes], SOLANA_ADDRESS, CHAIN))
    expect(unreadable).to.be.instanceOf(SolanaProviderError)
    expect((unreadable as SolanaProviderError).code).to.equal(-32603)
    wallet.signTransactionAnswer = () => []
    const short = await rejected(connector.solanaSignTransactions!([bytes], SOLANA_ADDRESS, CHAIN))
    expect(short.message).to.equal('Fake Solana Wallet answered solana:signTransaction with 0 transactions for 1')

    const unknown = await rejected(connector.solanaSignTransactions!([bytes], SOLANA_ADDRESS_2, CHAIN))
    expect(unknown.name).to.equal('AccountNotFoundError')

    const bare = new FakeStandardWallet('Bare Wallet')
    const withoutSigning = Object.create(bare, {
      features: { get: () => ({ 'standard:connect': bare.features['standard:connect'] }) }
    }) as FakeStandardWallet
    const plain = createWalletStandardConnector(withoutSigning as unknown as StandardWallet)
    await plain.connect({ network: solanaLocal })
    const missing = await rejected(plain.solanaSignTransactions!([bytes], SOLANA_ADDRESS, CHAIN))
    expect(missing.message).to.equal('Bare Wallet has no solana:signTransaction feature')
    expect((missing as SolanaProviderError).code).to.equal(4200)
  })

  it('signMessageBytes: any bytes as they are (not only UTF-8), the signature back', async () => {
    const { wallet, connector } = await connected()
    const message = Uint8Array.of(0xff, 0x00, 0xfe, 0x80)
    const signature = await connector.signMessageBytes!(message, SOLANA_ADDRESS)
    expect([...wallet.signMessageInputs[0]!.message]).to.deep.equal([...message])
    expect(ed25519.verify(signature, message, alice.publicKey.toBytes())).to.equal(true)
  })
})

describe('the app’s Solana provider over a Wallet Standard wallet (issue 31)', () => {
  it('publicKey is the account’s, as a web3.js PublicKey', async () => {
    const { provider } = await connected()
    expect(provider.publicKey).to.be.instanceOf(PublicKey)
    expect(provider.publicKey.toBase58()).to.equal(SOLANA_ADDRESS)
  })

  it('signTransaction(Transaction): a legacy Transaction back, its fee payer’s signature verifying over the message bytes', async () => {
    const { provider } = await connected()
    const transaction = legacyTransfer()
    const signed = await provider.signTransaction(transaction)
    expect(signed).to.be.instanceOf(Transaction)
    expect(signed).to.not.equal(transaction)
    expect(signed.signature).to.have.length(64)
    expect(ed25519.verify(signed.signature!, signed.serializeMessage(), provider.publicKey.toBytes())).to.equal(true)
    expect(signed.verifySignatures()).to.equal(true)
    // The same transaction: the message the app built is what was signed.
    expect([...signed.serializeMessage()]).to.deep.equal([...transaction.serializeMessage()])
  })

  it('signTransaction(VersionedTransaction): a v0 VersionedTransaction back, signed in its signer slot', async () => {
    const { provider } = await connected()
    const transaction = v0Transfer()
    const signed = await provider.signTransaction(transaction)
    expect(signed).to.be.instanceOf(VersionedTransaction)
    expect(signed.version).to.equal(0)
    const message = signed.message.serialize()
    expect([...message]).to.deep.equal([...transaction.message.serialize()])
    expect(ed25519.verify(signed.signatures[0]!, message, alice.publicKey.toBytes())).to.equal(true)
  })

  it('signAllTransactions: one request for all, each back in order as its own class, each verifying', async () => {
    const { wallet, provider } = await connected()
    const [legacy, versioned] = await provider.signAllTransactions([legacyTransfer(3000), v0Transfer(4000)])
    expect(wallet.signTransactionInputs).to.have.length(2)
    expect(legacy).to.be.instanceOf(Transaction)
    expect(versioned).to.be.instanceOf(VersionedTransaction)
    const signedLegacy = legacy as Transaction
    const signedV0 = versioned as VersionedTransaction
    expect(signedLegacy.verifySignatures()).to.equal(true)
    expect(ed25519.verify(signedV0.signatures[0]!, signedV0.message.serialize(), alice.publicKey.toBytes())).to.equal(
      true
    )
    expect(await provider.signAllTransactions([])).to.deep.equal([])
  })

  it('signMessage(bytes): the signature verifies against publicKey', async () => {
    const { provider } = await connected()
    const message = new TextEncoder().encode('Sign in to the app ✓')
    const signature = await provider.signMessage(message)
    expect(signature).to.be.instanceOf(Uint8Array)
    expect(ed25519.verify(signature, message, provider.publicKey.toBytes())).to.equal(true)
  })

  it('signAndSendTransaction: the wallet’s solana:signAndSendTransaction on the chain, its signature back in base58', async () => {
    const { wallet, provider } = await connected()
    const signature = Uint8Array.from({ length: 64 }, (_, index) => index + 1)
    wallet.sendAnswer = () => [{ signature }]
    const transaction = v0Transfer()
    expect(await provider.signAndSendTransaction(transaction)).to.equal(encodeBase58(signature))
    expect(wallet.sendInputs[0]!.chain).to.equal(CHAIN)
    expect([...wallet.sendInputs[0]!.transaction]).to.deep.equal([...transaction.serialize()])
    expect(wallet.sendInputs[0]!.options).to.deep.equal({ commitment: 'confirmed' })
    // The app's send options reach the wallet, over the kit's default commitment.
    await provider.signAndSendTransaction(legacyTransfer(), { skipPreflight: true, commitment: 'finalized' })
    expect(wallet.sendInputs[1]!.options).to.deep.equal({ commitment: 'finalized', skipPreflight: true })
  })

  it('the wallet’s refusal reaches the app with its code and text, on every method', async () => {
    const { wallet, provider } = await connected()
    wallet.signTransactionAnswer = () => {
      throw rejection()
    }
    wallet.signMessageAnswer = () => {
      throw rejection()
    }
    wallet.sendAnswer = () => {
      throw Object.assign(new Error('Transaction simulation failed: insufficient funds'), { code: -32002 })
    }
    for (const failing of [
      provider.signTransaction(legacyTransfer()),
      provider.signAllTransactions([v0Transfer()]),
      provider.signMessage(Uint8Array.of(1))
    ]) {
      const error = await rejected(failing)
      expect(error).to.be.instanceOf(SolanaProviderError)
      expect(error.message).to.equal('User rejected the request.')
      expect((error as SolanaProviderError).code).to.equal(4001)
    }
    const sendFailure = await rejected(provider.signAndSendTransaction(legacyTransfer()))
    expect(sendFailure).to.be.instanceOf(SolanaProviderError)
    expect(sendFailure.message).to.equal('Transaction simulation failed: insufficient funds')
    expect((sendFailure as SolanaProviderError).code).to.equal(-32002)
  })

  it('a connector without Solana signing: a 4200 error naming what it cannot do', async () => {
    const { connector } = await connected()
    const provider = createSolanaProvider({
      connector: { ...connector, name: 'Old Wallet', solanaSignTransactions: undefined, signMessageBytes: undefined },
      address: SOLANA_ADDRESS,
      chain: CHAIN
    })
    const error = await rejected(provider.signTransaction(legacyTransfer()))
    expect(error.message).to.equal('Old Wallet cannot sign Solana transactions')
    expect((error as SolanaProviderError).code).to.equal(4200)
    expect((await rejected(provider.signMessage(Uint8Array.of(1)))).message).to.equal('Old Wallet cannot sign messages')
  })

  it('events: emit moves the account (publicKey follows) and the network; equal values raise nothing; removeListener stops', async () => {
    const { provider } = await connected()
    const heard: unknown[] = []
    const onAccount = (key: PublicKey) => heard.push(['accountsChanged', key.toBase58()])
    const onChain = (chain: string) => heard.push(['chainChanged', chain])
    const onDisconnect = () => heard.push(['disconnect'])
    provider.on('accountsChanged', onAccount)
    provider.on('chainChanged', onChain)
    provider.on('disconnect', onDisconnect)
    provider.emit('accountsChanged', SOLANA_ADDRESS)
    provider.emit('accountsChanged', SOLANA_ADDRESS_2)
    expect(provider.publicKey.toBase58()).to.equal(SOLANA_ADDRESS_2)
    provider.emit('chainChanged', CHAIN)
    provider.emit('chainChanged', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    provider.emit('disconnect', undefined)
    provider.removeListener('accountsChanged', onAccount)
    provider.emit('accountsChanged', SOLANA_ADDRESS)
    expect(heard).to.deep.equal([
      ['accountsChanged', SOLANA_ADDRESS_2],
      ['chainChanged', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
      ['disconnect']
    ])
  })

  it('after the account moved, signing asks for the new account (the fake has no key for it: its refusal)', async () => {
    const { wallet, provider } = await connected(
      new FakeStandardWallet('Two', { addresses: [SOLANA_ADDRESS, SOLANA_ADDRESS_2] })
    )
    provider.emit('accountsChanged', SOLANA_ADDRESS_2)
    const error = await rejected(provider.signMessage(Uint8Array.of(1)))
    expect(wallet.signMessageInputs[0]!.account.address).to.equal(SOLANA_ADDRESS_2)
    expect(error.message).to.equal(`The fake wallet holds no key for ${SOLANA_ADDRESS_2}.`)
    expect((error as SolanaProviderError).code).to.equal(4100)
  })
})
