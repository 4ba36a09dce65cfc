/** The errors of sessionKeyAccount's account (session-key-account.ts), apart so that importing them loads no viem. */
export const SESSION_KEY_ONE_CALL = 'A session key sends one call per user operation'
export const SESSION_KEY_SIGNS_OPERATIONS_ONLY = 'A session key signs user operations only'
