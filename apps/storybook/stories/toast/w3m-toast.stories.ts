import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import '../../../../src/elements/w3m-toast.js'
import { $toast, type ToastState } from '../../../../src/stores/toast.js'
import { errorToast, loadingToast, successToast } from '../../../../test/fixtures/toasts.js'

/** The toast at the bottom of the modal. These stay open; the show* actions close theirs after 5 s. */
const meta = {
  title: 'Toast/w3m-toast',
  component: 'w3m-toast',
  parameters: { layout: 'fullscreen' },
  render: () => html`<w3m-toast></w3m-toast>`
} satisfies Meta

export default meta
type Story = StoryObj

function showing(toast: ToastState): Story['decorators'] {
  return [
    story => {
      $toast.set(toast)
      return story()
    }
  ]
}

export const Loading: Story = { decorators: showing(loadingToast) }
export const Success: Story = { decorators: showing(successToast) }
export const ErrorToast: Story = { name: 'Error', decorators: showing(errorToast) }
