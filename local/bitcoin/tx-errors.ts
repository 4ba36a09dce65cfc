/**
 * Refusals in Bitcoin Core's words. Core's sendrawtransaction answers a JSON-RPC error whose
 * message is the reject reason, then ", " and the debug text when there is one
 * (TxValidationState::ToString), with these codes.
 */

/** RPC_VERIFY_ERROR: missing or spent inputs, a fee above maxfeerate. */
export const RPC_VERIFY_ERROR = -25
/** RPC_VERIFY_REJECTED: every other refusal by the mempool's rules. */
export const RPC_VERIFY_REJECTED = -26
/** RPC_VERIFY_ALREADY_IN_CHAIN. */
export const RPC_VERIFY_ALREADY_IN_CHAIN = -27
/** RPC_DESERIALIZATION_ERROR. */
export const RPC_DESERIALIZATION_ERROR = -22

export class TxRejection extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly debug?: string
  ) {
    super(debug ? `${reason}, ${debug}` : reason)
  }
}

export function rejected(reason: string, debug?: string): TxRejection {
  return new TxRejection(RPC_VERIFY_REJECTED, reason, debug)
}

/**
 * A script check that failed. Core before v26 ran witness and taproot checks under its
 * non-mandatory (policy) flags, so their failures read `non-mandatory-script-verify-flag (<error>)`
 * (what Esplora/mempool.space deployments show); the texts in parentheses are Core's ScriptErrorString.
 */
export function scriptFailure(error: string): TxRejection {
  return rejected(`non-mandatory-script-verify-flag (${error})`)
}

/** Core's ScriptErrorString texts used by the checks this node runs. */
export const SCRIPT_ERRORS = {
  evalFalse: 'Script evaluated without error but finished with a false/empty top stack element',
  equalVerify: 'Script failed an OP_EQUALVERIFY operation',
  pushSize: 'Push value size limit exceeded',
  derSig: 'Non-canonical DER signature',
  lowS: 'Non-canonical signature: S value is unnecessarily high',
  hashType: 'Signature hash type missing or not understood',
  pubkeyType: 'Public key is neither compressed or uncompressed',
  witnessPubkeyType: 'Using non-compressed keys in segwit',
  nullFail: 'Signature must be zero for failed CHECK(MULTI)SIG operation',
  witnessEmpty: 'Witness program was passed an empty witness',
  witnessMismatch: 'Witness program hash mismatch',
  witnessMalleated: 'Witness requires empty scriptSig',
  schnorrSize: 'Invalid Schnorr signature size',
  schnorrHashType: 'Invalid Schnorr signature hash type',
  schnorrSig: 'Invalid Schnorr signature'
} as const
