/**
 * Every request and response of docs/behaviour.md section 7 as zod/mini schemas with their inferred types:
 * one source of truth for the kit's clients (src/api) and the reference backend (service/backend/).
 * Query schemas describe the wire (strings in, typed values out) as a server parses them.
 */
export * from './common.js'
export * from './chains.js'
export * from './identity.js'
export * from './history.js'
export * from './nfts.js'
export * from './balance.js'
export * from './convert.js'
export * from './fungible.js'
export * from './profile.js'
export * from './onramp.js'
export * from './sessions.js'
export * from './catalog.js'
export * from './analytics.js'
export * from './json-rpc.js'
export * from './siwx.js'
