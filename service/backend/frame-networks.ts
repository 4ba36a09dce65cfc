// The networks the embedded wallet's backend serves to the frame (POST /frame-api/rpc) when it runs
// no node of its own for them: docs/behaviour.md section 3's frame networks (Ethereum and its testnets,
// Optimism, Arbitrum, Polygon, Celo, Aurora, BNB, Avalanche, zkSync, Gnosis, Base, and three Solana
// networks), each with a well-known public RPC endpoint (most as viem/chains has them). A chain the
// backend reads itself (the local chains, `--rpc`) comes first; APPKIT_CHAIN_RPCS ('chainId=url,…',
// the format `--rpc` takes) replaces a default per chain. A network in none of these the frame
// reaches through the app's own RPC URL, from the browser (service/frame/README.md): the backend never
// fetches a URL a page chose.
import { solana, solanaDevnet, solanaTestnet } from '../../src/networks/definitions.js'

export interface FrameNetwork {
  /** CAIP-2: 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'. */
  readonly caipNetworkId: string
  readonly name: string
  /** Its public JSON-RPC endpoint. */
  readonly rpcUrl: string
}

const evm = (id: number, name: string, rpcUrl: string): FrameNetwork => ({
  caipNetworkId: `eip155:${id}`,
  name,
  rpcUrl
})

/** docs/behaviour.md section 3, "Supported frame networks", with public endpoints. */
export const FRAME_NETWORKS: readonly FrameNetwork[] = [
  evm(1, 'Ethereum', 'https://ethereum-rpc.publicnode.com'),
  evm(11155111, 'Sepolia', 'https://ethereum-sepolia-rpc.publicnode.com'),
  evm(17000, 'Holesky', 'https://ethereum-holesky-rpc.publicnode.com'),
  evm(10, 'OP Mainnet', 'https://mainnet.optimism.io'),
  evm(11155420, 'OP Sepolia', 'https://sepolia.optimism.io'),
  evm(42161, 'Arbitrum One', 'https://arb1.arbitrum.io/rpc'),
  evm(421614, 'Arbitrum Sepolia', 'https://sepolia-rollup.arbitrum.io/rpc'),
  evm(137, 'Polygon', 'https://polygon-rpc.com'),
  evm(80002, 'Polygon Amoy', 'https://rpc-amoy.polygon.technology'),
  evm(42220, 'Celo', 'https://forno.celo.org'),
  evm(1313161554, 'Aurora', 'https://mainnet.aurora.dev'),
  evm(56, 'BNB Smart Chain', 'https://bsc-dataseed.bnbchain.org'),
  evm(97, 'BNB Smart Chain Testnet', 'https://data-seed-prebsc-1-s1.bnbchain.org:8545'),
  evm(43114, 'Avalanche', 'https://api.avax.network/ext/bc/C/rpc'),
  evm(43113, 'Avalanche Fuji', 'https://api.avax-test.network/ext/bc/C/rpc'),
  evm(324, 'zkSync Era', 'https://mainnet.era.zksync.io'),
  evm(300, 'zkSync Sepolia', 'https://sepolia.era.zksync.dev'),
  evm(100, 'Gnosis', 'https://rpc.gnosischain.com'),
  evm(8453, 'Base', 'https://mainnet.base.org'),
  evm(84532, 'Base Sepolia', 'https://sepolia.base.org'),
  { caipNetworkId: solana.caipNetworkId, name: solana.name, rpcUrl: solana.rpcUrls.default.http[0] },
  { caipNetworkId: solanaDevnet.caipNetworkId, name: solanaDevnet.name, rpcUrl: solanaDevnet.rpcUrls.default.http[0] },
  {
    caipNetworkId: solanaTestnet.caipNetworkId,
    name: solanaTestnet.name,
    rpcUrl: solanaTestnet.rpcUrls.default.http[0]
  }
]

export interface ChainRpc {
  readonly chainId: number
  readonly rpcUrl: string
}

/** `--rpc` values or APPKIT_CHAIN_RPCS's items ('31337=http://127.0.0.1:8545'); throws naming a malformed one. */
export function parseChainRpcs(items: readonly string[]): ChainRpc[] {
  return items
    .map(item => item.trim())
    .filter(Boolean)
    .map(item => {
      const match = /^(\d{1,20})=(https?:\/\/\S+)$/.exec(item)
      if (!match) throw new Error(`--rpc and APPKIT_CHAIN_RPCS expect chainId=http(s) URL, got '${item}'`)
      return { chainId: Number(match[1]), rpcUrl: match[2]! }
    })
}

/** FRAME_NETWORKS' endpoints by CAIP-2 id, each chain of APPKIT_CHAIN_RPCS ('1=https://…,8453=…') in place of its default. */
export function frameRpcUrls(chainRpcs: string | undefined): Record<string, string> {
  const urls: Record<string, string> = Object.fromEntries(
    FRAME_NETWORKS.map(network => [network.caipNetworkId, network.rpcUrl])
  )
  for (const { chainId, rpcUrl } of parseChainRpcs((chainRpcs ?? '').split(','))) urls[`eip155:${chainId}`] = rpcUrl
  return urls
}
