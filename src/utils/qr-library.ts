// The QR encoder library as a module of the kit: what qr-encoder.ts imports on first use, and the
// chunk of its own in both script-tag builds (dist/chunks/ and, for the classic file, dist/classic/).
export { encode } from 'uqr'
