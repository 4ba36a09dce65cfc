// Analytics (issue 13, docs/behaviour.md sections 7 and 8) through the kit's real HTTP client and
// navigator.sendBeacon against the fault-injecting backend of the test server: the project's gate,
// features.analytics, batching, the beacon on page hide, safe properties, and the 403 path.
import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { WAIT_MS } from '../wait.js'
import { parseOptions } from '../../../src/config/options.js'
import { ANALYTICS_FLUSH_MS } from '../../../src/config/constants.js'
import { mainnet } from '../../../src/networks/definitions.js'
import { $alert, dismissAlert } from '../../../src/stores/alert.js'
import { analyticsEnabled, flushAnalytics, resetAnalytics, startAnalytics } from '../../../src/stores/analytics.js'
import { safeProperties } from '../../../src/stores/analytics-event.js'
import { emitKitEvent } from '../../../src/stores/kit-events.js'
import { resetOptions, setOptions } from '../../../src/stores/options.js'
import { KIT_EVENTS } from '../../../src/events/kit-event-names.js'
import { BACKEND, backendRequests, forgetRequests } from './fault-backend-client.js'
import { createAppKit } from '../../../src/app-kit.js'
import { resetModal } from '../../../src/stores/modal.js'
import { resetProjectStart } from '../../../src/stores/project-start.js'
import { until } from '../connect/support.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The project ids this file uses (the project checks' tests use others). */
const PROJECTS = [
  'on',
  'timer',
  'beacon',
  'no-analytics',
  'app-off',
  'refused',
  'private',
  'early',
  'gate',
  'gate-fail'
]

function useProject(projectId: string, features: Record<string, unknown> = {}): void {
  setOptions(parseOptions({ projectId, apiUrl: BACKEND, networks: [mainnet], features }))
}

type Posted = {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: { type: string; event: string; properties?: Record<string, unknown> }
}

async function postedEvents(projectId: string): Promise<Posted[]> {
  const posts = (await backendRequests(projectId)).filter(request => request.path === '/e')
  return posts.flatMap(post => (Array.isArray(post.body) ? post.body : [post.body]) as Posted[])
}

describe('analytics', () => {
  const warn = console.warn
  beforeEach(async () => {
    console.warn = () => undefined
    resetAnalytics()
    dismissAlert()
    await forgetRequests(PROJECTS)
  })
  afterEach(() => {
    console.warn = warn
    resetAnalytics()
    dismissAlert()
    resetOptions()
  })

  it('sends the kit’s events to POST /e in one batch, with id, url, domain, time and type', async () => {
    useProject('on')
    await startAnalytics()
    expect(analyticsEnabled()).to.equal(true)
    emitKitEvent('MODAL_OPEN', { view: 'Connect', connected: false })
    emitKitEvent('ERROR_FETCH_TRANSACTIONS', { chainId: 'eip155:1' })
    // Nothing yet: the batch waits (ANALYTICS_FLUSH_MS) for more events.
    expect(await postedEvents('on')).to.deep.equal([])
    await flushAnalytics()
    const posts = (await backendRequests('on')).filter(request => request.path === '/e')
    expect(posts).to.have.length(1)
    expect(posts[0]!.contentType).to.match(/^text\/plain/)
    const events = await postedEvents('on')
    expect(events.map(event => [event.props.event, event.props.type])).to.deep.equal([
      ['MODAL_OPEN', 'track'],
      ['ERROR_FETCH_TRANSACTIONS', 'error']
    ])
    const [first, second] = events
    expect(first!.eventId).to.match(/^[0-9a-f]{32}$/)
    expect(first!.eventId).to.not.equal(second!.eventId)
    expect(first!.url).to.equal(`${location.origin}${location.pathname}`)
    expect(first!.domain).to.equal(location.host)
    expect(Math.abs(first!.timestamp - Date.now())).to.be.lessThan(10_000)
    expect(first!.props.properties).to.deep.equal({ view: 'Connect', connected: false })
  })

  it('sends on its own ANALYTICS_FLUSH_MS after the first event', async () => {
    useProject('timer')
    await startAnalytics()
    // The spec's 5 s on a fake clock (only the timers: the requests are real).
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      emitKitEvent('MODAL_CLOSE', { connected: false })
      clock.tick(ANALYTICS_FLUSH_MS - 1)
      expect(await postedEvents('timer'), 'before ANALYTICS_FLUSH_MS').to.deep.equal([])
      clock.tick(1)
    } finally {
      clock.restore()
    }
    let posted: Posted[] = []
    for (const end = Date.now() + WAIT_MS; posted.length === 0 && Date.now() < end;) {
      posted = await postedEvents('timer')
      if (posted.length === 0) await new Promise(resolve => setTimeout(resolve, 10))
    }
    expect(posted.map(event => event.props.event)).to.deep.equal(['MODAL_CLOSE'])
  })

  it('hands what is queued to navigator.sendBeacon when the page hides', async () => {
    useProject('beacon')
    await startAnalytics()
    emitKitEvent('SWITCH_NETWORK', { network: 'eip155:1' })
    emitKitEvent('MODAL_CLOSE', { connected: true })
    window.dispatchEvent(new PageTransitionEvent('pagehide'))
    let events: Posted[] = []
    // Until both came, within the suite's bound (it was 50 looks 100 ms apart, which a loaded
    // machine could outlast).
    for (const end = Date.now() + WAIT_MS; events.length < 2 && Date.now() < end;) {
      events = await postedEvents('beacon')
      if (events.length < 2) await new Promise(resolve => setTimeout(resolve, 10))
    }
    expect(events.map(event => event.props.event)).to.deep.equal(['SWITCH_NETWORK', 'MODAL_CLOSE'])
    // One request for both: a batch.
    expect((await backendRequests('beacon')).filter(request => request.path === '/e')).to.have.length(1)
  })

  it('events from before the first modal opening (the app’s disconnect(), a reconnect) are sent once the project passed', async () => {
    const kit = createAppKit({ projectId: 'early', apiUrl: BACKEND, networks: [mainnet] })
    try {
      // The recording listens once the event stream's module is in (a task at most).
      await new Promise(resolve => setTimeout(resolve, 0))
      emitKitEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' })
      expect(await backendRequests('early'), 'nothing is asked before the modal opens').to.deep.equal([])
      await kit.open({ view: 'Networks' })
      await until(() => analyticsEnabled() === true, 'analytics on')
      await flushAnalytics()
      const events = (await postedEvents('early')).map(event => event.props.event)
      expect(events.slice(0, 2)).to.deep.equal(['DISCONNECT_SUCCESS', 'MODAL_OPEN'])
      expect(
        events.filter(event => event === 'DISCONNECT_SUCCESS'),
        'told once'
      ).to.have.length(1)
    } finally {
      kit.close()
      resetProjectStart()
      document.querySelectorAll('w3m-modal').forEach(el => el.remove())
      resetModal()
    }
  })

  it('nothing is sent before the project’s check passed (the early events wait with the rest)', async () => {
    useProject('gate')
    let pass: (ok: boolean) => void = () => undefined
    const checked = new Promise<boolean>(resolve => (pass = resolve))
    const early = { events: [{ event: 'DISCONNECT_SUCCESS' as const, timestamp: Date.now() }], stop: sinon.spy() }
    const started = startAnalytics(early, checked)
    expect(early.stop.calledOnce, 'the recording stops as the listening starts').to.equal(true)
    emitKitEvent('MODAL_OPEN', { view: 'Connect', connected: false })
    // The project has answered (analytics on); only the check is still out.
    for (let end = Date.now() + WAIT_MS; ; await new Promise(resolve => setTimeout(resolve, 10))) {
      if ((await backendRequests('gate')).some(request => request.path === '/getAnalyticsConfig')) break
      if (Date.now() > end) throw new Error('Timed out waiting for the project’s answer')
    }
    await flushAnalytics()
    expect(analyticsEnabled()).to.equal(undefined)
    expect(await postedEvents('gate')).to.deep.equal([])
    pass(true)
    await started
    await flushAnalytics()
    expect((await postedEvents('gate')).map(event => event.props.event)).to.deep.equal([
      'DISCONNECT_SUCCESS',
      'MODAL_OPEN'
    ])
  })

  it('a project check that fails drops the queue: nothing is sent, early events included', async () => {
    useProject('gate-fail')
    const early = { events: [{ event: 'DISCONNECT_SUCCESS' as const, timestamp: Date.now() }], stop: () => undefined }
    await startAnalytics(early, Promise.resolve(false))
    expect(analyticsEnabled()).to.equal(false)
    emitKitEvent('MODAL_OPEN', { view: 'Connect', connected: false })
    await flushAnalytics()
    window.dispatchEvent(new PageTransitionEvent('pagehide'))
    expect(await postedEvents('gate-fail')).to.deep.equal([])
  })

  it('the project has analytics off: nothing is sent', async () => {
    useProject('no-analytics')
    await startAnalytics()
    expect(analyticsEnabled()).to.equal(false)
    emitKitEvent('MODAL_OPEN', { view: 'Connect', connected: false })
    await flushAnalytics()
    window.dispatchEvent(new PageTransitionEvent('pagehide'))
    await new Promise(resolve => setTimeout(resolve, 300))
    expect(await postedEvents('no-analytics')).to.deep.equal([])
  })

  it('features.analytics: false: the project is not even asked', async () => {
    useProject('app-off', { analytics: false })
    await startAnalytics()
    expect(analyticsEnabled()).to.equal(undefined)
    expect(await backendRequests('app-off')).to.deep.equal([])
  })

  it('a 403 turns analytics off for the page and shows “Invalid App Configuration” once', async () => {
    useProject('refused')
    await startAnalytics()
    emitKitEvent('MODAL_OPEN', { view: 'Connect', connected: false })
    await flushAnalytics()
    expect(analyticsEnabled()).to.equal(false)
    expect($alert.get()).to.deep.equal({ id: 'invalid-app-configuration', subject: location.origin })
    dismissAlert()
    emitKitEvent('MODAL_CLOSE', { connected: false })
    await flushAnalytics()
    window.dispatchEvent(new PageTransitionEvent('pagehide'))
    await new Promise(resolve => setTimeout(resolve, 300))
    expect((await backendRequests('refused')).filter(request => request.path === '/e')).to.have.length(1)
    expect($alert.get().id).to.equal(undefined)
  })

  it('props never hold an e-mail address, a key, a signature or a full address', async () => {
    useProject('private')
    await startAnalytics()
    emitKitEvent('CONNECT_SUCCESS', {
      wallet: 'Dev Wallet',
      email: 'visitor@example.com',
      note: 'mail visitor@example.com',
      privateKey: `0x${'11'.repeat(32)}`,
      signature: `0x${'ab'.repeat(65)}`,
      account: ADDRESS,
      nested: { to: `sent to ${ADDRESS}`, raw: `0x${'cd'.repeat(65)}` }
    })
    await flushAnalytics()
    const [event] = await postedEvents('private')
    const sent = JSON.stringify(event)
    expect(sent).to.not.contain('visitor@example.com')
    expect(sent).to.not.contain('11'.repeat(32))
    expect(sent).to.not.contain('ab'.repeat(65))
    expect(sent).to.not.contain(ADDRESS)
    expect(event!.props.properties).to.deep.equal({
      wallet: 'Dev Wallet',
      account: '0x7099…79C8',
      nested: { to: 'sent to 0x7099…79C8' }
    })
  })
})

describe('the event list', () => {
  it('holds the spec’s four events and types each as track or error', () => {
    for (const name of ['SIWX_AUTH_ERROR', 'SIWX_AUTH_SUCCESS', 'CLICK_CANCEL_SIWX', 'ERROR_FETCH_TRANSACTIONS']) {
      expect(KIT_EVENTS).to.have.property(name)
    }
    expect(KIT_EVENTS.SIWX_AUTH_ERROR).to.equal('error')
    expect(KIT_EVENTS.MODAL_OPEN).to.equal('track')
  })

  it('safeProperties shortens Solana addresses too', () => {
    expect(safeProperties({ to: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' })).to.deep.equal({ to: '7xKXtg…gAsU' })
  })
})
