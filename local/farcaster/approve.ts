/**
 * The Farcaster app's side of Sign In With Farcaster, for tests and the local app page: what a Farcaster app does with
 * the sign-in URL the visitor scans. It reads the channel and the message's fields from the URL,
 * builds the message with @farcaster/auth-client's wallet client, signs it with the custody key (or
 * an auth address's key) and hands it to the relay with the client's relay key.
 */
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import { privateKeyToAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { LOCAL_RELAY_KEY } from './relay.js'

export interface FarcasterApproval {
  /** The relay's URL (the real app knows its own relay). */
  relayUrl: string
  /** The sign-in URL from the QR code or the deep link. */
  uri: string
  /** The key that signs: the fid's custody key, or one of its auth addresses' keys. */
  privateKey: Hex
  fid: number
  username?: string
  authMethod?: 'custody' | 'authAddress'
  /** Fields to sign other than the URL's (a tampering client). */
  override?: { domain?: string; nonce?: string; uri?: string }
  relayKey?: string
}

/** Signs the sign-in and hands it to the relay; resolves with the relay's HTTP status (201 on success). */
export async function approveFarcasterSignIn(approval: FarcasterApproval): Promise<number> {
  const client = createWalletClient({
    relay: approval.relayUrl,
    // Unused by the wallet's side (it asks no chain); given so the client does not fall back to a public RPC.
    ethereum: viemConnector({ rpcUrl: 'http://127.0.0.1:9' })
  })
  const { channelToken } = client.parseSignInURI({ uri: approval.uri })
  if (!channelToken) throw new Error(`no channel token in ${approval.uri}`)
  const params = new URL(approval.uri).searchParams
  const account = privateKeyToAccount(approval.privateKey)
  const built = client.buildSignInMessage({
    address: account.address,
    fid: approval.fid,
    uri: approval.override?.uri ?? params.get('siweUri') ?? '',
    domain: approval.override?.domain ?? params.get('domain') ?? '',
    nonce: approval.override?.nonce ?? params.get('nonce') ?? '',
    ...(params.get('expirationTime') ? { expirationTime: new Date(params.get('expirationTime')!) } : {})
  })
  if (built.isError) throw built.error ?? new Error('the sign-in message could not be built')
  const signature = await account.signMessage({ message: built.message })
  const answer = await client.authenticate({
    authKey: approval.relayKey ?? LOCAL_RELAY_KEY,
    channelToken,
    message: built.message,
    signature,
    fid: approval.fid,
    authMethod: approval.authMethod ?? 'custody',
    ...(approval.username ? { username: approval.username } : {})
  })
  if (answer.isError) throw answer.error ?? new Error('the relay did not answer')
  return answer.response.status
}
