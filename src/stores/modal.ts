import { map } from 'nanostores'
import { MODAL_SHAKE_MS } from '../config/shell-constants.js'
import { SIGN_IN_GUARDED_VIEWS, VIEW_NAMES, isViewName, type ViewName } from '../config/views.js'
import { isMobile } from '../utils/device.js'
import { $account } from './account.js'
import { chooseOpenView } from './open-view.js'
import { $options } from './options.js'
import { $router, popView, resetView, type RouterData } from './router-state.js'
import { $siwx } from './siwx/state.js'

export interface ModalState {
  readonly open: boolean
  readonly loading: boolean
  /** True for 500 ms after a shake request. */
  readonly shake: boolean
  /** A close was refused (required sign-in): the modal says why until it next opens or closes. */
  readonly closeRefused: boolean
}

const initialModal: ModalState = { open: false, loading: false, shake: false, closeRefused: false }

export const $modal = map<ModalState>(initialModal)

export interface OpenOptions {
  readonly view?: ViewName
  readonly data?: RouterData
}

/** The view openModal() would show now (the open-view rule), e.g. to load its module ahead. */
export function viewToOpen(requested?: ViewName): ViewName {
  const appOptions = $options.get()
  return chooseOpenView({
    requested,
    connected: Boolean($account.get().address),
    noAdapters: appOptions ? appOptions.adapters.length === 0 : false,
    manualControl: appOptions?.manualWCControl ?? false,
    mobile: isMobile()
  })
}

/** Opens the modal on the view the open-view rule picks. An unknown view name throws a TypeError. */
export function openModal(options: OpenOptions = {}): void {
  if (options.view !== undefined && !isViewName(options.view)) {
    throw new TypeError(`open: unknown view ${JSON.stringify(options.view)}; expected one of ${VIEW_NAMES.join(', ')}`)
  }
  const view = viewToOpen(options.view)
  resetView(view, options.data)
  $modal.setKey('closeRefused', false)
  $modal.setKey('open', true)
}

/**
 * True while a required sign-in with no session forbids closing (docs/behaviour.md section 2): a connected
 * account on SIWXSignMessage or ApproveTransaction, with sign-in required and no session.
 */
export function isCloseForbidden(): boolean {
  const siwx = $siwx.get()
  return (
    SIGN_IN_GUARDED_VIEWS.includes($router.get().view) &&
    siwx.required &&
    !siwx.hasSession &&
    Boolean($account.get().address)
  )
}

/**
 * Closes the modal and resets it to Connect. While closing is forbidden it shakes instead and
 * returns false.
 */
export function closeModal(): boolean {
  if (!$modal.get().open) return true
  if (isCloseForbidden()) {
    $modal.setKey('closeRefused', true)
    shakeModal()
    return false
  }
  $modal.setKey('closeRefused', false)
  $modal.setKey('open', false)
  resetView('Connect')
  return true
}

/** Back: pops the view history; at the root it closes the modal. */
export function goBack(): void {
  if (!popView()) closeModal()
}

let shakeTimer: ReturnType<typeof setTimeout> | undefined

export function shakeModal(): void {
  clearTimeout(shakeTimer)
  $modal.setKey('shake', true)
  shakeTimer = setTimeout(() => $modal.setKey('shake', false), MODAL_SHAKE_MS)
}

export function setModalLoading(loading: boolean): void {
  $modal.setKey('loading', loading)
}

export function resetModal(): void {
  clearTimeout(shakeTimer)
  $modal.set(initialModal)
}
