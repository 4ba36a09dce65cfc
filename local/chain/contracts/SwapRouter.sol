// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {SafeTransfer} from "./SafeTransfer.sol";
import {SwapPool} from "./SwapPool.sol";

interface IWrappedNative {
    function deposit() external payable;
    function withdraw(uint256 value) external;
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title SwapRouter
/// @notice Creates the constant-product pools and swaps through them along a path of tokens:
/// exact-in swaps token -> token, native -> token and token -> native (the native side goes
/// through the wrapped native token), quotes with getAmountsOut / getAmountsIn, and liquidity.
contract SwapRouter {
    address public immutable WETH;

    mapping(address => mapping(address => address)) public getPair;
    address[] public allPairs;

    event PairCreated(address indexed token0, address indexed token1, address pair, uint256 index);

    error Expired(uint256 deadline, uint256 timestamp);
    error IdenticalTokens(address token);
    error ZeroAddress();
    error PairExists(address pair);
    error PairNotFound(address tokenA, address tokenB);
    error InvalidPath();
    error InsufficientAmount();
    error InsufficientLiquidity();
    error InsufficientOutputAmount(uint256 amountOut, uint256 amountOutMin);
    error InsufficientAAmount(uint256 amount, uint256 minimum);
    error InsufficientBAmount(uint256 amount, uint256 minimum);
    error NativeOnlyFromWrapper(address sender);

    modifier ensure(uint256 deadline) {
        if (block.timestamp > deadline) revert Expired(deadline, block.timestamp);
        _;
    }

    constructor(address weth) {
        WETH = weth;
    }

    receive() external payable {
        if (msg.sender != WETH) revert NativeOnlyFromWrapper(msg.sender);
    }

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) public returns (address pair) {
        (address token0, address token1) = sortTokens(tokenA, tokenB);
        if (getPair[token0][token1] != address(0)) revert PairExists(getPair[token0][token1]);
        pair = address(new SwapPool(token0, token1));
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
        allPairs.push(pair);
        emit PairCreated(token0, token1, pair, allPairs.length - 1);
    }

    // ---- quotes ----

    function sortTokens(address tokenA, address tokenB) public pure returns (address token0, address token1) {
        if (tokenA == tokenB) revert IdenticalTokens(tokenA);
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert ZeroAddress();
    }

    /// @notice Reserves of the pool of tokenA and tokenB, in the order asked.
    function getReserves(address tokenA, address tokenB) public view returns (uint256 reserveA, uint256 reserveB) {
        address pair = _pairOf(tokenA, tokenB);
        (uint256 reserve0, uint256 reserve1) = SwapPool(pair).getReserves();
        (reserveA, reserveB) = tokenA == SwapPool(pair).token0() ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    /// @notice The amount of B worth `amountA` of A at the pool's current price (no fee).
    function quote(uint256 amountA, uint256 reserveA, uint256 reserveB) public pure returns (uint256) {
        if (amountA == 0) revert InsufficientAmount();
        if (reserveA == 0 || reserveB == 0) revert InsufficientLiquidity();
        return (amountA * reserveB) / reserveA;
    }

    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        if (amountIn == 0) revert InsufficientAmount();
        if (reserveIn == 0 || reserveOut == 0) revert InsufficientLiquidity();
        uint256 amountInWithFee = amountIn * 997;
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    function getAmountIn(uint256 amountOut, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        if (amountOut == 0) revert InsufficientAmount();
        if (reserveIn == 0 || reserveOut <= amountOut) revert InsufficientLiquidity();
        return (reserveIn * amountOut * 1000) / ((reserveOut - amountOut) * 997) + 1;
    }

    function getAmountsOut(uint256 amountIn, address[] calldata path) public view returns (uint256[] memory amounts) {
        if (path.length < 2) revert InvalidPath();
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < path.length - 1; i++) {
            (uint256 reserveIn, uint256 reserveOut) = getReserves(path[i], path[i + 1]);
            amounts[i + 1] = getAmountOut(amounts[i], reserveIn, reserveOut);
        }
    }

    function getAmountsIn(uint256 amountOut, address[] calldata path) public view returns (uint256[] memory amounts) {
        if (path.length < 2) revert InvalidPath();
        amounts = new uint256[](path.length);
        amounts[path.length - 1] = amountOut;
        for (uint256 i = path.length - 1; i > 0; i--) {
            (uint256 reserveIn, uint256 reserveOut) = getReserves(path[i - 1], path[i]);
            amounts[i - 1] = getAmountIn(amounts[i], reserveIn, reserveOut);
        }
    }

    // ---- liquidity ----

    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        (amountA, amountB) = _liquidityAmounts(tokenA, tokenB, amountADesired, amountBDesired, amountAMin, amountBMin);
        address pair = getPair[tokenA][tokenB];
        SafeTransfer.transferFrom(tokenA, msg.sender, pair, amountA);
        SafeTransfer.transferFrom(tokenB, msg.sender, pair, amountB);
        liquidity = SwapPool(pair).mint(to);
    }

    function addLiquidityETH(
        address token,
        uint256 amountTokenDesired,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256 amountToken, uint256 amountETH, uint256 liquidity) {
        (amountToken, amountETH) = _liquidityAmounts(
            token,
            WETH,
            amountTokenDesired,
            msg.value,
            amountTokenMin,
            amountETHMin
        );
        address pair = getPair[token][WETH];
        SafeTransfer.transferFrom(token, msg.sender, pair, amountToken);
        IWrappedNative(WETH).deposit{value: amountETH}();
        SafeTransfer.transfer(WETH, pair, amountETH);
        liquidity = SwapPool(pair).mint(to);
        if (msg.value > amountETH) SafeTransfer.transferNative(msg.sender, msg.value - amountETH);
    }

    // ---- swaps (exact input) ----

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        amounts = _checkedAmountsOut(amountIn, amountOutMin, path);
        SafeTransfer.transferFrom(path[0], msg.sender, _pairOf(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    function swapExactETHForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256[] memory amounts) {
        amounts = _checkedAmountsOut(msg.value, amountOutMin, path);
        if (path[0] != WETH) revert InvalidPath();
        IWrappedNative(WETH).deposit{value: amounts[0]}();
        SafeTransfer.transfer(WETH, _pairOf(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        amounts = _checkedAmountsOut(amountIn, amountOutMin, path);
        if (path[path.length - 1] != WETH) revert InvalidPath();
        SafeTransfer.transferFrom(path[0], msg.sender, _pairOf(path[0], path[1]), amounts[0]);
        _swap(amounts, path, address(this));
        uint256 amountOut = amounts[amounts.length - 1];
        IWrappedNative(WETH).withdraw(amountOut);
        SafeTransfer.transferNative(to, amountOut);
    }

    // ---- internals ----

    function _pairOf(address tokenA, address tokenB) private view returns (address pair) {
        pair = getPair[tokenA][tokenB];
        if (pair == address(0)) revert PairNotFound(tokenA, tokenB);
    }

    function _checkedAmountsOut(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path
    ) private view returns (uint256[] memory amounts) {
        amounts = getAmountsOut(amountIn, path);
        uint256 amountOut = amounts[amounts.length - 1];
        if (amountOut < amountOutMin) revert InsufficientOutputAmount(amountOut, amountOutMin);
    }

    function _liquidityAmounts(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin
    ) private returns (uint256 amountA, uint256 amountB) {
        if (getPair[tokenA][tokenB] == address(0)) createPair(tokenA, tokenB);
        (uint256 reserveA, uint256 reserveB) = getReserves(tokenA, tokenB);
        if (reserveA == 0 && reserveB == 0) return (amountADesired, amountBDesired);
        uint256 amountBOptimal = quote(amountADesired, reserveA, reserveB);
        if (amountBOptimal <= amountBDesired) {
            if (amountBOptimal < amountBMin) revert InsufficientBAmount(amountBOptimal, amountBMin);
            return (amountADesired, amountBOptimal);
        }
        uint256 amountAOptimal = quote(amountBDesired, reserveB, reserveA);
        if (amountAOptimal < amountAMin) revert InsufficientAAmount(amountAOptimal, amountAMin);
        return (amountAOptimal, amountBDesired);
    }

    /// @dev Sends amounts[i + 1] out of each pool on the path; every pool but the last pays the next.
    function _swap(uint256[] memory amounts, address[] calldata path, address to) private {
        for (uint256 i = 0; i < path.length - 1; i++) {
            (address input, address output) = (path[i], path[i + 1]);
            address pair = getPair[input][output];
            uint256 amountOut = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = input == SwapPool(pair).token0()
                ? (uint256(0), amountOut)
                : (amountOut, uint256(0));
            address recipient = i < path.length - 2 ? _pairOf(output, path[i + 2]) : to;
            SwapPool(pair).swap(amount0Out, amount1Out, recipient);
        }
    }
}
