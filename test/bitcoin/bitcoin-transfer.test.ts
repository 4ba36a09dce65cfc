/**
 * The Send flow's Bitcoin address and fee rules (src/adapters/bitcoin/bitcoin-transfer.ts), without a
 * node: receiverProblem on each network for each address type (BIP-173/350 and base58check
 * vectors), and readFeeRate's target and floor over a stubbed Esplora /fee-estimates.
 */
import assert from 'node:assert/strict'
import { afterEach, test } from 'node:test'
import { readFeeRate, receiverProblem } from '../../src/adapters/bitcoin/bitcoin-transfer.js'
import { bitcoin, bitcoinTestnet } from '../../src/networks/definitions.js'
import { localBitcoin } from '../../src/networks/local-bitcoin.js'

const MAINNET = {
  p2wpkh: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  p2wsh: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  p2tr: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  p2pkh: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'
}
const TESTNET = {
  p2wpkh: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  p2pkh: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
  p2sh: '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'
}
const REGTEST_P2WPKH = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

test('every address type of a network is accepted there, upper case too', () => {
  for (const address of Object.values(MAINNET)) assert.equal(receiverProblem(bitcoin, address), undefined, address)
  assert.equal(receiverProblem(bitcoin, MAINNET.p2wpkh.toUpperCase()), undefined)
  for (const address of Object.values(TESTNET))
    assert.equal(receiverProblem(bitcoinTestnet, address), undefined, address)
  assert.equal(receiverProblem(localBitcoin, REGTEST_P2WPKH), undefined)
  // Regtest shares testnet's base58 version bytes: a testnet legacy address is a regtest one too.
  assert.equal(receiverProblem(localBitcoin, TESTNET.p2pkh), undefined)
  assert.equal(receiverProblem(localBitcoin, TESTNET.p2sh), undefined)
})

test("another Bitcoin network's address is 'network', on regtest, testnet and mainnet", () => {
  for (const address of Object.values(MAINNET)) assert.equal(receiverProblem(localBitcoin, address), 'network', address)
  for (const address of Object.values(MAINNET))
    assert.equal(receiverProblem(bitcoinTestnet, address), 'network', address)
  assert.equal(receiverProblem(localBitcoin, TESTNET.p2wpkh), 'network')
  assert.equal(receiverProblem(bitcoin, TESTNET.p2wpkh), 'network')
  assert.equal(receiverProblem(bitcoin, TESTNET.p2pkh), 'network')
  assert.equal(receiverProblem(bitcoin, REGTEST_P2WPKH), 'network')
})

test("a bad checksum, mixed case, the wrong bech32 variant or an unknown program is 'invalid'", () => {
  const flipped = MAINNET.p2wpkh.slice(0, -1) + (MAINNET.p2wpkh.endsWith('4') ? '5' : '4')
  assert.equal(receiverProblem(bitcoin, flipped), 'invalid')
  assert.equal(receiverProblem(bitcoin, 'bc1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'), 'invalid')
  // BIP-350: a witness v1 program in bech32 (not bech32m), and a v0 program in bech32m.
  assert.equal(receiverProblem(bitcoin, 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'), 'invalid')
  assert.equal(receiverProblem(bitcoin, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'), 'invalid')
  // A valid bech32m address of witness v16 (BIP-350's vector): no output the kit pays to.
  assert.equal(receiverProblem(bitcoin, 'BC1SW50QGDZ25J'), 'invalid')
  assert.equal(receiverProblem(bitcoin, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'), 'invalid')
  assert.equal(receiverProblem(bitcoin, 'not an address'), 'invalid')
})

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

function feeEstimates(answer: unknown): string[] {
  const asked: string[] = []
  globalThis.fetch = (async (input: string | URL | Request) => {
    asked.push(String(input))
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  return asked
}

test('the fee rate is the 3-block estimate, else the nearest slower target listed, at least 1 sat/vB', async () => {
  const asked = feeEstimates({ '1': 9, '2': 6, '3': 4.2, '6': 2 })
  assert.equal(await readFeeRate(localBitcoin), 4.2)
  assert.deepEqual(asked, ['http://127.0.0.1:18443/fee-estimates'])
  feeEstimates({ '1': 9, '2': 6, '4': 3.5, '144': 1.2 })
  assert.equal(await readFeeRate(localBitcoin), 3.5)
  feeEstimates({ '1': 9, '2': 6 })
  assert.equal(await readFeeRate(localBitcoin), 6)
  feeEstimates({ '3': 0.25 })
  assert.equal(await readFeeRate(localBitcoin), 1)
  feeEstimates({})
  assert.equal(await readFeeRate(localBitcoin), 1)
  feeEstimates({ '3': 'fast' })
  await assert.rejects(readFeeRate(localBitcoin))
})
