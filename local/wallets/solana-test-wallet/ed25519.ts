/**
 * Ed25519 signing with WebCrypto (Chromium 137+, Firefox 129+, Safari 17+, Node 20): the key's
 * 32-byte seed is wrapped as PKCS#8 so importKey accepts it. No signing library in the page.
 */

/** The DER prefix of a PKCS#8 Ed25519 private key (RFC 8410), followed by the 32-byte seed. */
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20
])

export interface Ed25519Signer {
  readonly publicKey: Uint8Array
  sign(message: Uint8Array): Promise<Uint8Array>
}

/** A signer over a 64-byte Solana secret key (seed followed by public key). */
export function ed25519Signer(secretKey: ArrayLike<number>): Ed25519Signer {
  if (secretKey.length !== 64) throw new Error('a Solana secret key has 64 bytes (seed and public key)')
  const bytes = Uint8Array.from(secretKey)
  const seed = bytes.slice(0, 32)
  const publicKey = bytes.slice(32)
  let key: Promise<CryptoKey> | undefined
  const privateKey = () => {
    key ??= crypto.subtle
      .importKey('pkcs8', Uint8Array.from([...PKCS8_ED25519_PREFIX, ...seed]), { name: 'Ed25519' }, false, ['sign'])
      .catch((error: unknown) => {
        key = undefined
        throw new Error(
          `This browser cannot sign with Ed25519 through WebCrypto (${error instanceof Error ? error.message : String(error)}).`
        )
      })
    return key
  }
  return {
    publicKey,
    async sign(message) {
      const signature = await crypto.subtle.sign({ name: 'Ed25519' }, await privateKey(), Uint8Array.from(message))
      return new Uint8Array(signature)
    }
  }
}
