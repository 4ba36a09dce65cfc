// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice ERC-20 and native transfers that revert on failure, accepting tokens that return nothing.
library SafeTransfer {
    error TokenTransferFailed(address token, address to, uint256 value);
    error NativeTransferFailed(address to, uint256 value);

    function transfer(address token, address to, uint256 value) internal {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, value));
        if (!ok || (data.length != 0 && !abi.decode(data, (bool)))) revert TokenTransferFailed(token, to, value);
    }

    function transferFrom(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, value));
        if (!ok || (data.length != 0 && !abi.decode(data, (bool)))) revert TokenTransferFailed(token, to, value);
    }

    function transferNative(address to, uint256 value) internal {
        (bool ok, ) = to.call{value: value}("");
        if (!ok) revert NativeTransferFailed(to, value);
    }
}
