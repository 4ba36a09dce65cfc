/**
 * Coin selection for the Send flow's Bitcoin payments (issue 34), with no library: which of the
 * payment address's outputs (UTXOs) pay `amount` and the fee, whether change goes back, and the
 * fee, from a size estimate that is never below the signed transaction's. Rules:
 * - no output below its dust limit (Bitcoin Core's GetDustThreshold at the default 3000 sat/kvB
 *   dust relay fee): an amount under the receiver's is refused; change under the change output's
 *   is not made, and goes to the fee;
 * - confirmed outputs first, then the larger first, until the amount and the fee are paid;
 * - the fee is the estimated virtual size times the fee rate, rounded up (so at 1 sat/vB it meets
 *   the minimum relay fee of the signed transaction, whose size is at most the estimate).
 */

/** An output the payment address can spend (Esplora's /address/:a/utxo). */
export interface Utxo {
  readonly txid: string
  readonly vout: number
  readonly value: bigint
  readonly confirmed: boolean
}

/** The output script types the kit pays to. */
export type OutputKind = 'p2wpkh' | 'p2wsh' | 'p2tr' | 'p2pkh' | 'p2sh'
/** The inputs the kit spends: the payment address's (P2WPKH) or a taproot address's (P2TR key path). */
export type InputKind = 'p2wpkh' | 'p2tr'

const SCRIPT_BYTES: Record<OutputKind, number> = { p2wpkh: 22, p2wsh: 34, p2tr: 34, p2pkh: 25, p2sh: 23 }
const SEGWIT: Record<OutputKind, boolean> = { p2wpkh: true, p2wsh: true, p2tr: true, p2pkh: false, p2sh: false }

/**
 * An input's weight in weight units: outpoint, empty scriptSig and sequence (41 bytes, x4), then
 * the witness: P2WPKH a 72-byte DER signature (the largest low-S one) and a 33-byte key, P2TR a
 * 64-byte Schnorr signature (SIGHASH_DEFAULT), each with its length bytes.
 */
const INPUT_WEIGHT: Record<InputKind, number> = { p2wpkh: 41 * 4 + 1 + 73 + 34, p2tr: 41 * 4 + 1 + 65 }

/** Version and lock time (8 bytes), the input and output counts (1 byte each up to 252), x4; the segwit marker and flag. */
const OVERHEAD_WEIGHT = (8 + 1 + 1) * 4 + 2

/** An output's size in bytes: amount, script length, script. */
const outputBytes = (kind: OutputKind) => 8 + 1 + SCRIPT_BYTES[kind]

/** Bitcoin Core's dust threshold of an output (GetDustThreshold, 3000 sat/kvB): 294 sat for P2WPKH, 330 for P2TR, 546 for P2PKH. */
export function dustLimit(kind: OutputKind): bigint {
  return BigInt(3 * (outputBytes(kind) + (SEGWIT[kind] ? 67 : 148)))
}

/** The virtual size (vB) of a transaction spending `inputs` inputs of `inputKind` to `outputs`, signed. */
export function estimateVsize(inputKind: InputKind, inputs: number, outputs: readonly OutputKind[]): number {
  const weight =
    OVERHEAD_WEIGHT + inputs * INPUT_WEIGHT[inputKind] + outputs.reduce((sum, kind) => sum + outputBytes(kind) * 4, 0)
  return Math.ceil(weight / 4)
}

/** `vsize` at `feeRate` sat/vB, in satoshis, rounded up. */
export function feeFor(vsize: number, feeRate: number): bigint {
  return BigInt(Math.ceil(vsize * feeRate))
}

/** Why a payment cannot be made: the amount under the dust limit, above the outputs, or the fee on top of it. */
export type SelectionRefusal = 'dust' | 'insufficient-balance' | 'insufficient-fee'

export interface Selection {
  readonly inputs: readonly Utxo[]
  /** Satoshis back to the payment address; 0n when there is no change output. */
  readonly change: bigint
  /** Inputs minus outputs: the estimated fee, plus change under the dust limit. */
  readonly fee: bigint
  readonly vsize: number
}

export interface SelectionInput {
  readonly utxos: readonly Utxo[]
  readonly amount: bigint
  /** sat/vB */
  readonly feeRate: number
  readonly inputKind: InputKind
  readonly receiverKind: OutputKind
  readonly changeKind: OutputKind
}

/** Confirmed outputs first, then the larger first (then by outpoint, so the choice is stable). */
function spendOrder(utxos: readonly Utxo[]): Utxo[] {
  return [...utxos].sort(
    (a, b) =>
      Number(b.confirmed) - Number(a.confirmed) ||
      (a.value === b.value ? 0 : a.value > b.value ? -1 : 1) ||
      `${a.txid}:${a.vout}`.localeCompare(`${b.txid}:${b.vout}`)
  )
}

/** The inputs, change and fee of a payment of `amount`, or why it cannot be made. */
export function selectCoins(input: SelectionInput): Selection | SelectionRefusal {
  const { amount, feeRate, inputKind, receiverKind, changeKind } = input
  if (amount < dustLimit(receiverKind)) return 'dust'
  const ordered = spendOrder(input.utxos)
  const total = ordered.reduce((sum, utxo) => sum + utxo.value, 0n)
  if (amount > total) return 'insufficient-balance'
  let paid = 0n
  let count = 0
  for (const utxo of ordered) {
    paid += utxo.value
    count++
    const withChange = estimateVsize(inputKind, count, [receiverKind, changeKind])
    const change = paid - amount - feeFor(withChange, feeRate)
    if (change >= dustLimit(changeKind)) {
      return { inputs: ordered.slice(0, count), change, fee: paid - amount - change, vsize: withChange }
    }
    const withoutChange = estimateVsize(inputKind, count, [receiverKind])
    if (paid >= amount + feeFor(withoutChange, feeRate)) {
      // No change output: what is left over (under the change's dust limit) goes to the fee.
      return { inputs: ordered.slice(0, count), change: 0n, fee: paid - amount, vsize: withoutChange }
    }
  }
  return 'insufficient-fee'
}

/** The most that can be sent with every output spent and no change: 0n when the fee takes it all. */
export function maxSendable(
  utxos: readonly Utxo[],
  feeRate: number,
  inputKind: InputKind,
  receiverKind: OutputKind
): bigint {
  const total = utxos.reduce((sum, utxo) => sum + utxo.value, 0n)
  const rest = total - feeFor(estimateVsize(inputKind, utxos.length, [receiverKind]), feeRate)
  return rest >= dustLimit(receiverKind) ? rest : 0n
}
