// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {SafeTransfer} from "./SafeTransfer.sol";

interface IBalanceOf {
    function balanceOf(address account) external view returns (uint256);
}

/// @title SwapPool
/// @notice A constant-product pool (x * y = k) of two ERC-20 tokens with a 0.3 % fee on the input.
/// Callers (the router) transfer the input to the pool first, then call `swap` or `mint`; the pool
/// reads what arrived from its balances. Liquidity shares are book entries, not a token.
contract SwapPool {
    uint256 public constant MINIMUM_LIQUIDITY = 1000;
    uint256 public constant FEE_PER_THOUSAND = 3;

    address public immutable router;
    address public immutable token0;
    address public immutable token1;

    uint256 public reserve0;
    uint256 public reserve1;
    uint256 public totalLiquidity;
    mapping(address => uint256) public liquidityOf;

    uint256 private _unlocked = 1;

    event Mint(address indexed sender, uint256 amount0, uint256 amount1, address indexed to, uint256 liquidity);
    event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to, uint256 liquidity);
    event Swap(
        address indexed sender,
        uint256 amount0In,
        uint256 amount1In,
        uint256 amount0Out,
        uint256 amount1Out,
        address indexed to
    );
    event Sync(uint256 reserve0, uint256 reserve1);

    error Locked();
    error InsufficientLiquidityMinted();
    error InsufficientLiquidityBurned();
    error InsufficientOutputAmount();
    error InsufficientInputAmount();
    error InsufficientLiquidity();
    error InvalidTo(address to);
    error ConstantProductViolated();

    modifier lock() {
        if (_unlocked != 1) revert Locked();
        _unlocked = 0;
        _;
        _unlocked = 1;
    }

    constructor(address token0_, address token1_) {
        router = msg.sender;
        token0 = token0_;
        token1 = token1_;
    }

    function getReserves() external view returns (uint256, uint256) {
        return (reserve0, reserve1);
    }

    /// @notice Adds the tokens sent to the pool since the last update as liquidity owned by `to`.
    function mint(address to) external lock returns (uint256 liquidity) {
        (uint256 balance0, uint256 balance1) = _balances();
        uint256 amount0 = balance0 - reserve0;
        uint256 amount1 = balance1 - reserve1;
        uint256 total = totalLiquidity;
        if (total == 0) {
            liquidity = _sqrt(amount0 * amount1);
            if (liquidity <= MINIMUM_LIQUIDITY) revert InsufficientLiquidityMinted();
            liquidity -= MINIMUM_LIQUIDITY;
            // The first shares are locked forever, so the pool can never be emptied to zero.
            liquidityOf[address(0)] = MINIMUM_LIQUIDITY;
            total = MINIMUM_LIQUIDITY;
        } else {
            uint256 by0 = (amount0 * total) / reserve0;
            uint256 by1 = (amount1 * total) / reserve1;
            liquidity = by0 < by1 ? by0 : by1;
        }
        if (liquidity == 0) revert InsufficientLiquidityMinted();
        liquidityOf[to] += liquidity;
        totalLiquidity = total + liquidity;
        _update(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1, to, liquidity);
    }

    /// @notice Removes `liquidity` shares of the caller and sends the matching tokens to `to`.
    function burn(uint256 liquidity, address to) external lock returns (uint256 amount0, uint256 amount1) {
        (uint256 balance0, uint256 balance1) = _balances();
        uint256 total = totalLiquidity;
        amount0 = (liquidity * balance0) / total;
        amount1 = (liquidity * balance1) / total;
        if (amount0 == 0 || amount1 == 0) revert InsufficientLiquidityBurned();
        liquidityOf[msg.sender] -= liquidity;
        totalLiquidity = total - liquidity;
        SafeTransfer.transfer(token0, to, amount0);
        SafeTransfer.transfer(token1, to, amount1);
        (balance0, balance1) = _balances();
        _update(balance0, balance1);
        emit Burn(msg.sender, amount0, amount1, to, liquidity);
    }

    /// @notice Sends the asked outputs to `to`, then checks that the input already received keeps
    /// x * y (less the 0.3 % fee on the input) from falling.
    function swap(uint256 amount0Out, uint256 amount1Out, address to) external lock {
        if (amount0Out == 0 && amount1Out == 0) revert InsufficientOutputAmount();
        uint256 r0 = reserve0;
        uint256 r1 = reserve1;
        if (amount0Out >= r0 || amount1Out >= r1) revert InsufficientLiquidity();
        if (to == token0 || to == token1) revert InvalidTo(to);
        if (amount0Out > 0) SafeTransfer.transfer(token0, to, amount0Out);
        if (amount1Out > 0) SafeTransfer.transfer(token1, to, amount1Out);
        (uint256 balance0, uint256 balance1) = _balances();
        uint256 amount0In = balance0 > r0 - amount0Out ? balance0 - (r0 - amount0Out) : 0;
        uint256 amount1In = balance1 > r1 - amount1Out ? balance1 - (r1 - amount1Out) : 0;
        if (amount0In == 0 && amount1In == 0) revert InsufficientInputAmount();
        uint256 adjusted0 = balance0 * 1000 - amount0In * FEE_PER_THOUSAND;
        uint256 adjusted1 = balance1 * 1000 - amount1In * FEE_PER_THOUSAND;
        if (adjusted0 * adjusted1 < r0 * r1 * 1_000_000) revert ConstantProductViolated();
        _update(balance0, balance1);
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    function _balances() private view returns (uint256, uint256) {
        return (IBalanceOf(token0).balanceOf(address(this)), IBalanceOf(token1).balanceOf(address(this)));
    }

    function _update(uint256 balance0, uint256 balance1) private {
        reserve0 = balance0;
        reserve1 = balance1;
        emit Sync(balance0, balance1);
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}
