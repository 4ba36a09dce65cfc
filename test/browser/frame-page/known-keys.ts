// Keys with known addresses for the frame's tests.
import { bytesToHex, type Hex } from 'viem'

/** Hardhat's first test account ('test test … junk', m/44'/60'/0'/0/0). */
export const HARDHAT_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
export const HARDHAT_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const SOLANA_SEED: Hex = bytesToHex(Uint8Array.from({ length: 32 }, (_, index) => index + 1))
/**
 * `Keypair.fromSeed(SOLANA_SEED).publicKey.toBase58()` with @solana/web3.js 1.98.4, computed in Node:
 * the package does not load in the test runner's browser (its @solana/codecs-numbers import has
 * only browser/node export conditions, which the runner's resolver does not pick).
 */
export const WEB3JS_ADDRESS_OF_SEED = '9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj'
