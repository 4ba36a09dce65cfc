/**
 * What an output script is, in the words of Bitcoin Core (type, asm, descriptor) and of Esplora
 * (scriptpubkey_type, scriptpubkey_asm in rust-bitcoin's notation), and its regtest address.
 */
import { Address, OP, OutScript } from '@scure/btc-signer'
import { REGTEST_NETWORK } from './accounts.js'
import { toHex } from './bytes.js'

export type CoreScriptType =
  | 'pubkey'
  | 'pubkeyhash'
  | 'scripthash'
  | 'witness_v0_keyhash'
  | 'witness_v0_scripthash'
  | 'witness_v1_taproot'
  | 'witness_unknown'
  | 'anchor'
  | 'nulldata'
  | 'nonstandard'

const ESPLORA_TYPE: Record<CoreScriptType, string> = {
  pubkey: 'p2pk',
  pubkeyhash: 'p2pkh',
  scripthash: 'p2sh',
  witness_v0_keyhash: 'v0_p2wpkh',
  witness_v0_scripthash: 'v0_p2wsh',
  witness_v1_taproot: 'v1_p2tr',
  witness_unknown: 'unknown',
  anchor: 'anchor',
  nulldata: 'op_return',
  nonstandard: 'unknown'
}

interface Op {
  code: number
  data?: Uint8Array
}

/** The script's operations; null when a push runs past the end. */
export function parseScript(script: Uint8Array): Op[] | null {
  const ops: Op[] = []
  for (let i = 0; i < script.length;) {
    const code = script[i++]!
    let size = -1
    const widths: Record<number, number> = { 0x4c: 1, 0x4d: 2, 0x4e: 4 }
    if (code >= 0x01 && code <= 0x4b) size = code
    else if (widths[code] !== undefined) {
      const width = widths[code]!
      if (i + width > script.length) return null
      size = Buffer.from(script.subarray(i, i + width)).readUIntLE(0, width)
      i += width
    }
    if (size === -1) {
      ops.push({ code })
      continue
    }
    if (i + size > script.length) return null
    ops.push({ code, data: script.subarray(i, i + size) })
    i += size
  }
  return ops
}

export function isPushOnly(script: Uint8Array): boolean {
  const ops = parseScript(script)
  return ops !== null && ops.every(op => op.code <= 0x60)
}

function isWitnessProgram(s: Uint8Array): boolean {
  return s.length >= 4 && s.length <= 42 && (s[0] === 0 || (s[0]! >= 0x51 && s[0]! <= 0x60)) && s[1] === s.length - 2
}

export function scriptType(s: Uint8Array): CoreScriptType {
  const n = s.length
  if (n === 25 && s[0] === 0x76 && s[1] === 0xa9 && s[2] === 0x14 && s[23] === 0x88 && s[24] === 0xac)
    return 'pubkeyhash'
  if (n === 23 && s[0] === 0xa9 && s[1] === 0x14 && s[22] === 0x87) return 'scripthash'
  if ((n === 35 && s[0] === 33 && s[34] === 0xac) || (n === 67 && s[0] === 65 && s[66] === 0xac)) return 'pubkey'
  if (n === 4 && s[0] === 0x51 && s[1] === 2 && s[2] === 0x4e && s[3] === 0x73) return 'anchor'
  if (isWitnessProgram(s)) {
    if (s[0] === 0 && n === 22) return 'witness_v0_keyhash'
    if (s[0] === 0 && n === 34) return 'witness_v0_scripthash'
    if (s[0] === 0x51 && n === 34) return 'witness_v1_taproot'
    if (s[0] !== 0) return 'witness_unknown'
  }
  if (n >= 1 && s[0] === 0x6a && isPushOnly(s.subarray(1))) return 'nulldata'
  return 'nonstandard'
}

/** The regtest address of a script that has one (bcrt1…, m…/n…, 2…). */
export function scriptAddress(script: Uint8Array): string | undefined {
  const type = scriptType(script)
  if (type === 'pubkey' || type === 'nulldata' || type === 'nonstandard' || type === 'anchor') return undefined
  try {
    return Address(REGTEST_NETWORK).encode(OutScript.decode(script))
  } catch {
    return undefined
  }
}

/** The output script of a regtest address; null when it is not one. */
export function addressScript(address: string): Uint8Array | null {
  try {
    return OutScript.encode(Address(REGTEST_NETWORK).decode(address))
  } catch {
    return null
  }
}

const OP_NAMES = new Map(Object.entries(OP).map(([name, code]) => [code as number, name]))

function opName(code: number): string {
  const name = OP_NAMES.get(code)
  if (name === undefined) return 'OP_UNKNOWN'
  return name.startsWith('OP_') ? name : `OP_${name}`
}

/** Core's CScriptNum of up to 4 bytes, as asm shows small pushes. */
function scriptNum(data: Uint8Array): string {
  if (data.length === 0) return '0'
  let value = 0n
  data.forEach((byte, i) => (value |= BigInt(i === data.length - 1 ? byte & 0x7f : byte) << BigInt(8 * i)))
  return (data[data.length - 1]! & 0x80 ? -value : value).toString()
}

/** Core's ScriptToAsmStr (no sighash decoding). */
export function coreAsm(script: Uint8Array): string {
  const ops = parseScript(script)
  if (ops === null) return '[error]'
  return ops
    .map(op => {
      if (op.data) return op.data.length <= 4 ? scriptNum(op.data) : toHex(op.data)
      if (op.code === 0) return '0'
      if (op.code === 0x4f) return '-1'
      if (op.code >= 0x51 && op.code <= 0x60) return String(op.code - 0x50)
      return opName(op.code)
    })
    .join(' ')
}

/** rust-bitcoin's asm, as Esplora shows it ("OP_0 OP_PUSHBYTES_20 …"). */
export function esploraAsm(script: Uint8Array): string {
  const ops = parseScript(script)
  if (ops === null) return '<push past end>'
  return ops
    .map(op => {
      if (op.data) {
        const push =
          op.code <= 0x4b ? `OP_PUSHBYTES_${op.code}` : `OP_PUSHDATA${op.code === 0x4c ? 1 : op.code === 0x4d ? 2 : 4}`
        return op.data.length > 0 ? `${push} ${toHex(op.data)}` : push
      }
      if (op.code === 0) return 'OP_0'
      if (op.code === 0x4f) return 'OP_PUSHNUM_NEG1'
      if (op.code >= 0x51 && op.code <= 0x60) return `OP_PUSHNUM_${op.code - 0x50}`
      return opName(op.code)
    })
    .join(' ')
}

const INPUT_CHARSET =
  '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ '
const CHECKSUM_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const GENERATORS = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn]

function polymod(c: bigint, value: number): bigint {
  const top = c >> 35n
  let next = ((c & 0x7ffffffffn) << 5n) ^ BigInt(value)
  GENERATORS.forEach((g, i) => {
    if ((top >> BigInt(i)) & 1n) next ^= g
  })
  return next
}

/** BIP-380's descriptor checksum. */
export function descriptorChecksum(descriptor: string): string {
  let c = 1n
  let cls = 0
  let count = 0
  for (const ch of descriptor) {
    const pos = INPUT_CHARSET.indexOf(ch)
    c = polymod(c, pos & 31)
    cls = cls * 3 + (pos >> 5)
    if (++count === 3) {
      c = polymod(c, cls)
      cls = 0
      count = 0
    }
  }
  if (count > 0) c = polymod(c, cls)
  for (let j = 0; j < 8; j++) c = polymod(c, 0)
  c ^= 1n
  let out = ''
  for (let j = 0; j < 8; j++) out += CHECKSUM_CHARSET[Number((c >> BigInt(5 * (7 - j))) & 31n)]
  return out
}

/** What Core's InferDescriptor gives for a script with no key information: addr(…) or raw(…), with checksum. */
export function scriptDescriptor(script: Uint8Array): string {
  const address = scriptAddress(script)
  const body = address ? `addr(${address})` : `raw(${toHex(script)})`
  return `${body}#${descriptorChecksum(body)}`
}

/** Core's scriptPubKey object (getrawtransaction verbose). */
export function coreScriptPubKey(script: Uint8Array): Record<string, string> {
  const address = scriptAddress(script)
  return {
    asm: coreAsm(script),
    desc: scriptDescriptor(script),
    hex: toHex(script),
    ...(address ? { address } : {}),
    type: scriptType(script)
  }
}

/** Esplora's output fields (scriptpubkey…), without the value. */
export function esploraScriptPubKey(script: Uint8Array): Record<string, string> {
  const address = scriptAddress(script)
  return {
    scriptpubkey: toHex(script),
    scriptpubkey_asm: esploraAsm(script),
    scriptpubkey_type: script.length === 0 ? 'empty' : ESPLORA_TYPE[scriptType(script)],
    ...(address ? { scriptpubkey_address: address } : {})
  }
}
