// Starting the frame page (service/frame/app.ts) where it cannot serve: without a host in its address, for
// an unknown project, or opened on its own (not in an iframe). The reason is shown as text in an
// alert, and nothing is served. (Serving an allowed host: frame-page.test.ts.)
import { expect } from '@open-wc/testing'
import { NO_HOST, startFrame } from '../../../service/frame/app.js'
import { openSession } from '../../../service/frame/session.js'
import { FakeBackend, memoryStorage } from './fake-backend.js'

describe('starting the frame page', () => {
  let root: HTMLElement
  let error: typeof console.error
  beforeEach(() => {
    root = document.createElement('main')
    document.body.append(root)
    error = console.error
    console.error = () => undefined
  })
  afterEach(() => {
    console.error = error
    root.remove()
  })

  async function start(search: string, backend = new FakeBackend()) {
    const hostOrigin = new URLSearchParams(search).get('hostOrigin') ?? ''
    const started = await startFrame({ search, root, backend, session: openSession(hostOrigin, memoryStorage()) })
    return { started, backend, alert: root.querySelector('[role="alert"]')?.textContent }
  }

  it('says it runs inside an app when its address names no host or no project, and asks nothing', async () => {
    for (const search of [
      '',
      '?projectId=demo',
      '?hostOrigin=nonsense&projectId=demo',
      '?hostOrigin=http://localhost:1'
    ]) {
      root.replaceChildren()
      const { started, backend, alert } = await start(search)
      expect(started, search).to.equal(undefined)
      expect(alert, search).to.equal(NO_HOST)
      expect(backend.calls, search).to.deep.equal([])
    }
  })

  it('shows the backend’s message for an unknown project', async () => {
    const { started, alert } = await start('?hostOrigin=http://localhost:1&projectId=unknown')
    expect(started).to.equal(undefined)
    expect(alert).to.equal('Invalid Project ID')
  })

  it('says it runs inside an app when opened on its own page', async () => {
    const { started, backend, alert } = await start(`?hostOrigin=${encodeURIComponent(location.origin)}&projectId=demo`)
    expect(started).to.equal(undefined)
    expect(backend.routes()).to.deep.equal(['project'])
    expect(alert).to.equal(NO_HOST)
    expect(root.querySelector('.idle h1')?.textContent).to.equal('Secure wallet')
  })
})
