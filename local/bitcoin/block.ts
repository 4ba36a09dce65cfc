/**
 * Blocks: the regtest genesis block (Bitcoin Core's, so the genesis hash and CAIP-2 id are the
 * real ones), coinbase transactions (BIP-34 height, the BIP-141 witness commitment Core always
 * adds), merkle roots, headers and regtest proof of work (bits 0x207fffff: about every second
 * nonce does).
 */
import { displayHash, fromHex, sha256d } from './bytes.js'
import {
  buildTransaction,
  COINBASE_VOUT,
  NULL_TXID,
  parseTransaction,
  type ParsedTx,
  type TxOutput
} from './tx-codec.js'

export const REGTEST_BITS = 0x207fffff
const REGTEST_TARGET = 0x7fffffn << BigInt(8 * (0x20 - 3))
/** Blocks mined after genesis signal BIP-9 with no deployment, as Core's do. */
const BLOCK_VERSION = 0x20000000
const HALVING_INTERVAL = 150
const WITNESS_COMMITMENT_HEADER = Uint8Array.from([0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed])

export interface BlockHeader {
  readonly version: number
  /** Display order hex. */
  readonly previousHash: string
  /** Display order hex. */
  readonly merkleRoot: string
  readonly time: number
  readonly bits: number
  readonly nonce: number
}

export interface Block extends BlockHeader {
  readonly hash: string
  readonly height: number
  readonly transactions: readonly ParsedTx[]
  /** Serialized size with witnesses. */
  readonly size: number
  readonly weight: number
}

/** The coinbase of the genesis block ("The Times 03/Jan/2009 …"); its output is not spendable. */
const GENESIS_COINBASE =
  '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000'

function internal(displayHex: string): Uint8Array {
  return fromHex(displayHex)!.reverse()
}

export function serializeHeader(header: BlockHeader): Uint8Array {
  const out = Buffer.alloc(80)
  out.writeInt32LE(header.version, 0)
  out.set(internal(header.previousHash), 4)
  out.set(internal(header.merkleRoot), 36)
  out.writeUInt32LE(header.time, 68)
  out.writeUInt32LE(header.bits, 72)
  out.writeUInt32LE(header.nonce, 76)
  return new Uint8Array(out)
}

export function headerHash(header: BlockHeader): string {
  return displayHash(sha256d(serializeHeader(header)))
}

/** The merkle root of ids given in display order (Core's ComputeMerkleRoot, last one doubled). */
export function merkleRoot(ids: readonly string[]): string {
  let level = ids.map(internal)
  if (level.length === 0) return NULL_TXID
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let i = 0; i < level.length; i += 2) next.push(sha256d(level[i]!, level[i + 1] ?? level[i]!))
    level = next
  }
  return displayHash(level[0]!)
}

/** Mines the header: the first nonce whose hash is at or under the regtest target. */
function mine(header: Omit<BlockHeader, 'nonce'>): { nonce: number; hash: string } {
  for (let nonce = 0; ; nonce++) {
    const hash = headerHash({ ...header, nonce })
    if (BigInt(`0x${hash}`) <= REGTEST_TARGET) return { nonce, hash }
  }
}

export function blockSubsidy(height: number): bigint {
  const halvings = Math.floor(height / HALVING_INTERVAL)
  return halvings >= 64 ? 0n : (50n * 100_000_000n) >> BigInt(halvings)
}

/** `CScript() << height << OP_0`, as Core's CreateNewBlock writes the coinbase's scriptSig. */
function heightScript(height: number): Uint8Array {
  if (height >= 1 && height <= 16) return Uint8Array.from([0x50 + height, 0x00])
  const bytes: number[] = []
  for (let value = height; value > 0; value = Math.floor(value / 256)) bytes.push(value % 256)
  if (bytes[bytes.length - 1]! & 0x80) bytes.push(0)
  return Uint8Array.from([bytes.length, ...bytes, 0x00])
}

function witnessCommitment(transactions: readonly ParsedTx[]): Uint8Array {
  // The coinbase's wtxid counts as zero (BIP-141); the reserved value is 32 zero bytes.
  const root = merkleRoot([NULL_TXID, ...transactions.map(tx => tx.wtxid)])
  const commitment = sha256d(internal(root), new Uint8Array(32))
  return Uint8Array.from([...WITNESS_COMMITMENT_HEADER, ...commitment])
}

/** A block's coinbase paying `outputs`, with the witness commitment over `transactions`. */
export function buildCoinbase(
  height: number,
  outputs: readonly TxOutput[],
  transactions: readonly ParsedTx[]
): ParsedTx {
  return buildTransaction({
    version: 2,
    locktime: 0,
    inputs: [
      {
        txid: NULL_TXID,
        vout: COINBASE_VOUT,
        scriptSig: heightScript(height),
        sequence: 0xffffffff,
        witness: [new Uint8Array(32)]
      }
    ],
    outputs: [...outputs, { value: 0n, script: witnessCommitment(transactions) }]
  })
}

function assemble(height: number, header: Omit<BlockHeader, 'nonce' | 'merkleRoot'>, transactions: ParsedTx[]): Block {
  const root = merkleRoot(transactions.map(tx => tx.txid))
  const { nonce, hash } =
    header.previousHash === NULL_TXID
      ? { nonce: 2, hash: headerHash({ ...header, merkleRoot: root, nonce: 2 }) }
      : mine({ ...header, merkleRoot: root })
  const countSize = transactions.length < 0xfd ? 1 : 3
  const size = 80 + countSize + transactions.reduce((sum, tx) => sum + tx.size, 0)
  const baseSize = 80 + countSize + transactions.reduce((sum, tx) => sum + tx.baseSize, 0)
  return { ...header, merkleRoot: root, nonce, hash, height, transactions, size, weight: baseSize * 3 + size }
}

/** Bitcoin Core's regtest genesis block. */
export function genesisBlock(): Block {
  const coinbase = parseTransaction(fromHex(GENESIS_COINBASE)!)
  return assemble(0, { version: 1, previousHash: NULL_TXID, time: 1296688602, bits: REGTEST_BITS }, [coinbase])
}

/** A new block on `previous` with `transactions` (in mempool order) and a coinbase paying `outputs`. */
export function buildBlock(
  previous: Block,
  time: number,
  coinbaseOutputs: readonly TxOutput[],
  transactions: ParsedTx[]
): Block {
  const height = previous.height + 1
  const coinbase = buildCoinbase(height, coinbaseOutputs, transactions)
  return assemble(height, { version: BLOCK_VERSION, previousHash: previous.hash, time, bits: REGTEST_BITS }, [
    coinbase,
    ...transactions
  ])
}
