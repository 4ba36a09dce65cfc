// The embedded wallet's smart account's execute and executeBatch (local/chain/contracts/
// AppKitSmartAccount.sol), written out so that the frame's first load and an app's session key
// (session-key-account.ts) carry these two items, not the account's whole ABI (its session
// functions and events). test/chain/smart-sessions.test.ts checks them against the compiled ABI.
export const accountCallsAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'dest', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'func', type: 'bytes' }
    ],
    outputs: []
  },
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'dest', type: 'address[]' },
      { name: 'value', type: 'uint256[]' },
      { name: 'func', type: 'bytes[]' }
    ],
    outputs: []
  }
] as const
