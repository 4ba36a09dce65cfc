import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { HttpError } from '../../../src/api/errors.js'
import '../../../src/elements/views/names/w3m-register-account-name-view.js'
import type { W3mRegisterAccountNameView } from '../../../src/elements/views/names/w3m-register-account-name-view.js'
import { $names } from '../../../src/stores/names/form.js'
import { until } from '../connect/support.js'
import { watchCalls } from '../wait.js'
import { byTestId, connectForNames, tearDownNames, text, type, type NamesSetUp } from './support.js'

async function form(): Promise<W3mRegisterAccountNameView> {
  return fixture<W3mRegisterAccountNameView>(html`<w3m-register-account-name-view></w3m-register-account-name-view>`)
}

const input = (el: Element) => byTestId<HTMLInputElement>(el, 'register-name-input')!

async function typed(el: W3mRegisterAccountNameView, value: string): Promise<void> {
  type(input(el), value)
  await el.updateComplete
}

/** Waits until the typed name's suggestions and availability are in. */
async function settled(el: W3mRegisterAccountNameView): Promise<void> {
  await until(() => !$names.get().suggestionsLoading && $names.get().availability !== 'checking', 'the lookups')
  await el.updateComplete
}

describe('RegisterAccountName: typing a name', () => {
  let setup: NamesSetUp

  beforeEach(async () => {
    setup = await connectForNames()
  })
  afterEach(tearDownNames)

  it('says the rules beside the field, with the suffix; accessible', async () => {
    const el = await form()
    expect(text(byTestId(el, 'register-name-rules'))).to.equal('Letters, digits and hyphens, at least 4 characters.')
    expect(text(byTestId(el, 'register-name-suffix'))).to.equal('.appkit.id')
    expect(input(el).getAttribute('aria-describedby')).to.equal('name-rules name-status')
    expect(text(byTestId(el, 'register-name-button'))).to.equal('Register')
    await expect(el).to.be.accessible()
  })

  it('refuses other characters as they are typed and says the rule; a hyphen is kept', async () => {
    const el = await form()
    await typed(el, 'al!ce')
    expect(input(el).value).to.equal('alce')
    expect(text(byTestId(el, 'register-name-status'))).to.equal('Use only letters, digits and hyphens')
    expect(input(el).getAttribute('aria-invalid')).to.equal('true')
    for (const refused of ['al ice', 'alice.appkit.id', 'álice', 'al_ice'])
      await typed(el, refused).then(() => expect(input(el).value, refused).not.to.match(/[^a-zA-Z0-9-]/))
    await typed(el, 'my-name')
    expect(input(el).value).to.equal('my-name')
    expect(input(el).getAttribute('aria-invalid')).to.equal('false')
    expect(text(byTestId(el, 'register-name-status'))).not.to.equal('Use only letters, digits and hyphens')
    await expect(el).to.be.accessible()
  })

  it('typing a refused character by keyboard leaves the field as it was and says the rule, until the next letter', async () => {
    const el = await form()
    input(el).focus()
    await sendKeys({ type: 'bob-b@' })
    await el.updateComplete
    expect(input(el).value).to.equal('bob-b')
    expect(text(byTestId(el, 'register-name-status'))).to.equal('Use only letters, digits and hyphens')
    await sendKeys({ type: 'y' })
    await el.updateComplete
    expect(input(el).value).to.equal('bob-by')
    expect($names.get().label).to.equal('bob-by')
    expect($names.get().rule).to.equal(undefined)
  })

  it('asks nothing for fewer than 4 characters; Register then says the length rule and asks no signature', async () => {
    const el = await form()
    await typed(el, 'bob')
    await new Promise(resolve => setTimeout(resolve, 400))
    expect(setup.names.suggestionCalls).to.deep.equal([])
    expect(setup.names.profileCalls).to.deep.equal([])
    byTestId(el, 'register-name-button')!.click()
    await el.updateComplete
    const error = byTestId(el, 'register-name-error')!
    expect(text(error)).to.equal('A name needs at least 4 characters')
    expect(error.getAttribute('role')).to.equal('alert')
    expect(setup.provider.methods()).not.to.include('personal_sign')
    await expect(el).to.be.accessible()
  })

  it('lists the suggestions once typing pauses (one call, the newest text), free ones as buttons; says a taken name', async () => {
    const el = await form()
    for (const value of ['a', 'al', 'ali', 'alic', 'alice']) await typed(el, value)
    expect(text(byTestId(el, 'register-name-status'))).to.equal('Checking availability…')
    await settled(el)
    expect(setup.names.suggestionCalls).to.deep.equal(['alice appkit.id'])
    expect(setup.names.profileCalls).to.deep.equal(['alice.appkit.id'])
    expect(text(byTestId(el, 'register-name-status'))).to.equal('alice.appkit.id is taken')
    const free = [...el.shadowRoot!.querySelectorAll('[data-testid=register-name-suggestion]')]
    expect(free.map(button => button.getAttribute('data-name'))).to.deep.equal([
      'alice1.appkit.id',
      'alice-app.appkit.id',
      'my-alice.appkit.id',
      'alice-eth.appkit.id',
      'the-alice.appkit.id',
      'alice2.appkit.id'
    ])
    expect(free.every(button => button.tagName === 'BUTTON')).to.equal(true)
    const taken = el.shadowRoot!.querySelector('[data-testid=register-name-suggestion-taken]')!
    expect(taken.getAttribute('data-name')).to.equal('alice.appkit.id')
    expect(text(taken)).to.equal('alice.appkit.id Taken')
    await expect(el).to.be.accessible()
  })

  it('says a free name is available', async () => {
    const el = await form()
    await typed(el, 'Carol')
    await settled(el)
    expect(setup.names.profileCalls).to.deep.equal(['carol.appkit.id'])
    expect(text(byTestId(el, 'register-name-status'))).to.equal('carol.appkit.id is available')
    await expect(el).to.be.accessible()
  })

  it('the newest typing wins: a slow answer for an older name is dropped', async () => {
    setup.names.delays.set('alice', 400)
    setup.names.delays.set('alice.appkit.id', 400)
    const suggestions = watchCalls(setup.names, 'suggestions')
    const profiles = watchCalls(setup.names, 'profile')
    const el = await form()
    await typed(el, 'alice')
    await until(() => setup.names.suggestionCalls.length === 1, 'alice asked')
    await typed(el, 'carol')
    await settled(el)
    expect($names.get().availability).to.equal('available')
    // Every answer is back, alice's slow ones too.
    await until(
      () =>
        suggestions.answered.includes('alice') &&
        suggestions.answered.length === suggestions.asked.length &&
        profiles.answered.length === profiles.asked.length,
      'the slow answers for alice'
    )
    await el.updateComplete
    expect(setup.names.suggestionCalls).to.deep.equal(['alice appkit.id', 'carol appkit.id'])
    expect($names.get().availability).to.equal('available')
    expect($names.get().suggestions[0]?.name).to.equal('carol.appkit.id')
    expect(text(byTestId(el, 'register-name-status'))).to.equal('carol.appkit.id is available')
  })

  it("shows 'Error fetching name suggestions' when the suggestions fail", async () => {
    setup.names.suggestionsAnswer = () => new HttpError(502, 'http://127.0.0.1:8787/v1/profile/suggestions/carol')
    const el = await form()
    await typed(el, 'carol')
    await settled(el)
    const error = byTestId(el, 'register-name-error')!
    expect(text(error)).to.equal('Error fetching name suggestions')
    expect(error.getAttribute('role')).to.equal('alert')
    expect(byTestId(el, 'register-name-suggestions')).to.equal(null)
    await expect(el).to.be.accessible()
  })

  it("shows 'Error resolving name' when the availability lookup fails (not a 404)", async () => {
    setup.names.profileError = new HttpError(500, 'http://127.0.0.1:8787/v1/profile/account/carol.appkit.id')
    const el = await form()
    await typed(el, 'carol')
    await settled(el)
    expect(text(byTestId(el, 'register-name-error'))).to.equal('Error resolving name')
    expect($names.get().availability).to.equal('unknown')
    await expect(el).to.be.accessible()
  })

  it('typing again clears the error', async () => {
    setup.names.profileError = new HttpError(500, 'http://127.0.0.1:8787/v1/profile/account/carol.appkit.id')
    const el = await form()
    await typed(el, 'carol')
    await settled(el)
    await typed(el, 'carol2')
    expect(byTestId(el, 'register-name-error')).to.equal(null)
    await expect(el).to.be.accessible()
  })

  it('says so when nobody is connected (the view opened by hand)', async () => {
    tearDownNames()
    const el = await form()
    expect(text(byTestId(el, 'register-name-disconnected'))).to.equal('No wallet connected')
    expect(byTestId(el, 'register-name-input')).to.equal(null)
    await expect(el).to.be.accessible()
  })
})
