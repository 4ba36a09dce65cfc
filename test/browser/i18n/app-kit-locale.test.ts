import { expect } from '@open-wc/testing'
import { waitUntil } from '../wait.js'
import { createAppKit } from '../../../src/app-kit.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { AppKitOptionsError } from '../../../src/config/options.js'
import { localChainA } from '../../../src/networks/definitions.js'
import { $locale, setLocale, setMessages } from '../../../src/stores/locale.js'
import { resetModal } from '../../../src/stores/modal.js'

/** A locale's texts are a chunk of their own: on a loaded 2-core CI machine the first load can pass 1 s. */

const options = { projectId: 'appkit-local', networks: [localChainA], adapters: [evmAdapter()] }

describe('createAppKit and the locale', () => {
  const lang = document.documentElement.lang
  beforeEach(() => document.querySelectorAll('w3m-modal').forEach(el => el.remove()))
  afterEach(async () => {
    document.documentElement.lang = lang
    resetModal()
    await setMessages({})
    await setLocale('en')
  })

  it('takes the locale option', async () => {
    const kit = createAppKit({ ...options, locale: 'de' })
    await waitUntil(() => kit.getLocale() === 'de', 'the locale did not become de')
    expect($locale.get().direction).to.equal('ltr')
  })

  it("else the page's <html lang>", async () => {
    document.documentElement.lang = 'ar-EG'
    const kit = createAppKit(options)
    await waitUntil(() => kit.getLocale() === 'ar', 'the locale did not follow <html lang>')
    expect($locale.get().direction).to.equal('rtl')
  })

  it('refuses a locale it does not ship, at once and from setLocale', async () => {
    expect(() => createAppKit({ ...options, locale: 'nl' as never })).to.throw(AppKitOptionsError, 'locale')
    const kit = createAppKit(options)
    let error: unknown
    try {
      await kit.setLocale('nl' as never)
    } catch (caught) {
      error = caught
    }
    expect(error).to.be.instanceOf(AppKitOptionsError)
    expect((error as Error).message).to.contain('"pt-BR"')
  })

  it('reports unknown message ids on the console as an AppKitOptionsError naming them', async () => {
    const logged: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void logged.push(...args)
    try {
      createAppKit({ ...options, messages: { 'connect.titel': 'Sign in' } as never })
      await waitUntil(() => logged.some(item => item instanceof AppKitOptionsError), 'nothing was reported')
    } finally {
      console.error = original
    }
    const error = logged.find(item => item instanceof AppKitOptionsError) as Error
    expect(error.message).to.contain('"connect.titel"')
  })

  it('calls subscribeLocale on a change of language only', async () => {
    const kit = createAppKit(options)
    const seen: string[] = []
    const stop = kit.subscribeLocale(locale => seen.push(locale))
    await kit.setLocale('ko')
    await setMessages({ 'connect.title': 'x' })
    await kit.setLocale('tr')
    stop()
    await kit.setLocale('es')
    expect(seen).to.deep.equal(['ko', 'tr'])
  })
})
