// Analytics POST /e: the project's origin allowlist (exact origins and wildcard patterns), the
// spec's exact 403 text, bad bodies, and accepted events stored once per eventId. Plus the origin
// pattern matcher on its own.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { analyticsEventSchema, ORIGIN_NOT_ALLOWED_MESSAGE, type AnalyticsEvent } from '../../src/api/schemas/index.js'
import { isOriginAllowed, originMatches } from '../../src/utils/origin-patterns.js'
import { createTestApp, parsed, useTestApp } from './helpers.js'
import { ORIGIN_PATTERN_CASES, UNUSABLE_ORIGINS } from '../fixtures/origin-pattern-cases.js'

const testApp = useTestApp()

let nextId = 1
function event(overrides: Partial<AnalyticsEvent['props']> = {}): AnalyticsEvent {
  return parsed(analyticsEventSchema, {
    eventId: `evt-${process.pid}-${nextId++}`,
    url: 'http://localhost:5173/',
    domain: 'localhost',
    timestamp: 1_760_000_000_000,
    props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false }, ...overrides }
  })
}

const send = (
  body: unknown,
  origin: string | undefined,
  query: Record<string, string> = {},
  headers: Record<string, string> = {}
) => testApp.app.request('POST', '/e', { body, query, headers: { ...(origin ? { Origin: origin } : {}), ...headers } })

async function stored(eventId: string) {
  const { rows } = await testApp.app.db.query<{
    origin: string
    event: string
    event_type: string
    properties: unknown
    sdk_type: string
  }>('SELECT origin, event, event_type, properties, sdk_type FROM analytics_events WHERE event_id = $1', [eventId])
  return rows
}

describe('POST /e', () => {
  it('accepts an event from an allowed origin with 202 and stores it', async () => {
    const body = event({ event: 'SIWX_AUTH_SUCCESS', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    const answer = await send(body, 'http://localhost:5173')
    assert.equal(answer.status, 202)
    assert.equal(answer.text, '')
    const rows = await stored(body.eventId)
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.origin, 'http://localhost:5173')
    assert.equal(rows[0]!.event, 'SIWX_AUTH_SUCCESS')
    assert.equal(rows[0]!.event_type, 'track')
    assert.equal(rows[0]!.sdk_type, 'appkit')
    assert.deepEqual(rows[0]!.properties, { connected: false })
  })

  it('accepts a batch sent as text/plain (what navigator.sendBeacon sends) and stores each event', async () => {
    const batch = [event({ event: 'MODAL_OPEN' }), event({ event: 'MODAL_CLOSE' })]
    const answer = await send(batch, 'http://localhost:5173', {}, { 'Content-Type': 'text/plain;charset=UTF-8' })
    assert.equal(answer.status, 202)
    assert.equal((await stored(batch[0]!.eventId))[0]?.event, 'MODAL_OPEN')
    assert.equal((await stored(batch[1]!.eventId))[0]?.event, 'MODAL_CLOSE')
  })

  it('refuses an empty batch and one over 50 events, storing none of it', async () => {
    const headers = { Origin: 'http://localhost:5173' }
    assert.equal(
      await testApp.app.error('POST', '/e', 400, { body: [], headers }),
      'Invalid request body: Too small: expected array to have >=1 items'
    )
    const tooMany = Array.from({ length: 51 }, () => event())
    assert.equal(
      await testApp.app.error('POST', '/e', 400, { body: tooMany, headers }),
      'Invalid request body: Too big: expected array to have <=50 items'
    )
    assert.equal((await stored(tooMany[0]!.eventId)).length, 0)
  })

  it('stores an event once even when it is sent twice', async () => {
    const body = event()
    assert.equal((await send(body, 'http://127.0.0.1:3000')).status, 202)
    assert.equal((await send(body, 'http://127.0.0.1:3000')).status, 202)
    assert.equal((await stored(body.eventId)).length, 1)
  })

  it('stores a batch with one statement (issue 33, section 4): an eventId twice in it, or stored already, kept once', async () => {
    const db = testApp.app.db
    const earlier = event()
    assert.equal((await send(earlier, 'http://127.0.0.1:3000')).status, 202)
    const batch = Array.from({ length: 48 }, () => event())
    const body = [...batch, batch[0]!, earlier]
    const query = db.query.bind(db)
    let inserts = 0
    db.query = (text, params) => {
      if (/INSERT INTO analytics_events/.test(text)) inserts++
      return query(text, params)
    }
    try {
      assert.equal((await send(body, 'http://127.0.0.1:3000')).status, 202)
    } finally {
      db.query = query
    }
    assert.equal(inserts, 1)
    for (const sent of [...batch, earlier]) assert.equal((await stored(sent.eventId)).length, 1)
  })

  it('matches the default wildcard patterns: any localhost port, *.pages.dev, *.vercel.app', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://localhost:8080',
      'http://localhost',
      'http://127.0.0.1:4173',
      'https://demo.pages.dev',
      'https://preview-42.appkit-demo.pages.dev',
      'https://my-app.vercel.app'
    ]) {
      const body = event()
      const answer = await send(body, origin)
      assert.equal(answer.status, 202, `${origin}: ${answer.text}`)
      assert.equal((await stored(body.eventId)).length, 1)
    }
  })

  it(`refuses other origins with 403 '${ORIGIN_NOT_ALLOWED_MESSAGE}' and stores nothing`, async () => {
    for (const origin of [
      'https://evil.example',
      'https://localhost:5173', // https is not in http://localhost:*
      'http://localhost.evil.example:5173',
      'https://vercel.app', // *. needs at least one label
      'https://evilvercel.app',
      'https://my-app.vercel.app.evil.example',
      'http://127.0.0.2:5173',
      'null',
      undefined
    ]) {
      const body = event()
      const message = await testApp.app.error('POST', '/e', 403, { body, headers: origin ? { Origin: origin } : {} })
      assert.equal(message, ORIGIN_NOT_ALLOWED_MESSAGE, String(origin))
      assert.equal((await stored(body.eventId)).length, 0, String(origin))
    }
  })

  it('uses the allowlist of the project in the query', async () => {
    const shop = await createTestApp(testApp.app.db, {
      config: {
        projects: [
          { id: 'appkit-local', allowedOrigins: ['http://localhost:*'] },
          { id: 'shop', allowedOrigins: ['https://shop.example', 'https://*.shop.example:8443'] }
        ]
      }
    })
    const post = (origin: string, projectId: string) =>
      shop.request('POST', '/e', { body: event(), query: { projectId }, headers: { Origin: origin } })
    assert.equal((await post('https://shop.example', 'shop')).status, 202)
    assert.equal((await post('https://eu.shop.example:8443', 'shop')).status, 202)
    assert.equal((await post('https://eu.shop.example', 'shop')).status, 403)
    assert.equal((await post('http://localhost:5173', 'shop')).status, 403)
    assert.equal((await post('https://shop.example', 'appkit-local')).status, 403)
    const unknown = await shop.request('POST', '/e', {
      body: event(),
      query: { projectId: 'nope' },
      headers: { Origin: 'https://shop.example' }
    })
    assert.equal(unknown.status, 403)
    assert.match((unknown.body as { message: string }).message, /^Invalid Project ID/)
    await shop.close()
  })

  it('answers 400 naming the field for a bad event', async () => {
    const origin = { Origin: 'http://localhost:5173' }
    const good = event()
    assert.equal(
      await testApp.app.error('POST', '/e', 400, { raw: '{not json', headers: origin }),
      'Invalid request body: expected JSON'
    )
    assert.equal(
      await testApp.app.error('POST', '/e', 400, { body: 1, headers: origin }),
      'Invalid request body: expected an object'
    )
    // An array is a batch: the bad entry is named.
    assert.equal(
      await testApp.app.error('POST', '/e', 400, { body: [1], headers: origin }),
      "Invalid body field '0': expected an object, got 1"
    )
    assert.equal(
      await testApp.app.error('POST', '/e', 400, { body: { ...good, eventId: undefined }, headers: origin }),
      "Missing body field 'eventId'"
    )
    assert.equal(
      await testApp.app.error('POST', '/e', 400, { body: { ...good, timestamp: 'yesterday' }, headers: origin }),
      "Invalid body field 'timestamp': expected a number, got 'yesterday'"
    )
    assert.equal(
      await testApp.app.error('POST', '/e', 400, {
        body: { ...good, props: { ...good.props, type: 'click' } },
        headers: origin
      }),
      `Invalid body field 'props.type': expected one of "track", "error", got 'click'`
    )
  })
})

describe('origin patterns (the cases the kit’s browser test shares)', () => {
  for (const [origin, pattern, expected, why] of ORIGIN_PATTERN_CASES) {
    it(`${why}: ${origin} ${expected ? 'matches' : 'does not match'} ${pattern}`, () => {
      assert.equal(originMatches(origin, pattern), expected)
    })
  }

  it('refuses opaque, malformed and missing origins', () => {
    for (const origin of UNUSABLE_ORIGINS) {
      assert.ok(!isOriginAllowed(origin, ['*.example', 'https://app.example']), origin)
    }
    assert.ok(!isOriginAllowed(undefined, ['http://localhost:*']))
  })
})
