// The e-mail login's texts that stores hold (English source; views show them through localizeText).

/** The e-mail typed is not an address (docs/behaviour.md section 5). */
export const EMAIL_INVALID = 'Enter a valid e-mail address'
/** The code typed is not the length sent. */
export const CODE_INCOMPLETE = 'Enter the 6-digit code'
/** The backend's answers to a code (service/frame/README.md). */
export const CODE_INVALID = 'Invalid code'
export const CODE_EXPIRED = 'The code has expired, ask for a new one'
export const CODE_TOO_MANY_TRIES = 'Too many attempts, ask for a new code'
export const EMAIL_IN_USE = 'That e-mail address is already in use'
/** 'Unable to load email login dependency' (docs/behaviour.md section 8): the frame's code did not load. */
export const EMAIL_DEPENDENCY_FAILED = 'Unable to load email login dependency'

/** The one-time codes' length (the backend sends 6 digits). */
export const CODE_LENGTH = 6

/** The toast after an e-mail change. */
export const EMAIL_UPDATED = 'E-mail address updated'
