// node:test's `it` for a property: the test's name is the property's, so a failure's replay line
// (config.ts) can name it with --test-name-pattern.
import { it } from 'node:test'
import type * as fc from 'fast-check'
import { checkAsyncProperty, checkProperty } from './config.js'

/** A test that checks `property()` (built when the test runs) with the shared runs and seed. */
export function fuzz<Ts>(name: string, property: () => fc.IProperty<Ts>, scale = 1): void {
  it(name, () => checkProperty(name, property(), scale))
}

/** The same for an asynchronous property. */
export function fuzzAsync<Ts>(name: string, property: () => fc.IAsyncProperty<Ts>, scale = 1): void {
  it(name, () => checkAsyncProperty(name, property(), scale))
}

/** Whether `error` is an instance of `type` with a non-empty message: the kit's typed refusal. */
export function isTypedError<E extends Error>(error: unknown, type: abstract new (...args: never[]) => E): error is E {
  return error instanceof type && typeof error.message === 'string' && error.message.trim().length > 0
}
