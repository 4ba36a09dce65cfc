import type { Meta, StoryObj } from '@storybook/web-components-vite'
import {
  NAME_CHARACTERS_RULE,
  NAME_LENGTH_RULE,
  NAME_NETWORK_NOT_FOUND,
  NAME_NO_CONNECTOR,
  NAME_RESOLVE_FAILED,
  NAME_SUGGESTIONS_FAILED,
  NAME_TAKEN,
  nameRegisterFailed
} from '../../../../src/stores/names/texts.js'
import { connectedEvmAccount } from '../../../../test/fixtures/accounts.js'
import { aliceSuggestions, freeSuggestions } from '../../../../test/fixtures/names.js'
import { expectPart, part } from '../support/expect-part.js'
import { modalStory } from '../support/modal-story.js'

const evm = { account: connectedEvmAccount }

/** Checks the name typed in the field. */
function expectTyped(label: string) {
  return (view: HTMLElement): void => {
    const typed = (part(view, 'register-name-input') as HTMLInputElement | undefined)?.value
    if (typed !== label) throw new Error(`the field holds "${typed}", expected "${label}"`)
  }
}

/**
 * RegisterAccountName: a name of letters, digits and hyphens (at least 4), whether it is free,
 * the registry's suggestions, and Register, which signs a message in the wallet; then
 * RegisterAccountNameSuccess. Every state the element tests check (test/browser/names/).
 */
const meta = {
  title: 'Views/RegisterAccountName',
  component: 'w3m-register-account-name-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** The form as it opens: the rules said beside the empty field. */
export const Empty: Story = modalStory(
  'RegisterAccountName',
  evm,
  expectPart('register-name-rules', 'Letters, digits and hyphens, at least 4 characters.')
)

/** A character other than a letter, digit or hyphen was typed: refused, and the rule said. */
export const RefusedCharacter: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'alce', rule: NAME_CHARACTERS_RULE } },
  expectPart('register-name-status', NAME_CHARACTERS_RULE, expectTyped('alce'))
)

/** Register pressed with fewer than 4 characters. */
export const TooShort: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'bob', error: NAME_LENGTH_RULE } },
  expectPart('register-name-error', NAME_LENGTH_RULE, expectTyped('bob'))
)

/** Typing paused: the availability and the suggestions are asked. */
export const Checking: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'alice', availability: 'checking', suggestionsLoading: true } },
  expectPart('register-name-status', 'Checking availability…', view => {
    if (!part(view, 'register-name-suggestions-loading')) throw new Error('no "Loading suggestions…"')
  })
)

/** A taken name: said beside the field, with free suggestions as buttons and taken ones marked. */
export const Taken: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'alice', availability: 'taken', suggestions: aliceSuggestions } },
  expectPart('register-name-status', 'alice.appkit.id is taken', view => {
    const free = view.shadowRoot?.querySelectorAll('[data-testid=register-name-suggestion]').length
    if (free !== 3) throw new Error(`${free} free suggestions shown, expected 3`)
  })
)

/** A free name, with its suggestions. */
export const Available: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'carol', availability: 'available', suggestions: freeSuggestions('carol') } },
  expectPart('register-name-status', 'carol.appkit.id is available')
)

/** Register pressed: the wallet is asked to sign. */
export const Registering: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'carol', availability: 'available', loading: true } },
  expectPart('register-name-button', 'Registering…')
)

/** Register pressed on a taken name: nothing is signed. */
export const TakenOnRegister: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'alice', availability: 'taken', error: NAME_TAKEN } },
  expectPart('register-name-error', NAME_TAKEN)
)

/** The registration failed (declined in the wallet, or refused by the backend): back here with the error. */
export const RegisterFailed: Story = modalStory(
  'RegisterAccountName',
  {
    ...evm,
    names: {
      label: 'carol',
      availability: 'available',
      error: nameRegisterFailed('carol.appkit.id'),
      failedName: 'carol.appkit.id'
    }
  },
  expectPart('register-name-error', nameRegisterFailed('carol.appkit.id'), expectTyped('carol'))
)

/** The suggestions could not be fetched. */
export const SuggestionsFailed: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'carol', availability: 'available', error: NAME_SUGGESTIONS_FAILED } },
  expectPart('register-name-error', NAME_SUGGESTIONS_FAILED)
)

/** The availability lookup failed. */
export const ResolveFailed: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'carol', error: NAME_RESOLVE_FAILED } },
  expectPart('register-name-error', NAME_RESOLVE_FAILED)
)

/** No active network to register on. */
export const NetworkNotFound: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'carol', error: NAME_NETWORK_NOT_FOUND } },
  expectPart('register-name-error', NAME_NETWORK_NOT_FOUND)
)

/** No address, or a connection that cannot sign. */
export const NoConnector: Story = modalStory(
  'RegisterAccountName',
  { ...evm, names: { label: 'carol', error: NAME_NO_CONNECTOR } },
  expectPart('register-name-error', NAME_NO_CONNECTOR)
)

/** Nobody is connected (the view opened by hand). */
export const Disconnected: Story = modalStory(
  'RegisterAccountName',
  {},
  expectPart('register-name-disconnected', 'No wallet connected')
)

/** Registered: the name, now the account's, and the way back to the Account view. */
export const Success: Story = modalStory(
  'RegisterAccountNameSuccess',
  { account: { ...connectedEvmAccount, profileName: 'carol.appkit.id' }, names: { registered: 'carol.appkit.id' } },
  expectPart('register-name-success-name', 'carol.appkit.id', view => {
    if (!part(view, 'register-name-success-done')) throw new Error('no "Back to account" button')
  })
)
