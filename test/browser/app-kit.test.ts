import { expect } from '@open-wc/testing'
import { createAppKit } from '../../src/app-kit.js'
import { AppKitOptionsError } from '../../src/config/options.js'
import { localChainA, localChainB } from '../../src/networks/definitions.js'
import { evmAdapter } from '../../src/adapters/evm/index.js'
import { $router, resetRouter } from '../../src/stores/router.js'
import { resetModal } from '../../src/stores/modal.js'
import { resetTheme } from '../../src/stores/theme.js'
import type { PublicState } from '../../src/stores/public-state.js'
import { emitKitEvent, type KitEvent } from '../../src/stores/kit-events.js'
import { stopModalEvents } from '../../src/stores/modal-events.js'
import { resetProjectStart } from '../../src/stores/project-start.js'
import { until, waitUntil } from './wait.js'

const options = { projectId: 'appkit-local', networks: [localChainA, localChainB], adapters: [evmAdapter()] }

describe('createAppKit', () => {
  beforeEach(() => {
    resetModal()
    resetRouter()
    resetTheme()
    document.querySelectorAll('w3m-modal').forEach(el => el.remove())
  })

  it('puts one modal on the page, and a second call reuses it without defining elements again', () => {
    const define = customElements.define.bind(customElements)
    let definitions = 0
    customElements.define = (...args: Parameters<CustomElementRegistry['define']>) => {
      definitions++
      define(...args)
    }
    try {
      createAppKit(options)
      createAppKit(options)
    } finally {
      customElements.define = define
    }
    expect(document.querySelectorAll('w3m-modal')).to.have.length(1)
    expect(definitions).to.equal(0)
    expect(customElements.get('appkit-button')).to.not.equal(undefined)
  })

  it('throws a named error for a bad option', () => {
    expect(() => createAppKit({ ...options, projectId: 42 as unknown as string })).to.throw(
      AppKitOptionsError,
      'projectId'
    )
  })

  it('opens and closes, and reports its state', async () => {
    const kit = createAppKit({ ...options, defaultNetwork: localChainB })
    const states: PublicState[] = []
    const stop = kit.subscribeState(state => states.push(state))
    await kit.open({ view: 'Networks' })
    expect(kit.getState()).to.deep.equal({
      open: true,
      loading: false,
      selectedNetworkId: 'eip155:31338',
      activeChain: 'eip155'
    })
    expect($router.get().view).to.equal('Networks')
    kit.close()
    expect(kit.getState().open).to.equal(false)
    stop()
    expect(states.map(s => s.open)).to.deep.equal([true, false])
  })

  it('sets and reports the theme', () => {
    const kit = createAppKit({ ...options, themeMode: 'dark', themeVariables: { '--w3m-accent': '#ff0000' } })
    expect(kit.getThemeMode()).to.equal('dark')
    const seen: string[] = []
    const stop = kit.subscribeTheme(theme => seen.push(theme.themeMode))
    kit.setThemeMode('light')
    kit.setThemeVariables({ '--w3m-font-size-master': 12 })
    stop()
    expect(kit.getThemeMode()).to.equal('light')
    expect(kit.getThemeVariables()).to.deep.equal({ '--w3m-accent': '#ff0000', '--w3m-font-size-master': 12 })
    expect(seen[0]).to.equal('light')
  })

  it('rejects a bad theme mode or variable at run time, naming it', () => {
    const kit = createAppKit(options)
    expect(() => kit.setThemeMode('sepia' as 'light')).to.throw(AppKitOptionsError, 'themeMode')
    expect(() => kit.setThemeVariables({ '--w3m-accent': {} as string })).to.throw(AppKitOptionsError, 'themeVariables')
  })
})

describe('createAppKit: the event stream', () => {
  it('subscribeEvents hears what the kit emits, a throwing listener does not stop the others, and unsubscribing stops it', async () => {
    const kit = createAppKit(options)
    const heard: KitEvent[] = []
    const stopThrowing = kit.subscribeEvents(() => {
      throw new Error('an app bug')
    })
    const stop = kit.subscribeEvents(event => heard.push(event))
    // The stream's module loads on subscribe; wait until the listener is in.
    await until(() => {
      emitKitEvent('CLICK_CANCEL_SIWX')
      return heard.length > 0
    }, 'the event stream’s listener')
    heard.length = 0
    emitKitEvent('ERROR_FETCH_TRANSACTIONS', { address: '0xabc' })
    expect(heard.map(event => [event.event, event.properties])).to.deep.equal([
      ['ERROR_FETCH_TRANSACTIONS', { address: '0xabc' }]
    ])
    expect(heard[0]!.timestamp).to.be.a('number')
    stop()
    stopThrowing()
    emitKitEvent('ERROR_FETCH_TRANSACTIONS')
    expect(heard).to.have.length(1)
  })
})

describe('createAppKit: the modal’s events', () => {
  beforeEach(() => {
    resetModal()
    resetRouter()
    resetProjectStart()
    stopModalEvents()
    document.querySelectorAll('w3m-modal').forEach(el => el.remove())
  })
  afterEach(() => {
    stopModalEvents()
    resetProjectStart()
  })

  it('a modal opened and closed before the page is idle still gives MODAL_OPEN (its view) and MODAL_CLOSE', async () => {
    const kit = createAppKit(options)
    const heard: KitEvent[] = []
    const stop = kit.subscribeEvents(event => heard.push(event))
    await kit.open({ view: 'Networks' })
    kit.close()
    await waitUntil(() => heard.some(event => event.event === 'MODAL_CLOSE'), 'MODAL_CLOSE heard')
    stop()
    expect(
      heard.filter(event => event.event.startsWith('MODAL_')).map(event => [event.event, event.properties])
    ).to.deep.equal([
      ['MODAL_OPEN', { view: 'Networks', connected: false }],
      ['MODAL_CLOSE', { connected: false }]
    ])
  })

  it('opened, closed and opened again at once: MODAL_OPEN, MODAL_CLOSE, MODAL_OPEN, none lost', async () => {
    const kit = createAppKit(options)
    const heard: KitEvent[] = []
    const stop = kit.subscribeEvents(event => heard.push(event))
    await kit.open({ view: 'Networks' })
    kit.close()
    await kit.open({ view: 'Networks' })
    await waitUntil(() => heard.filter(event => event.event.startsWith('MODAL_')).length >= 3, 'three modal events')
    kit.close()
    await waitUntil(() => heard.filter(event => event.event.startsWith('MODAL_')).length >= 4, 'four modal events')
    stop()
    expect(heard.filter(event => event.event.startsWith('MODAL_')).map(event => event.event)).to.deep.equal([
      'MODAL_OPEN',
      'MODAL_CLOSE',
      'MODAL_OPEN',
      'MODAL_CLOSE'
    ])
  })
})

describe('createAppKit with a modal of the app', () => {
  it('a modal the app renders replaces the one createAppKit mounted', async () => {
    document.querySelectorAll('w3m-modal').forEach(el => el.remove())
    createAppKit(options)
    expect(document.querySelectorAll('w3m-modal[data-appkit-auto]')).to.have.length(1)
    const own = document.createElement('w3m-modal')
    document.body.append(own)
    expect([...document.querySelectorAll('w3m-modal')]).to.deep.equal([own])
    own.remove()
  })

  it('open() with an unknown view throws and names the views', async () => {
    const kit = createAppKit(options)
    let error: unknown
    try {
      await kit.open({ view: 'Nope' as 'Connect' })
    } catch (e) {
      error = e
    }
    expect(String(error)).to.contain('unknown view "Nope"')
    expect(String(error)).to.contain('Connect, Account')
    expect(kit.getState().open).to.equal(false)
  })

  it('carries the connection for the app (issue 31): nothing connected, no provider; the active network', () => {
    const kit = createAppKit({ ...options, defaultNetwork: localChainB })
    expect(kit.getWalletProvider('eip155')).to.equal(undefined)
    expect(kit.getAccount()).to.equal(undefined)
    expect(kit.getWalletInfo()).to.equal(undefined)
    expect(kit.getCaipNetwork()?.caipNetworkId).to.equal('eip155:31338')
    expect(kit.getCaipNetwork('solana')).to.equal(undefined)
    const stop = kit.subscribeWalletProvider('eip155', () => undefined)
    expect(stop).to.be.a('function')
    stop()
  })
})
