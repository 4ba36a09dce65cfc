// Smart sessions in the frame (ERC-7715: wallet_grantPermissions and wallet_revokePermissions;
// src/api/schemas/permissions.ts has the shapes), loaded on the first such request. Only the smart
// account grants: the session key may then move one token up to a limit until an expiry, and the
// account's contract enforces it on chain (local/chain/contracts/AppKitSmartAccount.sol). What the
// visitor approves names the spender (the session key's address), the token, the limit and the
// expiry. A grant is one sponsored user operation calling the account's grantSession; a revoke one
// calling revokeSession, and then the account's signature of revokeSessionMessage(context), which
// the app takes to POST /v1/sessions/{id}/revoke (the backend's record of the session).
import {
  bytesToHex,
  encodeFunctionData,
  formatEther,
  formatUnits,
  getAddress,
  isAddressEqual,
  type Address,
  type Hex
} from 'viem'
import { publicKeyToAddress } from 'viem/accounts'
import { revokeSessionMessage } from '../../src/api/schemas/sessions.js'
import {
  decodeSessionContext,
  encodeSessionContext,
  permissionRequestSchema,
  revokePermissionsParamsSchema,
  type GrantedPermissions,
  type PermissionSigner
} from '../../src/api/schemas/permissions.js'
import { ContractReads, chainReader } from './evm-contract-reads.js'
import type { ApprovalContext, ApprovalPlan } from './rpc-approvals.js'
import { parseParams } from './rpc-params.js'
import type { ActiveSmartAccount } from './smart-wallet.js'
import * as z from 'zod/mini'

export const PERMISSIONS_NEED_SMART_ACCOUNT = 'Smart sessions need the smart account: switch to it first'
export const PERMISSION_EXPIRED = 'The permission’s expiry has passed'
export const SESSION_NOT_GRANTED = 'The session was not granted on chain'
export const SESSION_NOT_REVOKED = 'The session was not revoked on chain'
export const badSessionKey = (key: string) => `The session key ${key} is the wallet’s own: it cannot be a spender`
export const notThisAccount = (account: string) => `The session belongs to ${account}, not to this wallet`

/** The account's session functions (local/chain/contracts/AppKitSmartAccount.sol); the frame's first load has none of them. */
export const sessionAbi = [
  {
    type: 'function',
    name: 'grantSession',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'key', type: 'address' },
      { name: 'token', type: 'address' },
      { name: 'limit', type: 'uint256' },
      { name: 'expiry', type: 'uint48' }
    ],
    outputs: []
  },
  {
    type: 'function',
    name: 'revokeSession',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'key', type: 'address' }],
    outputs: []
  }
] as const

const NATIVE: Address = '0x0000000000000000000000000000000000000000'

function signerAddress(signer: PermissionSigner): Address {
  return signer.type === 'key' ? publicKeyToAddress(signer.data.publicKey as Hex) : (signer.data.id as Address)
}

function smartOf(context: ApprovalContext): ActiveSmartAccount {
  if (!context.smart) throw new Error(PERMISSIONS_NEED_SMART_ACCOUNT)
  return context.smart
}

/** The expiry as the visitor reads it: the date and time in their time zone, and the zone. */
function shownExpiry(expiry: number): string {
  return new Date(expiry * 1000).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short'
  })
}

/** Runs `calls` as one user operation of the smart account and waits until it is mined; throws `failure` if it reverted. */
async function runOnAccount(context: ApprovalContext, smart: ActiveSmartAccount, data: Hex, failure: string) {
  const operation = await smart.wallet.send(context.keyring.account, smart.chainId, [{ to: smart.address, data }])
  const { success } = await smart.wallet.waitForReceipt(smart.chainId, operation)
  if (!success) throw new Error(failure)
}

export async function grantPermissions(params: unknown, context: ApprovalContext): Promise<ApprovalPlan> {
  const [request] = parseParams('wallet_grantPermissions', z.tuple([permissionRequestSchema], z.unknown()), params)
  const smart = smartOf(context)
  const chainId = Number(request.chainId)
  if (chainId !== smart.chainId) {
    throw new Error(`The permission is for chain ${request.chainId}, the wallet is on chain ${smart.chainId}`)
  }
  if (request.address && !isAddressEqual(request.address as Address, smart.address)) {
    throw new Error(notThisAccount(smart.address))
  }
  if (request.expiry <= Math.floor(Date.now() / 1000)) throw new Error(PERMISSION_EXPIRED)
  const key = signerAddress(request.signer)
  if (isAddressEqual(key, smart.address) || isAddressEqual(key, context.keyring.address)) {
    throw new Error(badSessionKey(key))
  }
  // The schema takes exactly one.
  const [permission] = request.permissions
  if (!permission) throw new Error('wallet_grantPermissions got no permission')
  const limit = BigInt(permission.data.allowance)
  const token = permission.type === 'erc20-token-transfer' ? (permission.data.address as Address) : NATIVE
  let shownLimit = `${formatEther(limit)} ETH`
  let shownToken = 'ETH (the native coin)'
  if (token !== NATIVE) {
    const info = await new ContractReads(chainReader(context.forward)).info(token)
    shownToken = info.standard === 'erc20' ? `${info.symbol} (${token})` : token
    shownLimit =
      info.standard === 'erc20' ? `${formatUnits(limit, info.decimals)} ${info.symbol}` : `${limit} (base units)`
  }
  return {
    request: {
      kind: 'permissions',
      heading: 'Grant permissions',
      rows: [
        ['Account', smart.address],
        ['Chain', String(chainId)],
        ['Spender', key],
        ['Token', shownToken],
        ['Limit', shownLimit],
        ['Expires', shownExpiry(request.expiry)]
      ]
    },
    async run(): Promise<GrantedPermissions> {
      const data = encodeFunctionData({
        abi: sessionAbi,
        functionName: 'grantSession',
        args: [key, token, limit, request.expiry]
      })
      await runOnAccount(context, smart, data, SESSION_NOT_GRANTED)
      const salt = bytesToHex(crypto.getRandomValues(new Uint8Array(8)))
      return {
        chainId: request.chainId,
        address: smart.address,
        expiry: request.expiry,
        signer: request.signer,
        permissions: request.permissions,
        context: encodeSessionContext({ account: smart.address, key, salt })
      }
    }
  }
}

export function revokePermissions(params: unknown, context: ApprovalContext): ApprovalPlan {
  const [{ context: sessionContext }] = parseParams(
    'wallet_revokePermissions',
    z.tuple([revokePermissionsParamsSchema], z.unknown()),
    params
  )
  const smart = smartOf(context)
  const { account, key } = decodeSessionContext(sessionContext)
  if (!isAddressEqual(account, smart.address)) throw new Error(notThisAccount(account))
  return {
    request: {
      kind: 'permissions',
      heading: 'Revoke permissions',
      rows: [
        ['Account', smart.address],
        ['Chain', String(smart.chainId)],
        ['Spender', getAddress(key)]
      ]
    },
    async run() {
      const data = encodeFunctionData({ abi: sessionAbi, functionName: 'revokeSession', args: [key] })
      await runOnAccount(context, smart, data, SESSION_NOT_REVOKED)
      const message = new TextEncoder().encode(revokeSessionMessage(sessionContext))
      const signature = await smart.wallet.signMessage(context.keyring.account, smart.chainId, { raw: message })
      return { signature }
    }
  }
}
