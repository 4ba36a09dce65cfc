// Property-based fuzzing of the messages between the page and the secure embedded frame, both ways
// (issue 33, point 1; spec §3 and §7). The channels themselves (src/frame/frame-channel.ts on the
// page, service/frame/host-channel.ts in the frame) take a Window and run in a browser; every
// message they accept goes through the pure parsers of src/frame/messages.ts, which are fuzzed here:
//   frame side  parseFrameRequest: any message is a request whose params fit its method, or a
//               problem named in words (answered with an error only when it carries a request id);
//   page side   parseFrameMessage: any message is a response or the ready event, or dropped;
//               parseFrameResult: any result is what the method promises, or a FrameError.
// Valid messages round-trip through postMessage's structured clone; unknown fields are tolerated.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import * as fc from 'fast-check'
import * as z from 'zod/mini'
import {
  FRAME_CHANNEL,
  FRAME_METHODS,
  FRAME_PROTOCOL_VERSION,
  FRAME_READY,
  FrameError,
  frameError,
  frameRequest,
  frameResult,
  parseFrameMessage,
  parseFrameRequest,
  parseFrameResult,
  type FrameMethod
} from '../../src/frame/messages.js'
import { announce } from './config.js'
import { fuzz, isTypedError } from './fuzz-test.js'
import { withExtraFields } from './zod-walk.js'

announce('frame-messages')

const METHODS = Object.keys(FRAME_METHODS) as FrameMethod[]
const id = fc.stringMatching(/^[0-9a-f]{32}$/)
const email = fc.emailAddress().filter(text => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text))
const otp = fc.stringMatching(/^\d{4,10}$/)
const chainId = fc.oneof(fc.string({ minLength: 1 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
const accountType = fc.constantFrom('eoa', 'smartAccount')
const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
const nonEmpty = fc.string({ minLength: 1 })
const httpUrl = fc.webUrl().filter(url => /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/.test(url))
const empty = fc.constant({})
/** Drops the keys whose value is undefined (an optional field left out, as structured clone keeps it). */
const record = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
  fc.record(shape).map(value => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)))

/** Valid params of every method (spec §3: the messages between page and frame). */
const PARAMS: { [M in FrameMethod]: fc.Arbitrary<unknown> } = {
  switchNetwork: record({ chainId }),
  connectEmail: record({ email }),
  connectDevice: record({ otp }),
  connectOtp: record({ otp }),
  connectSocial: record({ uri: nonEmpty, preferredAccountType: opt(accountType), chainId: opt(chainId) }),
  getFarcasterUri: empty,
  connectFarcaster: record({ chainId: opt(chainId) }),
  getUser: record({ chainId: opt(chainId), preferredAccountType: opt(accountType) }),
  getSocialRedirectUri: record({ provider: nonEmpty, returnUrl: opt(fc.string()) }),
  signOut: empty,
  isConnected: empty,
  getChainId: empty,
  getSmartAccountEnabledNetworks: empty,
  initSmartAccount: empty,
  setPreferredAccount: record({ type: accountType }),
  rpcRequest: record({
    method: nonEmpty,
    params: opt(fc.jsonValue()),
    chainNamespace: opt(fc.constantFrom('eip155', 'solana'))
  }),
  updateEmail: record({ newEmail: email }),
  updateEmailPrimaryOtp: record({ otp }),
  updateEmailSecondaryOtp: record({ otp }),
  syncTheme: record({
    themeMode: fc.constantFrom('light', 'dark'),
    themeVariables: opt(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer()), { noNullPrototype: true })),
    w3mThemeVariables: opt(fc.dictionary(fc.string(), fc.string(), { noNullPrototype: true }))
  }),
  syncDappData: record({
    metadata: opt(
      record({ name: fc.string(), description: fc.string(), url: fc.string(), icons: fc.array(fc.string()) })
    ),
    sdkVersion: fc.string(),
    sdkType: fc.string(),
    projectId: fc.string(),
    networks: opt(fc.array(record({ caipNetworkId: fc.string(), rpcUrl: httpUrl }))),
    defaultChainId: opt(fc.integer()),
    smartSessions: opt(fc.boolean())
  }),
  reload: empty
}

/** One valid result of every method, answered by the frame. */
const USER = {
  email: 'a@b.co',
  address: '0x' + '1'.repeat(40),
  chainId: 1,
  accounts: [{ address: '0x1', type: 'eoa' }]
}
const RESULTS: { [M in FrameMethod]: unknown } = {
  switchNetwork: { chainId: 'eip155:1' },
  connectEmail: { action: 'VERIFY_OTP' },
  connectDevice: { action: 'VERIFY_OTP' },
  connectOtp: {},
  connectSocial: USER,
  getFarcasterUri: { url: 'https://farcaster.xyz/~/siwf?channelToken=x' },
  connectFarcaster: { ...USER, state: 'connected', userName: 'alice' },
  getUser: { ...USER, preferredAccountType: 'smartAccount', smartAccountDeployed: false },
  getSocialRedirectUri: { uri: 'https://accounts.example/auth' },
  signOut: {},
  isConnected: { isConnected: true },
  getChainId: { chainId: 1 },
  getSmartAccountEnabledNetworks: { smartAccountEnabledNetworks: [1, 8453] },
  initSmartAccount: { isDeployed: true },
  setPreferredAccount: { type: 'eoa', address: '0x1' },
  rpcRequest: '0x' + 'ab'.repeat(32),
  updateEmail: { action: 'VERIFY_PRIMARY_OTP' },
  updateEmailPrimaryOtp: {},
  updateEmailSecondaryOtp: { newEmail: 'new@b.co' },
  syncTheme: {},
  syncDappData: {},
  reload: {}
}

const methodWithParams = fc.constantFrom(...METHODS).chain(method => PARAMS[method].map(params => ({ method, params })))
/** Messages near the envelope: right or wrong channel, version, kind, id, method and params. */
const envelopeFields = {
  channel: fc.oneof(fc.constant(FRAME_CHANNEL), fc.string()),
  version: fc.oneof(fc.constant(FRAME_PROTOCOL_VERSION), fc.anything()),
  kind: fc.constantFrom('request', 'response', 'event', 'other'),
  id: fc.oneof(id, fc.string(), fc.anything())
}
const nearRequest = fc.record(
  {
    ...envelopeFields,
    method: fc.oneof(fc.constantFrom(...METHODS, 'constructor', '__proto__', 'toString'), fc.string()),
    params: fc.oneof(
      fc.anything(),
      methodWithParams.map(({ params }) => params)
    )
  },
  { requiredKeys: [] }
)
/** Answers near the envelope: ok or not, any result, an error with or without a message, or the ready event. */
const nearAnswer = fc.record(
  {
    ...envelopeFields,
    ok: fc.oneof(fc.boolean(), fc.anything()),
    result: fc.anything(),
    error: fc.oneof(fc.record({ message: fc.oneof(fc.string(), fc.anything()) }, { requiredKeys: [] }), fc.anything()),
    event: fc.oneof(fc.constant('ready'), fc.string())
  },
  { requiredKeys: [] }
)
const extras = fc.array(fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 10 }), fc.jsonValue()), {
  maxLength: 4
})

describe('page -> frame: requests (spec §7: each paired with its answer by a random id)', () => {
  fuzz('any message: a request whose params fit its method, or a problem in words; never a throw', () =>
    fc.property(fc.oneof(fc.anything(), nearRequest), data => {
      const parsed = parseFrameRequest(data)
      if ('problem' in parsed) {
        assert.ok(typeof parsed.problem === 'string' && parsed.problem.length > 0)
        if (parsed.id !== undefined) assert.match(parsed.id, /^[0-9a-f]{32}$/)
        return
      }
      assert.ok(METHODS.includes(parsed.method))
      assert.ok(z.safeParse(FRAME_METHODS[parsed.method].params, parsed.params).success)
      assert.match(parsed.id, /^[0-9a-f]{32}$/)
    })
  )

  fuzz('valid requests round-trip through postMessage’s structured clone, unknown fields tolerated', () =>
    fc.property(methodWithParams, id, extras, ({ method, params }, requestId, extra) => {
      const sent = frameRequest(method, params as never, requestId)
      const parsed = parseFrameRequest(structuredClone(sent))
      assert.deepEqual(parsed, sent)
      const newer = withExtraFields(FRAME_METHODS[method].params, params, extra)
      const tolerant = parseFrameRequest(structuredClone({ ...sent, params: newer, sentAt: Date.now() }))
      assert.deepEqual(tolerant, sent)
    })
  )

  fuzz('params of the wrong shape are refused with a problem naming the method and the request id', () =>
    fc.property(fc.constantFrom(...METHODS), fc.anything(), id, (method, params, requestId) => {
      if (z.safeParse(FRAME_METHODS[method].params, params).success) return
      const parsed = parseFrameRequest({ ...frameRequest(method, {} as never, requestId), params })
      assert.ok('problem' in parsed, `${method} accepted ${JSON.stringify(params)}`)
      assert.equal(parsed.id, requestId)
      assert.ok(parsed.problem.startsWith(`bad params for ${method}: `), parsed.problem)
    })
  )
})

describe('frame -> page: answers and events', () => {
  fuzz('any message: a response, the ready event, or undefined (dropped); never a throw', () =>
    fc.property(fc.oneof(fc.anything(), nearRequest, nearAnswer), data => {
      const parsed = parseFrameMessage(data)
      if (parsed === undefined) return
      if (parsed.kind === 'event') assert.deepEqual(parsed, FRAME_READY)
      else assert.match(parsed.id, /^[0-9a-f]{32}$/)
    })
  )

  fuzz('results, errors and the ready event round-trip through structured clone', () =>
    fc.property(id, fc.jsonValue(), fc.string(), (requestId, result, message) => {
      for (const sent of [frameResult(requestId, result), frameError(requestId, message), FRAME_READY])
        assert.deepEqual(parseFrameMessage(structuredClone(sent)), sent)
    })
  )

  fuzz('any result: what the method promises, or a FrameError with a message (never another throw)', () =>
    fc.property(fc.constantFrom(...METHODS), fc.oneof(fc.anything(), fc.jsonValue()), (method, result) => {
      try {
        const parsed = parseFrameResult(method, result)
        assert.ok(z.safeParse(FRAME_METHODS[method].result, parsed).success)
      } catch (error) {
        assert.ok(isTypedError(error, FrameError), String(error))
        assert.ok((error as Error).message.startsWith(`The frame answered ${method} with `))
      }
    })
  )

  fuzz('valid results round-trip and tolerate unknown fields (a newer frame)', () =>
    fc.property(fc.constantFrom(...METHODS), extras, (method, extra) => {
      const schema = FRAME_METHODS[method].result
      const expected = parseFrameResult(method, RESULTS[method])
      assert.deepEqual(
        parseFrameResult(method, structuredClone(withExtraFields(schema, RESULTS[method], extra))),
        expected
      )
    })
  )
})
