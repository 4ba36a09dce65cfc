// The React layer rendered by React itself: the generated wrappers and the hooks. Runs on React 19
// (`npx web-test-runner`) and again on React 18 (`REACT_VERSION=18 npx web-test-runner`, through
// the react-18 / react-dom-18 npm aliases: tools/wtr-react.mjs).
import { expect } from '@open-wc/testing'
import { waitUntil } from '../wait.js'
import { StrictMode, createElement, useState, version as reactVersion, type ReactNode } from 'react'
import { version as reactDomVersion } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { AppKitButton, W3mModal } from '../../../react/components.js'
import { useAppKit, useAppKitEvents, useAppKitState, useAppKitTheme } from '../../../react/hooks/index.js'
import { emitKitEvent } from '../../../src/stores/kit-events.js'
import type { ModalOpenEvent } from '../../../src/events/modal-events.js'
import { resetAccount } from '../../../src/stores/account.js'
import { $modal, closeModal, openModal, resetModal } from '../../../src/stores/modal.js'
import { $router, resetRouter } from '../../../src/stores/router.js'
import { resetTheme } from '../../../src/stores/theme.js'

/** The React major this run is for: web-test-runner.config.mjs puts REACT_VERSION on the page. */
const expectedMajor = process.env.REACT_VERSION

function innerButton(host: Element | null | undefined, testId: string): HTMLButtonElement | null {
  return host?.shadowRoot?.querySelector<HTMLButtonElement>(`[data-testid=${testId}]`) ?? null
}

describe(`appkit-elements/react on React ${reactVersion}`, () => {
  let container: HTMLElement
  let root: Root

  function render(node: ReactNode): void {
    root.render(createElement(StrictMode, null, node))
  }

  beforeEach(() => {
    resetModal()
    resetRouter()
    resetAccount()
    resetTheme()
    container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
  })
  afterEach(() => {
    root.unmount()
    container.remove()
    resetModal()
    resetTheme()
  })

  it('runs on the React major the runner asked for, never a fallback', () => {
    expect(['18', '19']).to.include(expectedMajor)
    expect(reactVersion.split('.')[0]).to.equal(expectedMajor)
    expect(reactDomVersion.split('-')[0]).to.equal(reactVersion)
  })

  it('<AppKitButton label> renders <appkit-button> with the label, and its click opens Connect', async () => {
    render(createElement(AppKitButton, { label: 'Sign in' }))
    let button: HTMLButtonElement | null = null
    await waitUntil(() => {
      const connect = container.querySelector('appkit-button')?.shadowRoot?.querySelector('appkit-connect-button')
      button = innerButton(connect, 'connect-button')
      return button?.textContent?.trim() === 'Sign in'
    }, 'the wrapper did not render a connect button labelled "Sign in"')
    button!.click()
    expect($modal.get().open).to.equal(true)
    expect($router.get().view).to.equal('Connect')
    closeModal()
    await expect(container).to.be.accessible()
  })

  it('<W3mModal onOpen onClose> calls the current handlers with the typed events', async () => {
    const calls: string[] = []
    const modal = (label: string) =>
      createElement(W3mModal, {
        onOpen: (event: ModalOpenEvent) => calls.push(`${label} open ${event.view}`),
        onClose: () => calls.push(`${label} close`)
      })
    render(modal('first'))
    await waitUntil(() => container.querySelector('w3m-modal')?.shadowRoot, 'no <w3m-modal> rendered')
    openModal({ view: 'Networks' })
    await waitUntil(() => calls.length === 1, 'onOpen was not called')
    render(modal('second'))
    // The new handlers are attached in a layout effect (React 18) or as props (React 19).
    await new Promise(resolve => requestAnimationFrame(resolve))
    closeModal()
    await waitUntil(() => calls.length === 2, 'onClose was not called')
    expect(calls).to.deep.equal(['first open Networks', 'second close'])
  })

  it('useAppKitState follows the modal, and useAppKit().open opens a view from a React click', async () => {
    function Probe() {
      const { open } = useAppKit()
      const state = useAppKitState()
      return createElement(
        'button',
        {
          type: 'button',
          'data-state': state.open ? 'open' : 'closed',
          onClick: () => void open({ view: 'Networks' })
        },
        'Networks'
      )
    }
    render(createElement(Probe))
    const probe = () => container.querySelector('button')
    await waitUntil(() => probe()?.dataset.state === 'closed', 'the hook did not render the closed state')
    probe()!.click()
    await waitUntil(() => probe()?.dataset.state === 'open', 'useAppKitState did not re-render on open')
    expect($router.get().view).to.equal('Networks')
    closeModal()
    await waitUntil(() => probe()?.dataset.state === 'closed', 'useAppKitState did not re-render on close')
  })

  it('useAppKitTheme re-renders on setThemeMode, and a state update keeps the hooks stable', async () => {
    const seen: unknown[] = []
    function Probe() {
      const theme = useAppKitTheme()
      const [clicks, setClicks] = useState(0)
      seen.push(theme.setThemeMode)
      return createElement(
        'button',
        {
          type: 'button',
          'data-mode': theme.themeMode,
          'data-clicks': String(clicks),
          onClick: () => {
            setClicks(n => n + 1)
            theme.setThemeMode('dark')
          }
        },
        'Dark'
      )
    }
    render(createElement(Probe))
    const probe = () => container.querySelector('button')
    await waitUntil(() => probe()?.dataset.mode === 'light', 'the hook did not render the light mode')
    probe()!.click()
    await waitUntil(
      () => probe()?.dataset.mode === 'dark' && probe()?.dataset.clicks === '1',
      'useAppKitTheme did not re-render in the dark mode'
    )
    expect(new Set(seen).size).to.equal(1)
  })

  it('useAppKitEvents(filter) keeps the newest event the filter passes, even when others follow at once', async () => {
    function Probe() {
      const all = useAppKitEvents()
      const signIn = useAppKitEvents(event => event.event.includes('SIWX'))
      return createElement('output', { 'data-all': all?.event ?? '', 'data-sign-in': signIn?.event ?? '' })
    }
    render(createElement(Probe))
    const probe = () => container.querySelector('output')
    // The stream's module loads with the hooks' effects: emit until both listen.
    await waitUntil(() => {
      emitKitEvent('SIWX_AUTH_ERROR')
      return probe()?.dataset.signIn === 'SIWX_AUTH_ERROR'
    }, 'the hooks did not hear the stream')
    emitKitEvent('SIWX_AUTH_SUCCESS')
    emitKitEvent('MODAL_CLOSE', { connected: true })
    await waitUntil(() => probe()?.dataset.all === 'MODAL_CLOSE', 'useAppKitEvents() did not follow')
    expect(probe()?.dataset.signIn).to.equal('SIWX_AUTH_SUCCESS')
  })
})
