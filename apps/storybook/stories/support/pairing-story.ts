/** Stories of the WalletConnect views: the modal on a view over a seeded pairing (test/fixtures/walletconnect.ts). */
import type { Decorator, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import { waitFor } from 'storybook/test'
import type { ViewName } from '../../../../src/config/views.js'
import type { WuiQrCode } from '../../../../src/elements/ui/wui-qr-code.js'
import { openModal } from '../../../../src/stores/modal.js'
import { $walletConnect, type WalletConnectState } from '../../../../src/stores/connect/walletconnect.js'
import { WC_URI, wcWallet } from '../../../../test/fixtures/walletconnect.js'
import { expectModalView } from './expect-view.js'
import { expectedText, isShownAs } from './localized.js'
import { seedKit } from './seed.js'
import '../../../../src/elements/w3m-modal.js'

export type Check = (view: HTMLElement) => void

/**
 * Takes the previous story off the canvas before this one seeds $walletConnect: its WalletConnect
 * view, left, would reset the pairing (Storybook only replaces the canvas after the render).
 */
export const withoutPreviousStory: Decorator = (story, { canvasElement }) => {
  canvasElement.replaceChildren()
  return story()
}

/**
 * The modal on `view` over a seeded pairing; the views keep a seeded loading, unexpired or failed
 * pairing, so no WalletConnect proposal is made. The play function waits until `check` passes.
 */
export function pairingStory(
  view: ViewName,
  pairing: () => WalletConnectState,
  check: Check,
  withWallet = false
): StoryObj {
  return {
    parameters: { layout: 'fullscreen' },
    render: () => {
      seedKit()
      $walletConnect.set(pairing())
      openModal({ view, data: withWallet ? { wallet: wcWallet } : undefined })
      return html`<w3m-modal></w3m-modal>`
    },
    play: async ({ canvasElement }) => {
      const shown = await expectModalView(canvasElement, view)
      await waitFor(() => check(shown), { timeout: 5000 })
    }
  }
}

export function shown(view: HTMLElement, testid: string): HTMLElement {
  const element = view.shadowRoot?.querySelector<HTMLElement>(`[data-testid=${testid}]`)
  if (!element) throw new Error(`The view shows no [data-testid=${testid}]`)
  return element
}

/** The QR code shows `selector` in its shadow root. */
export function qrShows(selector: string): Check {
  return view => {
    const qr = shown(view, 'wc-qr') as WuiQrCode
    if (!qr.shadowRoot?.querySelector(selector)) throw new Error(`The QR code does not show ${selector}`)
  }
}

export function says(testid: string, text: string): Check {
  return view => {
    const said = shown(view, testid).textContent?.trim()
    if (!isShownAs(said, text)) throw new Error(`${testid} says "${said}", not ${expectedText(text)}`)
  }
}

export const isReady: Check = view => {
  if ((shown(view, 'wc-qr') as WuiQrCode).uri !== WC_URI) throw new Error('The QR code is not of the pairing URI')
  qrShows('svg[part=code]')(view)
}
