// Contracts behind the fake chain's eth_call (test/browser/frame-page/fake-chain.ts), shaped like the
// local stack's (local/chain/contracts/): a TestToken (name, symbol, decimals; no ERC-165, so its
// supportsInterface reverts) and a TestCollection (name, symbol, ERC-165 saying ERC-721; no
// decimals). Anything else a contract is asked, and any address with no contract, reverts.
import { decodeFunctionData, encodeFunctionResult, parseAbi, type Hex } from 'viem'

export type FakeContract =
  | { readonly standard: 'erc20'; readonly name: string; readonly symbol: string; readonly decimals: number }
  | { readonly standard: 'erc721'; readonly name: string; readonly symbol: string }

const READS = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)'
])
const ERC165_IDS = ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f']

export const REVERTED = 'execution reverted'

/** The result of eth_call's `{ to, data }` against `contracts` (by lower-case address); throws as a revert. */
export function answerCall(contracts: ReadonlyMap<string, FakeContract>, call: { to?: string; data?: Hex }): Hex {
  const contract = contracts.get(String(call.to).toLowerCase())
  if (!contract || !call.data) throw new Error(REVERTED)
  let decoded: ReturnType<typeof decodeFunctionData<typeof READS>>
  try {
    decoded = decodeFunctionData({ abi: READS, data: call.data })
  } catch {
    throw new Error(REVERTED)
  }
  switch (decoded.functionName) {
    case 'name':
    case 'symbol':
      return encodeFunctionResult({
        abi: READS,
        functionName: decoded.functionName,
        result: contract[decoded.functionName]
      })
    case 'decimals':
      if (contract.standard !== 'erc20') throw new Error(REVERTED)
      return encodeFunctionResult({ abi: READS, functionName: 'decimals', result: contract.decimals })
    case 'supportsInterface':
      if (contract.standard !== 'erc721') throw new Error(REVERTED)
      return encodeFunctionResult({
        abi: READS,
        functionName: 'supportsInterface',
        result: ERC165_IDS.includes(decoded.args[0].toLowerCase())
      })
  }
}
