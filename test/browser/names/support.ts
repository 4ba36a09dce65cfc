/** Shared set-up of the name tests: the Send tests' fake EVM wallet on Ethereum, and a fake name API. */
import { setNameClient } from '../../../src/api/name-client.js'
import { resetNames } from '../../../src/stores/names/form.js'
import { pushView, resetView } from '../../../src/stores/router.js'
import { FAKE_ADDRESS_2 } from '../../fixtures/eip1193-provider.js'
import { createFakeNameClient, type FakeNameClient } from '../../fixtures/names.js'
import { connectForSend, tearDownSend, type SendSetUp } from '../send/support.js'

/** What the fake wallet answers personal_sign with: 65 bytes of hex. */
export const SIGNATURE = `0x${'12'.repeat(64)}1b`

export interface NamesSetUp extends SendSetUp {
  readonly names: FakeNameClient
}

/**
 * The fake wallet connected on Ethereum (it signs with SIGNATURE), a name API where alice.appkit.id
 * is FAKE_ADDRESS_2's, and the modal on RegisterAccountName above Account.
 */
export async function connectForNames(): Promise<NamesSetUp> {
  const setup = await connectForSend()
  setup.provider.failures.set('personal_sign', () => SIGNATURE)
  const names = createFakeNameClient({ 'alice.appkit.id': FAKE_ADDRESS_2 })
  setNameClient(names)
  resetNames()
  resetView('Account')
  pushView('RegisterAccountName')
  return { ...setup, names }
}

export function tearDownNames(): void {
  resetNames()
  tearDownSend()
}

const byTestIdIn = <T extends HTMLElement = HTMLElement>(el: Element, id: string) =>
  el.shadowRoot!.querySelector<T>(`[data-testid="${id}"]`)
export { byTestIdIn as byTestId }

/** Types into an input the way a visitor does: the value, then an input event. */
export function type(input: HTMLInputElement, value: string): void {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

/** The visible text of a part, trimmed, with runs of white space as one space. */
export function text(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** The UTF-8 text of personal_sign's 0x hex data. */
export function decodeHex(hex: string): string {
  const bytes = new Uint8Array((hex.slice(2).match(/../g) ?? []).map(pair => Number.parseInt(pair, 16)))
  return new TextDecoder().decode(bytes)
}
