// The Dev Wallet's signatures: personal_sign and eth_signTypedData_v4, each after the user's approval.
import { hexToString, isAddress, isAddressEqual, isHex, type Hex } from 'viem'
import { isRecord } from '../shared/storage.js'
import { invalidParams } from './errors.js'
import { truncate } from './params.js'
import type { WalletHost } from './wallet-host.js'

/** A personal_sign payload as text when it is printable UTF-8, else as hex. */
function describeMessage(data: Hex | string): string {
  if (!isHex(data)) return data
  try {
    const text = hexToString(data)
    // eslint-disable-next-line no-control-regex -- printable text only, newlines and tabs allowed
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/.test(text)) return text
  } catch {
    // not UTF-8
  }
  return data
}

export async function personalSign(host: WalletHost, params: readonly unknown[]): Promise<Hex> {
  let [data, address] = params
  // Some apps send [address, message]: accept it when the first is this account and the second is not.
  if (
    typeof data === 'string' &&
    isAddress(data, { strict: false }) &&
    isAddressEqual(data, host.account.address) &&
    !(typeof address === 'string' && isAddress(address, { strict: false }))
  ) {
    ;[data, address] = [address, data]
  }
  if (typeof data !== 'string') throw invalidParams('personal_sign expects [message, address]')
  host.requireConnected(address)
  await host.ask({
    method: 'personal_sign',
    title: 'Sign a message',
    details: [
      ['Account', host.account.address],
      ['Message', truncate(describeMessage(data))]
    ]
  })
  return host.account.signMessage({ message: isHex(data) ? { raw: data } : data })
}

export async function signTypedData(host: WalletHost, params: readonly unknown[]): Promise<Hex> {
  const [address, raw] = params
  host.requireConnected(address)
  let typedData: unknown
  try {
    typedData = typeof raw === 'string' ? JSON.parse(raw) : raw
  } catch {
    throw invalidParams('eth_signTypedData_v4 expects the typed data as JSON')
  }
  if (
    !isRecord(typedData) ||
    !isRecord(typedData.types) ||
    typeof typedData.primaryType !== 'string' ||
    !isRecord(typedData.message)
  ) {
    throw invalidParams('typed data needs "types", "primaryType", "domain" and "message"')
  }
  const domain = isRecord(typedData.domain) ? typedData.domain : {}
  if (domain.chainId !== undefined && domain.chainId !== null) {
    const domainChain = Number(domain.chainId)
    if (domainChain !== host.chainId()) {
      throw invalidParams(
        `the typed data's domain.chainId ${String(domain.chainId)} is not the active chain ${host.chainId()}`
      )
    }
  }
  const describeDomain = ['name', 'version', 'chainId', 'verifyingContract']
    .filter(key => domain[key] !== undefined)
    .map(key => `${key}: ${String(domain[key])}`)
    .join('\n')
  await host.ask({
    method: 'eth_signTypedData_v4',
    title: `Sign typed data: ${typedData.primaryType}`,
    details: [
      ['Account', host.account.address],
      ['Domain', describeDomain || '(none)'],
      ['Message', truncate(JSON.stringify(typedData.message, null, 1))]
    ]
  })
  try {
    // viem uses the EIP712Domain type as given, like eth-sig-util does.
    return await host.account.signTypedData(typedData as never)
  } catch (error) {
    throw invalidParams(
      `the typed data cannot be encoded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
    )
  }
}
