import { TOAST_AUTO_CLOSE_MS, TOAST_REPLACE_DELAY_MS } from '../config/shell-constants.js'
import { $toast, initialToast, type ToastVariant } from './toast-state.js'

export { $toast, type ToastState, type ToastVariant } from './toast-state.js'

let replaceTimer: ReturnType<typeof setTimeout> | undefined
let closeTimer: ReturnType<typeof setTimeout> | undefined

function clearTimers(): void {
  clearTimeout(replaceTimer)
  clearTimeout(closeTimer)
  replaceTimer = undefined
  closeTimer = undefined
}

function display(variant: ToastVariant, message: string): void {
  $toast.set({ open: true, variant, message })
  closeTimer = setTimeout(hideToast, TOAST_AUTO_CLOSE_MS)
}

/**
 * Shows a toast (docs/behaviour.md section 4): an open one closes first and the new one appears 150 ms later;
 * every toast closes by itself after 5000 ms.
 */
export function showToast(variant: ToastVariant, message: string): void {
  clearTimers()
  if ($toast.get().open) {
    $toast.setKey('open', false)
    replaceTimer = setTimeout(() => display(variant, message), TOAST_REPLACE_DELAY_MS)
  } else {
    display(variant, message)
  }
}

export const showLoading = (message: string): void => showToast('loading', message)
export const showSuccess = (message: string): void => showToast('success', message)
export const showError = (message: string): void => showToast('error', message)

export function hideToast(): void {
  clearTimers()
  $toast.setKey('open', false)
}

export function resetToast(): void {
  clearTimers()
  $toast.set(initialToast)
}

/** Copies `text` to the clipboard and says so in a toast (or that it could not). */
export async function copyWithToast(text: string, copied: string, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    showSuccess(copied)
    return true
  } catch {
    showError(failed)
    return false
  }
}
