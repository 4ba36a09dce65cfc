import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import { waitFor } from 'storybook/test'
import '../../../../src/elements/ui/wui-qr-code.js'
import { defineStorySurface } from '../support/story-surface.js'

defineStorySurface()

interface Args {
  uri: string
  size: number
  imageSrc: string | undefined
}

/** A pairing URI as WalletConnect's sign client makes it (topic, relay, symmetric key, expiry). */
const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300&methods=wc_sessionPropose'

/** A wallet logo as a data URI, as EIP-6963 wallets give theirs: no network needed. */
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" rx="14" fill="#3b6cf6"/><circle cx="28" cy="28" r="12" fill="#fff"/></svg>'
)}`

/** The WalletConnect QR code, on a modal-like card: white in both themes so that it stays scannable. */
const meta = {
  title: 'UI/wui-qr-code',
  component: 'wui-qr-code',
  args: { uri: URI, size: 280, imageSrc: undefined },
  render: args =>
    html`<story-surface>
      <wui-qr-code .uri=${args.uri} .size=${args.size} image-src=${ifDefined(args.imageSrc)}></wui-qr-code>
    </story-surface>`
} satisfies Meta<Args>

export default meta
type Story = StoryObj<Args>

/** Fails the story unless the element's shadow root shows `selector`. */
function expectShown(selector: string): Story['play'] {
  return ({ canvasElement }) =>
    waitFor(() => {
      const shown = canvasElement.querySelector('wui-qr-code')?.shadowRoot?.querySelector(selector)
      if (!shown) throw new Error(`<wui-qr-code> does not show ${selector}`)
    })
}

export const Default: Story = { play: expectShown('svg[part=code] path[d^="M"]') }

export const WithLogo: Story = { args: { imageSrc: LOGO }, play: expectShown('image[part=logo]') }

export const Loading: Story = { args: { uri: '' }, play: expectShown('[part=placeholder][aria-busy=true]') }
