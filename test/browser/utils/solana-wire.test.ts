// The helpers under the app's Solana provider (issue 31): base64 read back (fromBase64) and a
// signature put in its signer's slot of a wire transaction (withSignature), which WalletConnect
// wallets that answer solana_signTransaction with the signature alone need.
import { expect } from '@open-wc/testing'
import { Keypair, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { solanaTestAccounts } from '../../../local/solana/accounts.js'
import { fromBase64, toBase64 } from '../../../src/utils/base58.js'
import { withSignature } from '../../../src/utils/solana-wire.js'

const [alice, bob, carol] = solanaTestAccounts
  .slice(0, 3)
  .map(account => Keypair.fromSecretKey(Uint8Array.from(account.secretKey))) as [Keypair, Keypair, Keypair]
const SIGNATURE = new Uint8Array(64).fill(0xab)

describe('fromBase64', () => {
  it('reads back what toBase64 wrote, every byte value and padding', () => {
    for (const length of [0, 1, 2, 3, 64, 255]) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 37) % 256)
      expect([...fromBase64(toBase64(bytes))!]).to.deep.equal([...bytes])
    }
  })

  it('is undefined for text that is not base64', () => {
    for (const text of ['a-b_', 'AQID=A', 'not base64!', 'A', '===='])
      expect(fromBase64(text), text).to.equal(undefined)
  })
})

describe('withSignature (issue 31)', () => {
  it('a legacy transaction with three signers: the signature lands in the named signer’s slot only', () => {
    const transaction = new Transaction({ feePayer: alice.publicKey, recentBlockhash: bob.publicKey.toBase58() })
    transaction.add(
      SystemProgram.transfer({ fromPubkey: bob.publicKey, toPubkey: alice.publicKey, lamports: 1 }),
      SystemProgram.transfer({ fromPubkey: carol.publicKey, toPubkey: alice.publicKey, lamports: 1 })
    )
    const wire = Uint8Array.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false }))
    const signed = withSignature(wire, carol.publicKey.toBase58(), SIGNATURE)!
    const read = Transaction.from(signed)
    const slots = read.signatures.map(entry => [
      entry.publicKey.toBase58(),
      entry.signature ? entry.signature[0] : null
    ])
    expect(slots).to.deep.equal([
      [alice.publicKey.toBase58(), null],
      [bob.publicKey.toBase58(), null],
      [carol.publicKey.toBase58(), 0xab]
    ])
    expect([...read.serializeMessage()]).to.deep.equal([...transaction.serializeMessage()])
  })

  it('a v0 transaction: past its version prefix, in the payer’s slot', () => {
    const message = new TransactionMessage({
      payerKey: bob.publicKey,
      recentBlockhash: alice.publicKey.toBase58(),
      instructions: [SystemProgram.transfer({ fromPubkey: bob.publicKey, toPubkey: alice.publicKey, lamports: 1 })]
    }).compileToV0Message()
    const signed = withSignature(new VersionedTransaction(message).serialize(), bob.publicKey.toBase58(), SIGNATURE)!
    expect([...VersionedTransaction.deserialize(signed).signatures[0]!]).to.deep.equal([...SIGNATURE])
  })

  it('undefined when the key is not a signer, the bytes are cut short, or the signature is not 64 bytes', () => {
    const transaction = new Transaction({ feePayer: alice.publicKey, recentBlockhash: bob.publicKey.toBase58() })
    transaction.add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1 }))
    const wire = Uint8Array.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false }))
    expect(withSignature(wire, bob.publicKey.toBase58(), SIGNATURE)).to.equal(undefined)
    expect(withSignature(wire.slice(0, 80), alice.publicKey.toBase58(), SIGNATURE)).to.equal(undefined)
    expect(withSignature(wire, alice.publicKey.toBase58(), SIGNATURE.slice(1))).to.equal(undefined)
    expect(withSignature(Uint8Array.of(), alice.publicKey.toBase58(), SIGNATURE)).to.equal(undefined)
  })
})
