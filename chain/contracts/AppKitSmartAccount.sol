// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@account-abstraction/contracts/samples/SimpleAccount.sol";

/// @title AppKitSmartAccount
/// @notice The embedded wallet's ERC-4337 smart account on the local chains: the reference
/// SimpleAccount (one owner key; user operations through the EntryPoint; execute and executeBatch)
/// plus ERC-1271, so that a sign-in by the account is verified on chain: a signature is valid when
/// the owner signed the hash.
contract AppKitSmartAccount is SimpleAccount, IERC1271 {
    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError problem, ) = ECDSA.tryRecover(hash, signature);
        return problem == ECDSA.RecoverError.NoError && signer == owner ? this.isValidSignature.selector : bytes4(0xffffffff);
    }
}

/// @title AppKitSmartAccountFactory
/// @notice Deploys an owner's AppKitSmartAccount at a CREATE2 address known before it exists (the
/// user operation's initCode calls createAccount on first use), behind an ERC-1967 proxy.
contract AppKitSmartAccountFactory {
    AppKitSmartAccount public immutable accountImplementation;

    constructor(IEntryPoint entryPoint) {
        accountImplementation = new AppKitSmartAccount(entryPoint);
    }

    /// @notice The owner's account for `salt`, deployed now if it is not yet; its address either way.
    function createAccount(address owner, uint256 salt) external returns (AppKitSmartAccount account) {
        address predicted = getAddress(owner, salt);
        if (predicted.code.length > 0) return AppKitSmartAccount(payable(predicted));
        account = AppKitSmartAccount(
            payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), _initCall(owner)))
        );
    }

    /// @notice Where createAccount(owner, salt) puts the account.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return
            Create2.computeAddress(
                bytes32(salt),
                keccak256(
                    abi.encodePacked(
                        type(ERC1967Proxy).creationCode,
                        abi.encode(address(accountImplementation), _initCall(owner))
                    )
                )
            );
    }

    function _initCall(address owner) private pure returns (bytes memory) {
        return abi.encodeCall(SimpleAccount.initialize, (owner));
    }
}
