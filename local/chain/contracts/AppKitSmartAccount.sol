// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import "@account-abstraction/contracts/samples/SimpleAccount.sol";

/// @title AppKitSmartAccount
/// @notice The embedded wallet's ERC-4337 smart account on the local chains: the reference
/// SimpleAccount (one owner key; user operations through the EntryPoint; execute and executeBatch)
/// plus ERC-1271, so that a sign-in by the account is verified on chain: a signature is valid when
/// the owner signed the hash.
/// @notice Smart sessions (ERC-7715 permissions): the owner grants a session key the right to move
/// one token (address(0): the native coin) up to a limit until an expiry. A user operation signed by
/// that key is valid only when its callData is a single execute() that transfers that token (an
/// ERC-20 transfer(to, amount), or a plain native transfer), the amount fits in what is left of the
/// limit, the session is not revoked, and the chain's time is before the expiry (the EntryPoint
/// enforces it: the validation data carries it as validUntil). What a session spends is counted when
/// its user operation is validated. The owner revokes a session at any time.
contract AppKitSmartAccount is SimpleAccount, IERC1271 {
    struct Session {
        address token;
        uint48 expiry;
        bool revoked;
        uint256 limit;
        uint256 spent;
    }

    /// @notice Each session key's grant (expiry 0: never granted).
    mapping(address => Session) public sessions;

    event SessionGranted(address indexed key, address token, uint256 limit, uint48 expiry);
    event SessionRevoked(address indexed key);

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError problem, ) = ECDSA.tryRecover(hash, signature);
        return problem == ECDSA.RecoverError.NoError && signer == owner ? this.isValidSignature.selector : bytes4(0xffffffff);
    }

    /// @notice Lets `key` move up to `limit` of `token` (address(0): the native coin) until `expiry`
    /// (Unix seconds). Granting a key again replaces its grant and starts its count anew.
    function grantSession(address key, address token, uint256 limit, uint48 expiry) external onlyOwner {
        require(key != address(0) && key != owner, "session: bad key");
        require(expiry > block.timestamp, "session: expiry passed");
        sessions[key] = Session(token, expiry, false, limit, 0);
        emit SessionGranted(key, token, limit, expiry);
    }

    /// @notice Ends `key`'s session: its user operations are refused from now on.
    function revokeSession(address key) external onlyOwner {
        require(sessions[key].expiry != 0, "session: unknown key");
        sessions[key].revoked = true;
        emit SessionRevoked(key);
    }

    /// @notice What `key` may still spend (0 once revoked).
    function sessionAllowance(address key) external view returns (uint256) {
        Session storage session = sessions[key];
        return session.revoked ? 0 : session.limit - session.spent;
    }

    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
        internal
        override
        returns (uint256 validationData)
    {
        bytes32 hash = MessageHashUtils.toEthSignedMessageHash(userOpHash);
        (address signer, ECDSA.RecoverError problem, ) = ECDSA.tryRecover(hash, userOp.signature);
        if (problem != ECDSA.RecoverError.NoError) return SIG_VALIDATION_FAILED;
        if (signer == owner) return SIG_VALIDATION_SUCCESS;
        Session storage session = sessions[signer];
        if (session.expiry == 0 || session.revoked) return SIG_VALIDATION_FAILED;
        (bool allowed, uint256 amount) = _sessionTransfer(session.token, userOp.callData);
        if (!allowed || amount > session.limit - session.spent) return SIG_VALIDATION_FAILED;
        session.spent += amount;
        return _packValidationData(false, session.expiry, 0);
    }

    /// @dev The amount a session's callData moves, when it is one transfer of `token`; (false, 0) otherwise.
    function _sessionTransfer(address token, bytes calldata callData) private pure returns (bool, uint256) {
        if (callData.length < 4 || bytes4(callData[:4]) != this.execute.selector) return (false, 0);
        (address dest, uint256 value, bytes memory func) = abi.decode(callData[4:], (address, uint256, bytes));
        if (token == address(0)) return (func.length == 0, value);
        if (dest != token || value != 0 || func.length != 68) return (false, 0);
        bytes4 selector;
        uint256 amount;
        assembly {
            selector := mload(add(func, 32))
            amount := mload(add(func, 68))
        }
        if (selector != IERC20.transfer.selector) return (false, 0);
        return (true, amount);
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
