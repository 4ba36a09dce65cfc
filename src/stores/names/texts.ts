/**
 * The English texts of the name flows (RegisterAccountName, and the names that Send and Activity
 * show) that stores hold for the visitor; src/stores/store-text-ids.ts gives each its message id.
 * The errors are the spec's (docs/behaviour.md section 8).
 */
export const NAME_RESOLVE_FAILED = 'Error resolving name'
export const NAME_SUGGESTIONS_FAILED = 'Error fetching name suggestions'
export const NAMES_FOR_ADDRESS_FAILED = 'Error fetching names for address'
export const NAME_NETWORK_NOT_FOUND = 'Network not found'
export const NAME_NO_CONNECTOR = 'Address or auth connector not found'
/** The name rules (docs/behaviour.md section 5), said when one is broken. */
export const NAME_CHARACTERS_RULE = 'Use only letters, digits and hyphens'
export const NAME_LENGTH_RULE = 'A name needs at least 4 characters'
export const NAME_TAKEN = 'This name is already taken'

/** docs/behaviour.md section 8: 'Error registering name {name}' (its message id takes the name as a value). */
export function nameRegisterFailed(name: string): string {
  return `Error registering name ${name}`
}
