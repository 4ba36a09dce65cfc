/**
 * The deterministic start state: Core's regtest genesis block, then block 1, whose coinbase pays
 * each test account's payment address two outputs and its ordinals address one, and the faucet
 * the rest of the 50 BTC reward. That coinbase is spendable at once (the only exception to the
 * 100-block coinbase maturity); its txid is the same on every start (it does not depend on the
 * block's time), so the test accounts' outputs are too.
 */
import { bitcoinFaucet, bitcoinTestAccounts, TEST_ORDINALS_OUTPUT_SATS, TEST_PAYMENT_OUTPUTS_SATS } from './accounts.js'
import { BitcoinChain } from './chain.js'
import { addressScript } from './script-info.js'
import type { TxOutput } from './tx-codec.js'

export function scriptOf(address: string): Uint8Array {
  const script = addressScript(address)
  if (!script) throw new Error(`not a regtest address: ${address}`)
  return script
}

export function createTestChain(): BitcoinChain {
  const chain = new BitcoinChain()
  const funding: TxOutput[] = bitcoinTestAccounts.flatMap(account => [
    ...TEST_PAYMENT_OUTPUTS_SATS.map(sats => ({ value: BigInt(sats), script: scriptOf(account.payment.address) })),
    { value: BigInt(TEST_ORDINALS_OUTPUT_SATS), script: scriptOf(account.ordinals.address) }
  ])
  chain.mine(1, scriptOf(bitcoinFaucet.address), { extraOutputs: funding, matureAtOnce: true })
  return chain
}
