// WalletConnect's Solana signing for the app's provider (issue 31), over the fake controller:
// solana_signTransaction (a wallet answering only the signature gets it put in the signer's slot),
// solana_signAllTransactions, solana_signMessage with raw bytes; unreadable answers and the wallet's
// own errors; and the provider over it, web3.js classes in and out.
import { expect } from '@open-wc/testing'
import { Keypair, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { solanaTestAccounts } from '../../../local/solana/accounts.js'
import { createSolanaProvider } from '../../../src/adapters/solana/solana-provider.js'
import { createWalletConnectConnector } from '../../../src/connectors/walletconnect/connector.js'
import { SolanaProviderError } from '../../../src/errors/solana-provider-error.js'
import { localChainA, solanaLocal } from '../../../src/networks/definitions.js'
import { decodeBase58, encodeBase58, fromBase64, toBase64 } from '../../../src/utils/base58.js'
import { FakeWalletConnectController } from '../../fixtures/fake-walletconnect-controller.js'
import { rejected } from '../../fixtures/rejected.js'

const CHAIN = solanaLocal.caipNetworkId
const alice = Keypair.fromSecretKey(Uint8Array.from(solanaTestAccounts[0]!.secretKey))
const bob = Keypair.fromSecretKey(Uint8Array.from(solanaTestAccounts[1]!.secretKey))
const SOL = alice.publicKey.toBase58()
const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SIGNATURE = Uint8Array.from({ length: 64 }, (_, index) => index + 1)

/** Bob pays the fee (slot 0), Alice moves the lamports (slot 1): two signers. */
function twoSigners(): Transaction {
  const transaction = new Transaction({ feePayer: bob.publicKey, recentBlockhash: bob.publicKey.toBase58() })
  return transaction.add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 5 }))
}

function v0(): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: alice.publicKey,
    recentBlockhash: bob.publicKey.toBase58(),
    instructions: [SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 6 })]
  }).compileToV0Message()
  return new VersionedTransaction(message)
}

const wire = (transaction: Transaction) =>
  Uint8Array.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false }))

async function session() {
  const controller = new FakeWalletConnectController()
  controller.restorable = {
    eip155: { chainId: '31337', addresses: [EVM] },
    solana: { chainId: solanaLocal.id, addresses: [SOL] }
  }
  const connector = createWalletConnectConnector(controller, 'solana', [localChainA, solanaLocal])
  await connector.reconnect({ network: solanaLocal })
  return { controller, connector }
}

describe('WalletConnect’s Solana signing (issue 31)', () => {
  it('solana_signTransaction { transaction (base64), pubkey } on the chain; the wallet’s signed transaction back', async () => {
    const { controller, connector } = await session()
    const bytes = wire(twoSigners())
    const signedByWallet = bytes.slice()
    signedByWallet.set(SIGNATURE, 1 + 64)
    controller.answer = () => ({ signature: encodeBase58(SIGNATURE), transaction: toBase64(signedByWallet) })
    const [signed] = await connector.solanaSignTransactions!([bytes], SOL, CHAIN)
    expect(controller.requests).to.deep.equal([
      { caipNetworkId: CHAIN, method: 'solana_signTransaction', params: { transaction: toBase64(bytes), pubkey: SOL } }
    ])
    expect([...signed!]).to.deep.equal([...signedByWallet])
  })

  it('a wallet that answers only the signature: it goes in the signer’s slot (here the second), the rest unchanged', async () => {
    const { controller, connector } = await session()
    const bytes = wire(twoSigners())
    controller.answer = () => ({ signature: encodeBase58(SIGNATURE) })
    const [signed] = await connector.solanaSignTransactions!([bytes], SOL, CHAIN)
    const expected = bytes.slice()
    expected.set(SIGNATURE, 1 + 64)
    expect([...signed!]).to.deep.equal([...expected])
    const read = Transaction.from(signed!)
    expect(read.signatures[0]!.signature).to.equal(null)
    expect([...read.signatures[1]!.signature!]).to.deep.equal([...SIGNATURE])
    // The same for a v0 transaction (its version prefix before the header), Alice paying: slot 0.
    const versioned = v0().serialize()
    const [signedV0] = await connector.solanaSignTransactions!([versioned], SOL, CHAIN)
    expect([...VersionedTransaction.deserialize(signedV0!).signatures[0]!]).to.deep.equal([...SIGNATURE])
  })

  it('more than one: solana_signAllTransactions { transactions, pubkey } → { transactions }, in order', async () => {
    const { controller, connector } = await session()
    const first = wire(twoSigners())
    const second = v0().serialize()
    controller.answer = (_method, params) => ({
      transactions: (params as { transactions: string[] }).transactions.map(text => {
        const bytes = fromBase64(text)!
        bytes[1] = 9
        return toBase64(bytes)
      })
    })
    const signed = await connector.solanaSignTransactions!([first, second], SOL, CHAIN)
    expect(controller.requests[0]).to.deep.equal({
      caipNetworkId: CHAIN,
      method: 'solana_signAllTransactions',
      params: { transactions: [toBase64(first), toBase64(second)], pubkey: SOL }
    })
    expect(signed.map(bytes => bytes.length)).to.deep.equal([first.length, second.length])
    expect(signed.map(bytes => bytes[1])).to.deep.equal([9, 9])
  })

  it('signMessageBytes: solana_signMessage with the bytes in base58, the signature’s bytes back', async () => {
    const { controller, connector } = await session()
    controller.answer = () => ({ signature: encodeBase58(SIGNATURE) })
    const message = Uint8Array.of(0, 0xff, 7)
    expect([...(await connector.signMessageBytes!(message, SOL))]).to.deep.equal([...SIGNATURE])
    expect(controller.requests[0]).to.deep.equal({
      caipNetworkId: CHAIN,
      method: 'solana_signMessage',
      params: { message: encodeBase58(message), pubkey: SOL }
    })
    expect(decodeBase58((controller.requests[0]!.params as { message: string }).message)).to.deep.equal(message)
  })

  it('unreadable answers are -32603 errors naming the method; the EVM connector has no Solana signing', async () => {
    const { controller, connector } = await session()
    const bytes = wire(twoSigners())
    for (const [answer, method, call] of [
      [
        { signature: 'not base58 0OIl' },
        'solana_signTransaction',
        () => connector.solanaSignTransactions!([bytes], SOL, CHAIN)
      ],
      [
        { transactions: ['AQID'] },
        'solana_signAllTransactions',
        () => connector.solanaSignTransactions!([bytes, bytes], SOL, CHAIN)
      ],
      [
        { signature: encodeBase58(Uint8Array.of(1, 2)) },
        'solana_signMessage',
        () => connector.signMessageBytes!(Uint8Array.of(1), SOL)
      ]
    ] as const) {
      controller.answer = () => answer
      const error = await rejected(call())
      expect(error).to.be.instanceOf(SolanaProviderError)
      expect(error.message).to.equal(
        `The WalletConnect wallet answered ${method} with no signed transaction or signature`
      )
      expect((error as SolanaProviderError).code).to.equal(-32603)
    }
    const evm = createWalletConnectConnector(controller, 'eip155', [localChainA, solanaLocal])
    expect(evm.solanaSignTransactions).to.equal(undefined)
    expect(evm.signMessageBytes).to.equal(undefined)
  })

  it('the provider over it: the wallet’s JSON-RPC error keeps its code and message; a signed Transaction comes back', async () => {
    const { controller, connector } = await session()
    const provider = createSolanaProvider({ connector, address: SOL, chain: CHAIN })
    controller.answer = () => {
      throw { code: 5000, message: 'User rejected.' }
    }
    const error = await rejected(provider.signTransaction(twoSigners()))
    expect(error).to.be.instanceOf(SolanaProviderError)
    expect([error.message, (error as SolanaProviderError).code]).to.deep.equal(['User rejected.', 5000])

    controller.answer = () => ({ signature: encodeBase58(SIGNATURE) })
    const signed = await provider.signTransaction(twoSigners())
    expect(signed).to.be.instanceOf(Transaction)
    expect([...signed.signatures[1]!.signature!]).to.deep.equal([...SIGNATURE])
    // Sign-and-send: the app's send options go as WalletConnect's sendOptions (no commitment there).
    const sent = await provider.signAndSendTransaction(v0(), { skipPreflight: true, commitment: 'finalized' })
    expect(sent).to.equal(encodeBase58(SIGNATURE))
    expect(controller.requests.at(-1)!.params).to.deep.equal({
      transaction: toBase64(v0().serialize()),
      pubkey: SOL,
      sendOptions: { skipPreflight: true }
    })
  })
})
