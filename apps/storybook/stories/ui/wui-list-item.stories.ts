import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import { waitFor } from 'storybook/test'
import '../../../../src/elements/ui/wui-list-item.js'
import { defineStorySurface } from '../support/story-surface.js'

defineStorySurface()

interface Args {
  label: string
  disabled: boolean
  current: boolean
}

/** A full-width row button: a wallet, a network, a connect method. Shown on a modal-like card. */
const meta = {
  title: 'UI/wui-list-item',
  component: 'wui-list-item',
  args: { label: 'Ethereum', disabled: false, current: false },
  render: args =>
    html`<story-surface>
      <wui-list-item ?disabled=${args.disabled} ?current=${args.current}>${args.label}</wui-list-item>
    </story-surface>`
} satisfies Meta<Args>

export default meta
type Story = StoryObj<Args>

/** Fails the story unless the row's button is in this state. */
function expectButton(state: { disabled: boolean; current: boolean }): Story['play'] {
  return ({ canvasElement }) =>
    waitFor(() => {
      const button = canvasElement.querySelector('wui-list-item')?.shadowRoot?.querySelector('button')
      if (!button) throw new Error('<wui-list-item> has not rendered its button')
      if (button.disabled !== state.disabled) throw new Error(`disabled is ${button.disabled}`)
      if (button.getAttribute('aria-current') !== String(state.current)) throw new Error('aria-current is wrong')
    })
}

export const Default: Story = { play: expectButton({ disabled: false, current: false }) }

export const Disabled: Story = {
  args: { label: 'Continue with email (coming soon)', disabled: true },
  play: expectButton({ disabled: true, current: false })
}

export const Current: Story = { args: { current: true }, play: expectButton({ disabled: false, current: true }) }

export const WithEndSlot: Story = {
  render: args =>
    html`<story-surface>
      <wui-list-item>${args.label}<span slot="end">Installed</span></wui-list-item>
    </story-surface>`
}
