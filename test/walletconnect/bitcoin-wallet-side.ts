/**
 * The wallet side of WalletConnect's bip122 namespace for the tests (issue 34): a test double for a
 * mobile Bitcoin wallet on the real wallet SDK (wallet-side.ts), holding one Bitcoin test account
 * (local/bitcoin/accounts.ts: a P2WPKH payment and a P2TR ordinals address). It answers the session
 * requests WalletConnect's Bitcoin RPC reference lists, on the local regtest node's Esplora API:
 * - getAccountAddresses { account, intentions? }: both addresses with their intention;
 * - signMessage { account, message, address?, protocol? }: BIP-322 simple for the payment address
 *   (local/wallets/bitcoin-test-wallet/bip322.ts's signer), the signature as hex bytes;
 * - signPsbt { account, psbt, signInputs, broadcast? }: signs the asked inputs (@scure/btc-signer),
 *   and with broadcast finalizes them and posts the transaction (POST /tx): { psbt, txid };
 * - sendTransfer { account, recipientAddress, amount, changeAddress? }: builds the payment over the
 *   payment address's UTXOs at the node's fee estimate, signs and posts it: { txid }.
 * A refusal is a JSON-RPC error. `tamper` turns it into an attacker's wallet for one test.
 */
import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { REGTEST_NETWORK, type BitcoinTestAccount, type BitcoinTestKey } from '../../local/bitcoin/accounts.js'
import { signBip322P2wpkh } from '../../local/wallets/bitcoin-test-wallet/bip322.js'
import type { TestWalletKit } from './wallet-side.js'

export interface BitcoinRequest {
  readonly method: string
  readonly chainId: string
  readonly params: Record<string, unknown>
}

export interface BitcoinWalletSide {
  /** Every bip122 request the wallet received, oldest first. */
  readonly requests: BitcoinRequest[]
  /** Stops answering. */
  stop(): void
}

export interface BitcoinWalletOptions {
  readonly account: BitcoinTestAccount
  /** The node's Esplora base URL (UTXOs, fee estimates, POST /tx). */
  readonly esploraUrl: string
  /**
   * An attacker's wallet: what it answers `request` instead of the honest answer (which `honest`
   * computes, and sends, when called). Undefined keeps the honest answer.
   */
  tamper?: (request: BitcoinRequest, honest: () => Promise<unknown>) => Promise<unknown> | undefined
}

/** The account's CAIP-10 accounts on `chain` (CAIP-2): payment first (the first external address), then ordinals. */
export function bitcoinSessionAccounts(account: BitcoinTestAccount, chain: string): string[] {
  return [`${chain}:${account.payment.address}`, `${chain}:${account.ordinals.address}`]
}

/** What getAccountAddresses answers for `account`: each address with its key, path and intention. */
export function accountAddresses(account: BitcoinTestAccount, intentions?: readonly string[]) {
  const all = [
    {
      address: account.payment.address,
      publicKey: account.payment.publicKey,
      path: "m/84'/1'/0'/0/0",
      intention: 'payment'
    },
    {
      address: account.ordinals.address,
      publicKey: account.ordinals.publicKey,
      path: "m/86'/1'/0'/0/0",
      intention: 'ordinal'
    }
  ]
  return intentions ? all.filter(entry => intentions.includes(entry.intention)) : all
}

/** The session properties a wallet may approve with: its getAccountAddresses answer, serialized. */
export function bitcoinSessionProperties(account: BitcoinTestAccount): Record<string, string> {
  return { bip122_getAccountAddresses: JSON.stringify(accountAddresses(account)) }
}

class WalletRefusal extends Error {
  constructor(
    readonly code: number,
    message: string
  ) {
    super(message)
  }
}

const INVALID_PARAMS = -32602

function text(params: Record<string, unknown>, name: string): string {
  const value = params[name]
  if (typeof value !== 'string') throw new WalletRefusal(INVALID_PARAMS, `${name} must be a string`)
  return value
}

async function post(esploraUrl: string, transactionHex: string): Promise<string> {
  const response = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: transactionHex })
  const body = await response.text()
  if (!response.ok) throw new WalletRefusal(-32000, `The node refused the transaction: ${body}`)
  return body.trim()
}

export function answerBitcoinRequests(wallet: TestWalletKit, options: BitcoinWalletOptions): BitcoinWalletSide {
  const { account, esploraUrl } = options
  const requests: BitcoinRequest[] = []

  function keyOf(address: string): BitcoinTestKey {
    const key = [account.payment, account.ordinals].find(entry => entry.address === address)
    if (!key) throw new WalletRefusal(INVALID_PARAMS, `${address} is not an address of this wallet`)
    return key
  }

  const methods: Record<string, (params: Record<string, unknown>) => Promise<unknown>> = {
    async getAccountAddresses(params) {
      keyOf(text(params, 'account'))
      const intentions = Array.isArray(params.intentions) ? params.intentions.map(String) : undefined
      return accountAddresses(account, intentions)
    },

    async signMessage(params) {
      keyOf(text(params, 'account'))
      const address = typeof params.address === 'string' ? params.address : text(params, 'account')
      const key = keyOf(address)
      if (key !== account.payment || (params.protocol !== undefined && params.protocol !== 'bip322'))
        throw new WalletRefusal(-32601, 'This wallet signs BIP-322 messages with its payment address only')
      const message = new TextEncoder().encode(text(params, 'message'))
      const signature = base64.decode(signBip322P2wpkh(hex.decode(key.privateKey), message))
      return { address, signature: hex.encode(signature) }
    },

    async signPsbt(params) {
      keyOf(text(params, 'account'))
      const tx = btc.Transaction.fromPSBT(base64.decode(text(params, 'psbt')))
      const signInputs = Array.isArray(params.signInputs) ? (params.signInputs as Record<string, unknown>[]) : []
      for (const input of signInputs) {
        const key = keyOf(text(input, 'address'))
        const sighashTypes = Array.isArray(input.sighashTypes) ? input.sighashTypes.map(Number) : undefined
        tx.signIdx(hex.decode(key.privateKey), Number(input.index), sighashTypes)
      }
      if (params.broadcast !== true) return { psbt: base64.encode(tx.toPSBT()) }
      for (const input of signInputs) tx.finalizeIdx(Number(input.index))
      const txid = await post(esploraUrl, tx.hex)
      return { psbt: base64.encode(tx.toPSBT()), txid }
    },

    async sendTransfer(params) {
      const from = account.payment
      keyOf(text(params, 'account'))
      const amount = BigInt(text(params, 'amount'))
      const changeAddress = typeof params.changeAddress === 'string' ? params.changeAddress : from.address
      keyOf(changeAddress)
      const script = btc.p2wpkh(hex.decode(from.publicKey)).script
      const utxos = (await (await fetch(`${esploraUrl}/address/${from.address}/utxo`)).json()) as {
        txid: string
        vout: number
        value: number
      }[]
      const estimates = (await (await fetch(`${esploraUrl}/fee-estimates`)).json()) as Record<string, number>
      const selected = btc.selectUTXO(
        utxos.map(utxo => ({
          txid: utxo.txid,
          index: utxo.vout,
          witnessUtxo: { script, amount: BigInt(utxo.value) }
        })),
        [{ address: text(params, 'recipientAddress'), amount }],
        'default',
        {
          changeAddress,
          feePerByte: BigInt(Math.max(1, Math.ceil(estimates['3'] ?? 1))),
          network: REGTEST_NETWORK,
          createTx: true,
          bip69: false
        }
      )
      if (!selected?.tx) throw new WalletRefusal(-32000, 'Not enough bitcoin for this payment')
      selected.tx.sign(hex.decode(from.privateKey))
      selected.tx.finalize()
      return { txid: await post(esploraUrl, selected.tx.hex) }
    }
  }

  const onRequest = async (event: {
    id: number
    topic: string
    params: { chainId: string; request: { method: string; params: unknown } }
  }) => {
    if (!event.params.chainId.startsWith('bip122:')) return
    const { method, params } = event.params.request
    const request: BitcoinRequest = {
      method,
      chainId: event.params.chainId,
      params: typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {}
    }
    requests.push(request)
    const honest = async () => {
      const answer = methods[method]
      if (!answer) throw new WalletRefusal(-32601, `${method} is not a method of this wallet`)
      return answer(request.params)
    }
    let response:
      | { id: number; jsonrpc: '2.0'; result: unknown }
      | { id: number; jsonrpc: '2.0'; error: { code: number; message: string } }
    try {
      const result = await (options.tamper?.(request, honest) ?? honest())
      response = { id: event.id, jsonrpc: '2.0', result }
    } catch (error) {
      const code = error instanceof WalletRefusal ? error.code : -32000
      response = { id: event.id, jsonrpc: '2.0', error: { code, message: (error as Error).message } }
    }
    await wallet.kit.respondSessionRequest({ topic: event.topic, response })
  }
  wallet.kit.on('session_request', onRequest)
  return { requests, stop: () => wallet.kit.off('session_request', onRequest) }
}
