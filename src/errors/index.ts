export * from './connector-errors.js'
export * from './switch-errors.js'
export * from './visitor-message.js'
