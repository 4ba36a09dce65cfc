/** The embedded wallet's connector id and name, on every namespace it serves (a leaf: no connector code). */
export const AUTH_CONNECTOR_ID = 'AUTH'
export const AUTH_CONNECTOR_NAME = 'Email'
