import { atom } from 'nanostores'
import type { AppKitOptions } from '../config/options.js'

/** The parsed createAppKit options; undefined until createAppKit runs. */
export const $options = atom<AppKitOptions | undefined>(undefined)

export function setOptions(options: AppKitOptions): void {
  $options.set(options)
}

export function resetOptions(): void {
  $options.set(undefined)
}
