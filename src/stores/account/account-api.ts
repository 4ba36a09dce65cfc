import { getAccountClient, type AccountClient } from '../../api/account-client.js'
import { $options } from '../options.js'

/** The balance and identity client for the app's options; undefined when createAppKit was given no apiUrl. */
export function accountApi(): AccountClient | undefined {
  const options = $options.get()
  return getAccountClient(options ? { projectId: options.projectId, apiUrl: options.apiUrl } : undefined)
}
