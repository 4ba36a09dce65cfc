import { expect, fixture, html } from '@open-wc/testing'
import { waitUntil } from '../wait.js'
import { emulateMedia } from '@web/test-runner-commands'
import '../../../src/elements/w3m-modal.js'
import type { W3mModal } from '../../../src/elements/w3m-modal.js'
import { resetTheme, setThemeMode, setThemeVariables } from '../../../src/stores/theme.js'

describe('theme', () => {
  beforeEach(() => resetTheme())
  afterEach(async () => {
    resetTheme()
    await emulateMedia({ colorScheme: 'light' })
  })

  it('follows the system preference when no theme mode is set', async () => {
    await emulateMedia({ colorScheme: 'dark' })
    const el = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
    expect(el.dataset['theme']).to.equal('dark')
    await emulateMedia({ colorScheme: 'light' })
    await waitUntil(() => el.dataset['theme'] === 'light', 'the theme did not follow the system to light')
  })

  it('an explicit theme mode wins over the system preference', async () => {
    await emulateMedia({ colorScheme: 'dark' })
    setThemeMode('light')
    const el = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
    expect(el.dataset['theme']).to.equal('light')
    setThemeMode('dark')
    expect(el.dataset['theme']).to.equal('dark')
  })

  it('dark and light change the colours the elements use', async () => {
    const el = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
    setThemeMode('light')
    const light = getComputedStyle(el).getPropertyValue('--w3m-color-fg').trim()
    setThemeMode('dark')
    const dark = getComputedStyle(el).getPropertyValue('--w3m-color-fg').trim()
    expect(light).to.not.equal(dark)
  })

  it('puts themeVariables on the host as CSS custom properties, and removes them', async () => {
    const el = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
    setThemeVariables({
      '--w3m-accent': 'rgb(255, 0, 0)',
      '--w3m-font-family': 'monospace',
      '--w3m-font-size-master': 12,
      '--w3m-border-radius-master': '2px',
      '--w3m-z-index': 50
    })
    const style = getComputedStyle(el)
    expect(style.getPropertyValue('--w3m-accent').trim()).to.equal('rgb(255, 0, 0)')
    expect(style.getPropertyValue('--w3m-font-family').trim()).to.equal('monospace')
    expect(style.getPropertyValue('--w3m-font-size-master').trim()).to.equal('12px')
    expect(style.getPropertyValue('--w3m-border-radius-master').trim()).to.equal('2px')
    expect(style.getPropertyValue('--w3m-z-index').trim()).to.equal('50')
    setThemeVariables({ '--w3m-accent': undefined })
    expect(getComputedStyle(el).getPropertyValue('--w3m-accent').trim()).to.equal('#3b6cf6')
  })

  it('the master font size scales the text', async () => {
    const el = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
    setThemeVariables({ '--w3m-font-size-master': 20 })
    const probe = document.createElement('span')
    probe.style.setProperty('font-size', 'var(--w3m-text-body)')
    el.shadowRoot!.append(probe)
    expect(getComputedStyle(probe).fontSize).to.equal('28px')
    probe.remove()
  })
})
