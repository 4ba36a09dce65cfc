import type { ChainNamespace } from '../networks/types.js'

/** The embedded wallet's connector id and name, on every namespace it serves (a leaf: no connector code). */
export const AUTH_CONNECTOR_ID = 'AUTH'
export const AUTH_CONNECTOR_NAME = 'Email'
/** The namespaces the embedded wallet serves with one login (docs/behaviour.md section 9: auth connector eip155 and solana). */
export const AUTH_CONNECTOR_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']
