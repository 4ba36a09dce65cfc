// GET /admin/analytics-events: the stored analytics events of one project, only with the admin
// token (APPKIT_ADMIN_TOKEN) as a bearer token; without a configured token the route does not exist.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { analyticsEventSchema, type AnalyticsEvent } from '../../src/api/schemas/index.js'
import { loadConfig } from '../../service/backend/config.js'
import { createTestApp, parsed, useTestApp } from './helpers.js'

const TOKEN = 'admin-token-for-the-tests-0123456789'
const testApp = useTestApp()

const event = (name: string): AnalyticsEvent =>
  parsed(analyticsEventSchema, {
    eventId: `admin-${process.pid}-${name}-${Math.random()}`,
    url: 'http://127.0.0.1:5173/',
    domain: '127.0.0.1:5173',
    timestamp: 1_760_000_000_000,
    props: { type: 'track', event: name, properties: { view: 'Connect' } }
  })

describe('GET /admin/analytics-events', () => {
  it('lists the project’s stored events, oldest first, with the bearer token', async () => {
    const admin = await createTestApp(testApp.app.db, { config: { adminToken: TOKEN } })
    const batch = [event('MODAL_OPEN'), event('MODAL_CLOSE')]
    const posted = await admin.request('POST', '/e', { body: batch, headers: { Origin: 'http://127.0.0.1:5173' } })
    assert.equal(posted.status, 202)
    const answer = await admin.request('GET', '/admin/analytics-events', {
      query: { projectId: 'appkit-local' },
      headers: { Authorization: `Bearer ${TOKEN}` }
    })
    assert.equal(answer.status, 200)
    const { events } = answer.body as {
      events: Array<{ eventId: string; event: string; origin: string; properties: unknown; timestamp: number }>
    }
    const mine = events.filter(row => batch.some(sent => sent.eventId === row.eventId))
    assert.deepEqual(
      mine.map(row => [row.event, row.origin, row.properties, row.timestamp]),
      [
        ['MODAL_OPEN', 'http://127.0.0.1:5173', { view: 'Connect' }, 1_760_000_000_000],
        ['MODAL_CLOSE', 'http://127.0.0.1:5173', { view: 'Connect' }, 1_760_000_000_000]
      ]
    )
  })

  it('answers 404 without the right token, and when no token is configured', async () => {
    const admin = await createTestApp(testApp.app.db, { config: { adminToken: TOKEN } })
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer wrong' },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: TOKEN }
    ]
    for (const headers of attempts) {
      const answer = await admin.request('GET', '/admin/analytics-events', {
        query: { projectId: 'appkit-local' },
        headers
      })
      assert.equal(answer.status, 404, JSON.stringify(headers))
    }
    const answer = await testApp.app.request('GET', '/admin/analytics-events', {
      query: { projectId: 'appkit-local' },
      headers: { Authorization: `Bearer ${TOKEN}` }
    })
    assert.equal(answer.status, 404)
  })

  it('takes the token from APPKIT_ADMIN_TOKEN and refuses one shorter than 16 characters', () => {
    assert.equal(loadConfig({ dataDir: undefined }, { APPKIT_ADMIN_TOKEN: TOKEN }).adminToken, TOKEN)
    assert.equal(loadConfig({ dataDir: undefined }, {}).adminToken, undefined)
    assert.throws(() => loadConfig({ dataDir: undefined }, { APPKIT_ADMIN_TOKEN: 'short' }), /adminToken/)
  })
})
