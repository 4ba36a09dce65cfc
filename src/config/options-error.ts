/** Thrown by createAppKit for a bad option; the message names the option and what was expected. */
export class AppKitOptionsError extends Error {
  override readonly name = 'AppKitOptionsError'
  constructor(
    readonly option: string,
    readonly expected: string
  ) {
    super(`createAppKit: option "${option}" is invalid: expected ${expected}`)
  }
}
