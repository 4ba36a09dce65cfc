// Sign In With Farcaster through the embedded wallet, what the backend, the frame and the page
// agree on: the texts of a sign-in that did not end in a login (the backend answers them; the kit
// shows them translated, through STORE_TEXT_IDS).

/** The attempt expired (5 minutes), or was already finished. */
export const FARCASTER_EXPIRED = 'The Farcaster sign-in took too long or was already used, try again'
/** The signed message failed a check: signature, domain, nonce, or the fid's owner on chain. */
export const FARCASTER_NOT_VERIFIED = 'The Farcaster sign-in could not be verified'
/** The relay or the registries' chain did not answer. */
export const FARCASTER_UNAVAILABLE = 'Farcaster sign-in is unavailable right now, try again later'
/** Anything else. */
export const FARCASTER_FAILED = 'The Farcaster sign-in did not finish, try again'
