import { IMAGE_PRELOAD_TIMEOUT_MS } from '../config/constants.js'

/**
 * Loads an image ahead of showing it (docs/behaviour.md section 9: image preload timeout 2 s). Resolves true
 * once it has loaded and decoded, false when it fails or takes longer than `timeoutMs`; never
 * rejects. A late load after the timeout changes nothing: the caller already shows its placeholder.
 */
export function preloadImage(url: string, timeoutMs: number = IMAGE_PRELOAD_TIMEOUT_MS): Promise<boolean> {
  if (typeof Image === 'undefined') return Promise.resolve(false)
  return new Promise(resolve => {
    const image = new Image()
    let settled = false
    const finish = (loaded: boolean): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      image.onload = null
      image.onerror = null
      if (!loaded) image.removeAttribute('src')
      resolve(loaded)
    }
    const timer = setTimeout(() => finish(false), timeoutMs)
    image.onload = () => finish(true)
    image.onerror = () => finish(false)
    image.decoding = 'async'
    image.src = url
  })
}
