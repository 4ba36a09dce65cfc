// The project's checks on start (issue 13, docs/behaviour.md sections 6 to 8) through the kit's real HTTP
// client against the fault-injecting backend of the test server (test/browser/fault-backend.mjs):
// no project id, an unknown project, the origin allowlist with its built-in patterns; and
// createAppKit starting them once the page is idle.
import { expect } from '@open-wc/testing'
import { parseOptions } from '../../../src/config/options.js'
import { mainnet } from '../../../src/networks/definitions.js'
import { $alert, dismissAlert } from '../../../src/stores/alert.js'
import { resetOptions, setOptions } from '../../../src/stores/options.js'
import { checkProject } from '../../../src/stores/project-checks.js'
import { createAppKit } from '../../../src/app-kit.js'
import { resetModal } from '../../../src/stores/modal.js'
import { resetAnalytics } from '../../../src/stores/analytics.js'
import { resetProjectStart } from '../../../src/stores/project-start.js'
import { until } from '../connect/support.js'
import { BACKEND, backendRequests, forgetRequests } from './fault-backend-client.js'

/** The project ids this file uses (the analytics tests use others). */
const PROJECTS = [
  '',
  'unknown',
  'listed:https://app.example',
  'listed:https://*.shop.example',
  'listed-none',
  'no-origins',
  'p'
]

function useProject(projectId: string, backend = true): void {
  setOptions(parseOptions({ projectId, ...(backend ? { apiUrl: BACKEND } : {}), networks: [mainnet] }))
}

// Every test of the file: warnings quiet, no alert, this file's projects forgotten; afterwards the
// kit's state reset (the modal createAppKit mounted, analytics, the project's start).
const warn = console.warn
beforeEach(async () => {
  console.warn = () => undefined
  dismissAlert()
  await forgetRequests(PROJECTS)
})
afterEach(() => {
  console.warn = warn
  dismissAlert()
  resetAnalytics()
  resetProjectStart()
  document.querySelectorAll('w3m-modal').forEach(el => el.remove())
  resetModal()
  resetOptions()
})

describe('checkProject', () => {
  it('no project id: “Project ID Not Configured”, and no request at all', async () => {
    useProject('')
    expect(await checkProject('https://shop.example')).to.equal(false)
    expect($alert.get()).to.deep.equal({ id: 'project-id-not-configured', subject: '' })
    expect(await backendRequests('')).to.deep.equal([])
  })

  it('a project the backend does not know: “Invalid Project ID” naming it', async () => {
    useProject('unknown')
    expect(await checkProject('http://localhost:8000')).to.equal(false)
    expect($alert.get()).to.deep.equal({ id: 'invalid-project-id', subject: 'unknown' })
  })

  it('an origin on neither list: “Invalid App Configuration” naming the origin', async () => {
    useProject('listed:https://app.example')
    expect(await checkProject('https://shop.example')).to.equal(false)
    expect($alert.get()).to.deep.equal({ id: 'invalid-app-configuration', subject: 'https://shop.example' })
    const [request] = await backendRequests('listed:https://app.example')
    expect(request?.path).to.equal('/projects/v1/origins')
  })

  it('an origin on the project’s list (wildcards too) passes without an alert', async () => {
    useProject('listed:https://*.shop.example')
    expect(await checkProject('https://eu.shop.example')).to.equal(true)
    expect($alert.get().id).to.equal(undefined)
  })

  it('localhost and the preview hosts pass with an empty project list', async () => {
    useProject('listed-none')
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'https://my-app.vercel.app']) {
      expect(await checkProject(origin), origin).to.equal(true)
    }
    expect($alert.get().id).to.equal(undefined)
  })

  it('the list cannot be read: it counts as empty (a listed origin is then refused, localhost is not)', async () => {
    useProject('no-origins')
    expect(await checkProject('http://localhost:5173')).to.equal(true)
    expect($alert.get().id).to.equal(undefined)
    expect(await checkProject('https://app.example')).to.equal(false)
    expect($alert.get().id).to.equal('invalid-app-configuration')
  })

  it('without a backend only the project id is checked', async () => {
    useProject('p', false)
    expect(await checkProject('https://shop.example')).to.equal(true)
    expect($alert.get().id).to.equal(undefined)
  })
})

describe('createAppKit starts the project checks when the modal first opens', () => {
  it('nothing is checked before the modal opens', async () => {
    const kit = createAppKit({ projectId: 'unknown', apiUrl: BACKEND, networks: [mainnet] })
    await new Promise(resolve => setTimeout(resolve, 2500))
    expect((await backendRequests('unknown')).map(request => request.path)).to.not.include('/projects/v1/origins')
    expect($alert.get().id).to.equal(undefined)
    await kit.open({ view: 'Networks' })
    await until(() => $alert.get().id === 'invalid-project-id', 'the alert')
    kit.close()
  })

  it('an empty projectId is accepted: the kit runs and its alert says so, with no request', async () => {
    const kit = createAppKit({ projectId: '', apiUrl: BACKEND, networks: [mainnet] })
    await kit.open({ view: 'Networks' })
    await until(() => $alert.get().id === 'project-id-not-configured', 'the alert')
    expect(await backendRequests('')).to.deep.equal([])
    kit.close()
  })

  it('an absent projectId is the same', async () => {
    const kit = createAppKit({ networks: [mainnet] } as Parameters<typeof createAppKit>[0])
    await kit.open({ view: 'Networks' })
    await until(() => $alert.get().id === 'project-id-not-configured', 'the alert')
    kit.close()
  })

  it('an unknown project shows “Invalid Project ID” in the open modal', async () => {
    const kit = createAppKit({ projectId: 'unknown', apiUrl: BACKEND, networks: [mainnet] })
    await kit.open({ view: 'Networks' })
    await until(() => $alert.get().id === 'invalid-project-id', 'the alert')
    const modal = document.querySelector('w3m-modal')!
    await until(
      () => modal.shadowRoot?.querySelector('w3m-alertbar')?.shadowRoot?.querySelector('[data-alert]') != null,
      'the alert bar',
      5000
    )
    const bar = modal.shadowRoot!.querySelector('w3m-alertbar')!
    expect(bar.shadowRoot!.querySelector('[data-testid=w3m-alert-title]')!.textContent!.trim()).to.equal(
      'Invalid Project ID'
    )
    kit.close()
  })
})
