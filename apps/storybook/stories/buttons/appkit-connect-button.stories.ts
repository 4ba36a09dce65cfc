import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import '../../../../src/elements/buttons/appkit-connect-button.js'
import { openModal } from '../../../../src/stores/modal.js'
import { expectShadowText } from '../support/shadow-text.js'

interface Args {
  label?: string
  loadingLabel?: string
  size: 'md' | 'sm'
}

/**
 * Opens the modal to connect; shows the loading label while the modal is open. With no label set,
 * the button shows 'Connect Wallet' and 'Connecting...' in the toolbar's locale.
 */
const meta = {
  title: 'Buttons/appkit-connect-button',
  component: 'appkit-connect-button',
  args: { size: 'md' },
  argTypes: { size: { control: 'inline-radio', options: ['md', 'sm'] } },
  render: args =>
    html`<appkit-connect-button
      .label=${args.label}
      .loadingLabel=${args.loadingLabel}
      .size=${args.size}
    ></appkit-connect-button>`
} satisfies Meta<Args>

export default meta
type Story = StoryObj<Args>

export const Default: Story = {
  play: ({ canvasElement }) => expectShadowText(canvasElement, 'appkit-connect-button', 'button', 'Connect Wallet')
}

/** The modal is open (no modal on this page: only the store says so). */
export const WhileModalOpen: Story = {
  decorators: [
    story => {
      openModal()
      return story()
    }
  ],
  play: ({ canvasElement }) => expectShadowText(canvasElement, 'appkit-connect-button', 'button', 'Connecting...')
}

/** Also proves that `@property` fields (legacy decorators) work in this build. */
export const CustomLabels: Story = {
  args: { label: 'Sign in', loadingLabel: 'Signing in...' },
  play: ({ canvasElement }) => expectShadowText(canvasElement, 'appkit-connect-button', 'button', 'Sign in')
}

export const Small: Story = { args: { size: 'sm' } }
