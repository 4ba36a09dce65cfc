/**
 * The Bitcoin test wallet's BIP-322 simple signatures (local/wallets/bitcoin-test-wallet/bip322.ts)
 * against the BIP's own test vectors: the message hashes, the to_spend and to_sign transaction ids,
 * and the P2WPKH signatures byte for byte (Core's low-R grinding included); and a signature by a
 * local test account verifies against its key over the sighash it commits to.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { bitcoinTestAccounts } from '../../local/bitcoin/accounts.js'
import {
  bip322MessageHash,
  bip322Transactions,
  signBip322P2wpkh
} from '../../local/wallets/bitcoin-test-wallet/bip322.js'
import { VECTOR_KEY, VECTOR_P2WPKH, VECTORS } from './bip322-vectors.js'

const encode = (text: string) => new TextEncoder().encode(text)
test('BIP-322 test vectors: message hashes, to_spend and to_sign ids, P2WPKH simple signatures', () => {
  const key = btc.WIF().decode(VECTOR_KEY)
  const script = btc.OutScript.encode(btc.Address().decode(VECTOR_P2WPKH))
  for (const vector of VECTORS) {
    assert.equal(hex.encode(bip322MessageHash(encode(vector.message))), vector.hash)
    const { toSpend, toSign } = bip322Transactions(script, encode(vector.message))
    assert.equal(toSpend.id, vector.toSpend)
    assert.equal(toSign.id, vector.toSign)
    assert.equal(signBip322P2wpkh(key, encode(vector.message)), vector.signature, JSON.stringify(vector.message))
  }
})

test("a test account's signature is its key's over the BIP-143 sighash of to_sign", () => {
  const { payment } = bitcoinTestAccounts[0]!
  const key = hex.decode(payment.privateKey)
  const message = encode('Sign in to appkit-elements')
  const witness = btc.RawWitness.decode(base64.decode(signBip322P2wpkh(key, message)))
  assert.equal(witness.length, 2)
  const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
  assert.equal(hex.encode(publicKey), payment.publicKey)
  assert.equal(signature.at(-1), btc.SigHash.ALL)
  const script = btc.p2wpkh(publicKey, { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }).script
  const { toSign } = bip322Transactions(script, message)
  const sighash = toSign.preimageWitnessV0(0, btc.p2pkh(publicKey).script, btc.SigHash.ALL, 0n)
  const der = signature.slice(0, -1)
  assert.equal(secp256k1.verify(der, sighash, publicKey, { format: 'der' }), true)
  // Another message's sighash does not verify with it.
  const other = bip322Transactions(script, encode('another message')).toSign
  const otherHash = other.preimageWitnessV0(0, btc.p2pkh(publicKey).script, btc.SigHash.ALL, 0n)
  assert.equal(secp256k1.verify(der, otherHash, publicKey, { format: 'der' }), false)
})
