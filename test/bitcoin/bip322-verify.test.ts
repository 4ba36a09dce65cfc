/**
 * Sign-in's BIP-322 simple verification (src/siwx/bitcoin-signature.ts, shared by createLocalSiwx
 * and the backend) against the BIP's test vectors (bips/bip-0322.mediawiki: the message hashes of
 * "" and "Hello World", the to_spend ids, the P2WPKH signatures, old and new) and Bitcoin Core's
 * P2TR vector (the BIP's key, "Hello World", SIGHASH_ALL); then the test wallet's signatures
 * (local/wallets/bitcoin-test-wallet/bip322.ts, @scure/btc-signer's sighashes: an independent
 * implementation) on all three networks' prefixes; and every refusal, from the attacker's side.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base64, bech32, bech32m, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { bitcoinTestAccounts, REGTEST_NETWORK } from '../../local/bitcoin/accounts.js'
import { bip322Transactions, signBip322P2tr, signBip322P2wpkh } from '../../local/wallets/bitcoin-test-wallet/bip322.js'
import {
  bip322MessageHash,
  bitcoinAddressPrefix,
  bitcoinSignatureProblem,
  toSpendId
} from '../../src/siwx/bitcoin-signature.js'
import { VECTOR_KEY, VECTOR_P2TR, VECTOR_P2TR_HELLO_WORLD, VECTOR_P2WPKH, VECTORS } from './bip322-vectors.js'

const encode = (text: string) => new TextEncoder().encode(text)
const REGTEST = REGTEST_NETWORK
const NOT_THE_ACCOUNTS = 'the signature is not the account’s'

const VECTOR_KEY_BYTES = btc.WIF().decode(VECTOR_KEY)
const P2WPKH = VECTOR_P2WPKH
const P2TR = VECTOR_P2TR

/** `address` (bech32 or bech32m) written with another network's prefix. */
function withPrefix(address: string, prefix: string): string {
  const encoding = address.includes('1q') ? bech32 : bech32m
  return encoding.encode(prefix, encoding.decode(address as `${string}1${string}`).words)
}

describe('BIP-322 simple verification: the vectors', () => {
  it('the message hashes and to_spend ids of "" and "Hello World"', () => {
    const script = btc.OutScript.encode(btc.Address().decode(P2WPKH))
    for (const vector of VECTORS) {
      assert.equal(hex.encode(bip322MessageHash(encode(vector.message))), vector.hash)
      // A transaction id is shown in reverse byte order.
      assert.equal(hex.encode(toSpendId(script, encode(vector.message)).reverse()), vector.toSpend)
    }
  })

  it('verifies the P2WPKH signatures of the BIP, and each only for its own message', () => {
    for (const vector of VECTORS) {
      for (const signature of [vector.signature, ...vector.otherSignatures]) {
        assert.equal(bitcoinSignatureProblem(P2WPKH, vector.message, signature, 'bc'), undefined)
        const other = vector.message === '' ? 'Hello World' : ''
        assert.equal(bitcoinSignatureProblem(P2WPKH, other, signature, 'bc'), NOT_THE_ACCOUNTS)
      }
    }
  })

  it("verifies Bitcoin Core's P2TR key-path vector (SIGHASH_ALL)", () => {
    assert.equal(bitcoinSignatureProblem(P2TR, 'Hello World', VECTOR_P2TR_HELLO_WORLD, 'bc'), undefined)
    assert.equal(bitcoinSignatureProblem(P2TR, 'Hello World!', VECTOR_P2TR_HELLO_WORLD, 'bc'), NOT_THE_ACCOUNTS)
  })

  it('knows the prefixes of mainnet, testnet and regtest by their CAIP-2 references', () => {
    assert.equal(bitcoinAddressPrefix('000000000019d6689c085ae165831e93'), 'bc')
    assert.equal(bitcoinAddressPrefix('000000000933ea01ad0ee984209779ba'), 'tb')
    assert.equal(bitcoinAddressPrefix('0f9188f13cb7b2c71f2a335e3a4fc328'), 'bcrt')
  })
})

describe("BIP-322 simple verification: the test wallet's signatures on every network", () => {
  const { payment, ordinals } = bitcoinTestAccounts[0]!
  const message = 'app.example wants you to sign in with your Bitcoin account:'
  for (const prefix of ['bc', 'tb', 'bcrt']) {
    it(`P2WPKH and P2TR (SIGHASH_DEFAULT and ALL) on ${prefix}1…`, () => {
      const paymentAddress = withPrefix(payment.address, prefix)
      const ordinalsAddress = withPrefix(ordinals.address, prefix)
      const p2wpkh = signBip322P2wpkh(hex.decode(payment.privateKey), encode(message))
      assert.equal(bitcoinSignatureProblem(paymentAddress, message, p2wpkh, prefix), undefined)
      for (const hashType of [btc.SigHash.DEFAULT, btc.SigHash.ALL]) {
        const p2tr = signBip322P2tr(hex.decode(ordinals.privateKey), encode(message), hashType)
        assert.equal(base64.decode(p2tr).length, hashType === btc.SigHash.DEFAULT ? 66 : 67)
        assert.equal(bitcoinSignatureProblem(ordinalsAddress, message, p2tr, prefix), undefined)
      }
    })
  }
  it('the P2TR signer agrees with the vector key', () => {
    const signature = signBip322P2tr(VECTOR_KEY_BYTES, encode('Hello World'), btc.SigHash.ALL)
    assert.equal(bitcoinSignatureProblem(P2TR, 'Hello World', signature, 'bc'), undefined)
  })
})

describe('BIP-322 simple verification: refusals (the attacker signs what they can)', () => {
  const [alice, mallory] = bitcoinTestAccounts as [(typeof bitcoinTestAccounts)[0], (typeof bitcoinTestAccounts)[0]]
  const message = 'Sign in as Alice'
  const sign = (key: string) => signBip322P2wpkh(hex.decode(key), encode(message))
  const signTr = (key: string) => signBip322P2tr(hex.decode(key), encode(message))

  it("another key's signature for Alice's address", () => {
    assert.equal(
      bitcoinSignatureProblem(alice.payment.address, message, sign(mallory.payment.privateKey), 'bcrt'),
      NOT_THE_ACCOUNTS
    )
    assert.equal(
      bitcoinSignatureProblem(alice.ordinals.address, message, signTr(mallory.ordinals.privateKey), 'bcrt'),
      NOT_THE_ACCOUNTS
    )
    // Alice's own P2WPKH witness is not a P2TR one, and the other way round.
    assert.equal(
      bitcoinSignatureProblem(alice.ordinals.address, message, sign(alice.payment.privateKey), 'bcrt'),
      NOT_THE_ACCOUNTS
    )
    assert.equal(
      bitcoinSignatureProblem(alice.payment.address, message, signTr(alice.ordinals.privateKey), 'bcrt'),
      NOT_THE_ACCOUNTS
    )
  })

  it("Mallory's key put in Alice's witness with Mallory's signature", () => {
    const witness = btc.RawWitness.decode(base64.decode(sign(mallory.payment.privateKey)))
    // Mallory's signature and key: the key's hash is not Alice's program.
    const forged = base64.encode(btc.RawWitness.encode(witness))
    assert.equal(bitcoinSignatureProblem(alice.payment.address, message, forged, 'bcrt'), NOT_THE_ACCOUNTS)
    // Alice's key with Mallory's signature: the ECDSA check fails.
    const alicesKey = base64.encode(btc.RawWitness.encode([witness[0]!, hex.decode(alice.payment.publicKey)]))
    assert.equal(bitcoinSignatureProblem(alice.payment.address, message, alicesKey, 'bcrt'), NOT_THE_ACCOUNTS)
  })

  it("Mallory's key signing the spend of Alice's output (the sighash over Alice's script)", () => {
    const script = btc.OutScript.encode(btc.Address(REGTEST).decode(alice.payment.address))
    const { toSign } = bip322Transactions(script, encode(message))
    const scriptCode = btc.p2pkh(hex.decode(alice.payment.publicKey)).script
    const sighash = toSign.preimageWitnessV0(0, scriptCode, btc.SigHash.ALL, 0n)
    const der = secp256k1.sign(sighash, hex.decode(mallory.payment.privateKey), { lowS: true }).toDERRawBytes()
    const forged = base64.encode(
      btc.RawWitness.encode([new Uint8Array([...der, 0x01]), hex.decode(mallory.payment.publicKey)])
    )
    assert.equal(bitcoinSignatureProblem(alice.payment.address, message, forged, 'bcrt'), NOT_THE_ACCOUNTS)
  })

  it('a message changed after signing', () => {
    const signature = sign(alice.payment.privateKey)
    assert.equal(bitcoinSignatureProblem(alice.payment.address, message, signature, 'bcrt'), undefined)
    assert.equal(
      bitcoinSignatureProblem(alice.payment.address, `${message} and Bob`, signature, 'bcrt'),
      NOT_THE_ACCOUNTS
    )
    const tr = signTr(alice.ordinals.privateKey)
    assert.equal(bitcoinSignatureProblem(alice.ordinals.address, `${message}.`, tr, 'bcrt'), NOT_THE_ACCOUNTS)
  })

  it('a signature with another hash type, a high S, or bytes flipped', () => {
    const witness = btc.RawWitness.decode(base64.decode(sign(alice.payment.privateKey)))
    const [signature, key] = witness as [Uint8Array, Uint8Array]
    const encodeWitness = (items: Uint8Array[]) => base64.encode(btc.RawWitness.encode(items))
    const noneType = encodeWitness([new Uint8Array([...signature.slice(0, -1), 0x02]), key])
    assert.equal(bitcoinSignatureProblem(alice.payment.address, message, noneType, 'bcrt'), NOT_THE_ACCOUNTS)
    // The same signature with S replaced by n - S (valid ECDSA, but BIP-146's low S is the rule).
    const parsed = secp256k1.Signature.fromDER(signature.slice(0, -1))
    const highS = new secp256k1.Signature(parsed.r, secp256k1.CURVE.n - parsed.s).toDERRawBytes()
    assert.equal(
      bitcoinSignatureProblem(
        alice.payment.address,
        message,
        encodeWitness([new Uint8Array([...highS, 0x01]), key]),
        'bcrt'
      ),
      NOT_THE_ACCOUNTS
    )
    const flipped = signature.slice()
    flipped[10] = flipped[10]! ^ 1
    assert.equal(
      bitcoinSignatureProblem(alice.payment.address, message, encodeWitness([flipped, key]), 'bcrt'),
      NOT_THE_ACCOUNTS
    )
    const tr = base64.decode(signTr(alice.ordinals.privateKey))
    const zeroType = base64.encode(new Uint8Array([0x01, 0x41, ...tr.slice(2), 0x00]))
    assert.equal(bitcoinSignatureProblem(alice.ordinals.address, message, zeroType, 'bcrt'), NOT_THE_ACCOUNTS)
  })

  it('a legacy (P2PKH) or P2SH address: not supported, said plainly', () => {
    const legacy = btc.p2pkh(hex.decode(alice.payment.publicKey)).address!
    assert.match(legacy, /^1/)
    assert.match(
      bitcoinSignatureProblem(legacy, message, sign(alice.payment.privateKey), 'bc') ?? '',
      /^BIP-322 simple signatures are not supported for legacy \(P2PKH\) addresses/
    )
    assert.match(
      bitcoinSignatureProblem('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', message, 'AA==', 'tb') ?? '',
      /legacy \(P2PKH\)/
    )
    assert.match(bitcoinSignatureProblem('37qyp7jQAzqb2rCBpMvVtLDuuzKAUCVnJb', message, 'AA==', 'bc') ?? '', /P2SH/)
  })

  it('an address of another network, a P2WSH address, or not an address', () => {
    const signature = sign(alice.payment.privateKey)
    const mainnet = withPrefix(alice.payment.address, 'bc')
    assert.match(
      bitcoinSignatureProblem(mainnet, message, signature, 'bcrt') ?? '',
      /not a Bitcoin address of this chain/
    )
    assert.match(
      bitcoinSignatureProblem(
        'bc1qeklep85ntjz4605drds6aww9u0qr46qzrv5xswd35uhjuj8ahfcqgf6hak',
        message,
        signature,
        'bc'
      ) ?? '',
      /P2WPKH and P2TR \(key path\) addresses only/
    )
    assert.equal(
      bitcoinSignatureProblem('bcrt1qnotanaddress', message, signature, 'bcrt'),
      'the address is not a Bitcoin address'
    )
    // One character changed (the checksum fails), and a version-1 program written in bech32, not bech32m (BIP-350).
    const last = alice.payment.address.at(-1) === 'q' ? 'p' : 'q'
    const typo = `${alice.payment.address.slice(0, -1)}${last}`
    assert.equal(bitcoinSignatureProblem(typo, message, signature, 'bcrt'), 'the address is not a Bitcoin address')
    const taprootWords = bech32m.decode(alice.ordinals.address as `${string}1${string}`).words
    const wrongEncoding = bech32.encode('bcrt', taprootWords)
    assert.equal(
      bitcoinSignatureProblem(wrongEncoding, message, signature, 'bcrt'),
      'the address is not a Bitcoin address'
    )
    // Upper case is the same address; mixed case is none.
    assert.equal(bitcoinSignatureProblem(alice.payment.address.toUpperCase(), message, signature, 'bcrt'), undefined)
    const mixedCase = `BCRT${alice.payment.address.slice(4)}`
    assert.equal(bitcoinSignatureProblem(mixedCase, message, signature, 'bcrt'), 'the address is not a Bitcoin address')
  })

  it('garbage base64, a truncated witness, trailing bytes, or an empty signature', () => {
    const refused = 'the signature is not a BIP-322 simple signature (the base64 of a witness)'
    const address = alice.payment.address
    const witness = base64.decode(sign(alice.payment.privateKey))
    for (const signature of [
      '!!!not base64!!!',
      'AkcwRAIg',
      base64.encode(witness.slice(0, -1)),
      base64.encode(new Uint8Array([...witness, 0])),
      '0x3045022100',
      ''
    ]) {
      assert.equal(bitcoinSignatureProblem(address, message, signature, 'bcrt'), refused, JSON.stringify(signature))
    }
    // A well-formed witness with nothing in it.
    assert.equal(
      bitcoinSignatureProblem(address, message, base64.encode(new Uint8Array([0])), 'bcrt'),
      NOT_THE_ACCOUNTS
    )
  })
})
