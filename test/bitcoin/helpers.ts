/**
 * Shared by the Bitcoin node's tests: JSON-RPC and REST calls, and transactions built and signed
 * the way a wallet does it (@scure/btc-signer: P2WPKH with BIP-143, P2TR key path with BIP-341).
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { p2wpkh, RawTx, Transaction, utils } from '@scure/btc-signer'
import { REGTEST_NETWORK, type BitcoinTestKey } from '../../local/bitcoin/accounts.js'
import { addressScript } from '../../local/bitcoin/script-info.js'

export interface Utxo {
  txid: string
  vout: number
  value: number
}

/** One Core JSON-RPC call (legacy 1.0 envelope, as bitcoin-cli sends it); the whole answer. */
export async function rpc(
  url: string,
  method: string,
  params: unknown = []
): Promise<{ status: number; result: unknown; error: { code: number; message: string } | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Authorization: `Basic ${btoa('user:pass')}` },
    body: JSON.stringify({ jsonrpc: '1.0', id: 'test', method, params })
  })
  const body = (await response.json()) as { result: unknown; error: { code: number; message: string } | null }
  return { status: response.status, ...body }
}

/** A REST GET; JSON bodies parsed, text bodies as text. */
export async function get(url: string, path: string): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(url + path)
  const text = await response.text()
  const json = (response.headers.get('content-type') ?? '').includes('json')
  return { status: response.status, body: json ? JSON.parse(text) : text, text }
}

export async function postTx(url: string, hex: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}/tx`, { method: 'POST', body: hex })
  return { status: response.status, text: await response.text() }
}

export async function utxosOf(url: string, address: string): Promise<Utxo[]> {
  return (await get(url, `/address/${address}/utxo`)).body as Utxo[]
}

export interface Spend {
  /** The key that owns every input (its address's type decides P2WPKH or P2TR). */
  key: BitcoinTestKey
  /** `signedValue`: the amount the signer is told the input holds (the sighash commits to it); default its value. */
  inputs: (Utxo & { signedValue?: number })[]
  /** To an address, or to a raw output script (OP_RETURN data). */
  outputs: ({ address: string; value: number } | { script: Uint8Array; value: number })[]
}

/** Builds and signs `spend`; the raw hex and txid. */
export function signSpend(spend: Spend): { hex: string; txid: string; vsize: number } {
  const script = addressScript(spend.key.address)!
  const taproot = script[0] === 0x51
  const tx = new Transaction({ allowUnknownOutputs: true })
  for (const input of spend.inputs) {
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      witnessUtxo: { script, amount: BigInt(input.signedValue ?? input.value) },
      ...(taproot ? { tapInternalKey: Buffer.from(spend.key.publicKey, 'hex') } : {})
    })
  }
  for (const output of spend.outputs) {
    if ('script' in output) tx.addOutput({ script: output.script, amount: BigInt(output.value) })
    else tx.addOutputAddress(output.address, BigInt(output.value), REGTEST_NETWORK)
  }
  tx.sign(Buffer.from(spend.key.privateKey, 'hex'))
  tx.finalize()
  return { hex: tx.hex, txid: tx.id, vsize: tx.vsize }
}

/** `target`'s transaction carrying `donor`'s witnesses: well-formed signatures over another message or key. */
export function withWitnessOf(target: string, donor: string): string {
  const decoded = RawTx.decode(Buffer.from(target, 'hex'))
  const witnesses = RawTx.decode(Buffer.from(donor, 'hex')).witnesses
  return Buffer.from(RawTx.encode({ ...decoded, witnesses })).toString('hex')
}

/** Resolves when `check` holds, polling every 20 ms; rejects after `ms`. */
export async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

/** A fresh regtest P2WPKH address nobody holds. */
export function freshAddress(): string {
  return p2wpkh(secp256k1.getPublicKey(utils.randomPrivateKeyBytes(), true), REGTEST_NETWORK).address!
}

/** What transaction `txid` pays `address` on the node (Esplora's /tx/:id), its fee, whether it is in a block. */
export async function paidOnNode(
  url: string,
  txid: string,
  address: string
): Promise<{ value: number; fee: number; confirmed: boolean }> {
  const tx = (await get(url, `/tx/${txid}`)).body as {
    fee: number
    vout: { scriptpubkey_address?: string; value: number }[]
    status: { confirmed: boolean }
  }
  return {
    value: tx.vout.filter(out => out.scriptpubkey_address === address).reduce((sum, out) => sum + out.value, 0),
    fee: tx.fee,
    confirmed: tx.status.confirmed
  }
}
