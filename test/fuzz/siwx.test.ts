// Property-based fuzzing of the sign-in message builder (issue 33, point 1; spec §3 sign-in session,
// §4 SIWX): the text formatSiwxMessage writes is read back to the same data by the reference
// EIP-4361 parser (the `siwe` package) and, for EVM, Solana and Bitcoin alike, by a line parser of the
// CAIP-122 layout below; so no two different data the schema accepts write the same message (one
// signature could then stand for both). Any data is accepted by the schema or refused by it, with
// zod's typed error, never another throw.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import * as fc from 'fast-check'
import { SiweMessage } from 'siwe'
import { getAddress } from 'viem'
import * as z from 'zod/mini'
import { siwxMessageDataSchema, type SiwxMessageData } from '../../src/api/schemas/siwx.js'
import { formatSiwxMessage } from '../../src/siwx/message.js'
import { encodeBase58 } from '../../src/utils/base58.js'
import { announce } from './config.js'
import { fuzz } from './fuzz-test.js'

announce('siwx')

const CLUSTERS: Record<string, string> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
}

/** The data a CAIP-122 message text holds, read line by line; throws when the text is not one. */
function parseSiwxText(text: string): SiwxMessageData {
  const lines = text.split('\n')
  let at = 0
  const next = (): string => {
    const line = lines[at++]
    if (line === undefined) throw new Error(`the text ends at line ${at}`)
    return line
  }
  const header = /^(.+) wants you to sign in with your (Ethereum|Solana|Bitcoin) account:$/.exec(next())
  if (!header) throw new Error('no header')
  const data: Record<string, unknown> = { domain: header[1], accountAddress: next() }
  if (next() !== '') throw new Error('no empty line after the address')
  const statement = next()
  if (statement !== '') {
    data.statement = statement
    if (next() !== '') throw new Error('no empty line after the statement')
  }
  const field = (name: string, optional = false): string | undefined => {
    const line = lines[at]
    if (line?.startsWith(`${name}: `)) {
      at++
      return line.slice(name.length + 2)
    }
    if (!optional) throw new Error(`no ${name} line`)
    return undefined
  }
  data.uri = field('URI')
  data.version = field('Version')
  const chain = field('Chain ID')!
  // Bitcoin's Chain ID line is the whole CAIP-2 id; EVM's the chain number; Solana's the cluster or the reference.
  data.chainId =
    header[2] === 'Bitcoin' ? chain : header[2] === 'Solana' ? `solana:${CLUSTERS[chain] ?? chain}` : `eip155:${chain}`
  data.nonce = field('Nonce')
  data.issuedAt = field('Issued At')
  for (const [name, key] of [
    ['Expiration Time', 'expirationTime'],
    ['Not Before', 'notBefore'],
    ['Request ID', 'requestId']
  ] as const) {
    const value = field(name, true)
    if (value !== undefined) data[key] = value
  }
  if (lines[at] === 'Resources:') {
    at++
    data.resources = lines.slice(at).map(line => {
      if (!line.startsWith('- ')) throw new Error(`not a resource: ${line}`)
      return line.slice(2)
    })
    at = lines.length
  }
  if (at !== lines.length) throw new Error(`unread lines from ${at}`)
  return data as SiwxMessageData
}

/** The data as its text carries it: an empty statement or request id and no resources are not written. */
function written(data: SiwxMessageData): SiwxMessageData {
  const { statement, requestId, expirationTime, notBefore, resources, ...always } = data
  return {
    ...always,
    ...(statement ? { statement } : {}),
    ...(expirationTime ? { expirationTime } : {}),
    ...(notBefore ? { notBefore } : {}),
    ...(requestId ? { requestId } : {}),
    ...(resources?.length ? { resources } : {})
  }
}

const time = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map(date => date.toISOString())
const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
/** EIP-4361's statement: reserved and unreserved URI characters and spaces. */
const statement = fc.string({
  unit: fc.constantFrom(..."abcXYZ019-._~:/?#[]@!$&'()*+,;= ".split('')),
  minLength: 1,
  maxLength: 40
})
const requestId = fc.string({ unit: fc.constantFrom(..."aZ09-._~!$&'()*+,;=:@".split('')), maxLength: 20 })
const evmData = fc
  .record({
    accountAddress: fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map(bytes => getAddress(`0x${Buffer.from(bytes).toString('hex')}`)),
    chainId: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(id => `eip155:${id}`),
    domain: fc
      .tuple(fc.domain(), opt(fc.integer({ min: 1, max: 65535 })))
      .map(([host, port]) => (port ? `${host}:${port}` : host)),
    uri: fc.webUrl({ withQueryParameters: true }),
    version: fc.constant('1' as const),
    nonce: fc.stringMatching(/^[A-Za-z0-9]{8,24}$/),
    issuedAt: time,
    expirationTime: opt(time),
    notBefore: opt(time),
    requestId: opt(requestId),
    resources: opt(fc.array(fc.webUrl(), { minLength: 1, maxLength: 3 })),
    statement: opt(statement)
  })
  .map(data => JSON.parse(JSON.stringify(data)) as SiwxMessageData)
const solanaData = fc
  .tuple(
    evmData,
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map(encodeBase58),
    fc.oneof(fc.constantFrom(...Object.values(CLUSTERS)), fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32}$/))
  )
  .map(([data, accountAddress, reference]) => ({ ...data, accountAddress, chainId: `solana:${reference}` }))
/** Bitcoin: a segwit-looking address of any network and a genesis reference (the three known ones or any). */
const bitcoinData = fc
  .tuple(
    evmData,
    fc.stringMatching(/^(bc|tb|bcrt)1[qp][02-9ac-hj-np-z]{38,58}$/),
    fc.oneof(
      fc.constantFrom(
        '000000000019d6689c085ae165831e93',
        '000000000933ea01ad0ee984209779ba',
        '0f9188f13cb7b2c71f2a335e3a4fc328'
      ),
      fc.stringMatching(/^[0-9a-f]{32}$/)
    )
  )
  .map(([data, accountAddress, reference]) => ({ ...data, accountAddress, chainId: `bip122:${reference}` }))
/** Any strings in every field, line breaks and look-alike lines included: what the schema must sort out. */
const anyText = fc.oneof(
  fc.string(),
  fc.constantFrom('', '\n', 'a\n- b', 'x\nURI: https://evil.example', 'mainnet', '2026-01-01\n'),
  fc.string({ unit: fc.constantFrom('a', '\n', '\r', ' ', ':', '- ', 'URI: ') })
)
/** Fields that may hold anything: a valid message's data with one to three of them replaced. */
const ODD_FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  accountAddress: anyText,
  chainId: fc.oneof(
    fc.constantFrom('eip155:1', 'solana:mainnet', 'solana:devnet', 'solana:testnet', `solana:${CLUSTERS.mainnet}`),
    fc.stringMatching(/^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/),
    fc.constantFrom(
      'bip122:mainnet',
      'bip122:000000000019D6689C085AE165831E93',
      'bip122:000000000019d6689c085ae165831e9'
    ),
    fc.stringMatching(/^bip122:[0-9a-fA-F]{1,40}$/),
    anyText
  ),
  domain: anyText,
  uri: anyText,
  version: fc.constantFrom('1', '2'),
  nonce: anyText,
  issuedAt: fc.oneof(
    anyText,
    time.map(value => `${value}\n`)
  ),
  expirationTime: fc.oneof(time, anyText),
  notBefore: fc.oneof(time, anyText),
  requestId: anyText,
  resources: fc.array(anyText, { maxLength: 3 }),
  statement: anyText
}
const anyData = fc
  .tuple(
    fc.oneof(evmData, solanaData, bitcoinData),
    fc.array(
      fc.constantFrom(...Object.keys(ODD_FIELDS)).chain(key => ODD_FIELDS[key]!.map(value => [key, value] as const)),
      { minLength: 1, maxLength: 3 }
    )
  )
  .map(([data, odd]) => ({ ...data, ...Object.fromEntries(odd) }))

describe('SIWX messages (spec §3, §4): built and read back', () => {
  fuzz(
    'EIP-4361: the siwe package reads every field back, and writes the same text',
    () =>
      fc.property(evmData, data => {
        const text = formatSiwxMessage(data)
        const parsed = new SiweMessage(text)
        assert.equal(parsed.domain, data.domain)
        assert.equal(parsed.address, data.accountAddress)
        assert.equal(parsed.statement, data.statement)
        assert.equal(parsed.uri, data.uri)
        assert.equal(parsed.version, '1')
        assert.equal(`eip155:${parsed.chainId}`, data.chainId)
        assert.equal(parsed.nonce, data.nonce)
        assert.equal(parsed.issuedAt, data.issuedAt)
        assert.equal(parsed.expirationTime, data.expirationTime)
        assert.equal(parsed.notBefore, data.notBefore)
        assert.equal(parsed.requestId || undefined, data.requestId || undefined)
        assert.deepEqual(parsed.resources, data.resources)
        assert.equal(parsed.prepareMessage(), text)
      }),
    0.3
  )

  fuzz('EVM, Solana and Bitcoin: the text reads back to the same data', () =>
    fc.property(fc.oneof(evmData, solanaData, bitcoinData), data => {
      assert.ok(z.safeParse(siwxMessageDataSchema, data).success)
      assert.deepEqual(parseSiwxText(formatSiwxMessage(data)), written(data))
    })
  )

  fuzz('any data the schema accepts writes a text that reads back to it: no two data share a message', () =>
    fc.property(anyData, input => {
      const result = z.safeParse(siwxMessageDataSchema, input)
      if (!result.success) {
        assert.ok(result.error instanceof z.core.$ZodError && result.error.issues.length > 0)
        return
      }
      assert.deepEqual(parseSiwxText(formatSiwxMessage(result.data)), written(result.data))
    })
  )
})
