import { getNameClient, type NameClient } from '../../api/name-client.js'
import { $options } from '../options.js'

/** The name client for the app's options; undefined when createAppKit was given no apiUrl. */
export function nameClient(): NameClient | undefined {
  const options = $options.get()
  return getNameClient(options ? { projectId: options.projectId, apiUrl: options.apiUrl } : undefined)
}
