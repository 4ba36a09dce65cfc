// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

interface IFarcasterIdRegistry {
    function idOf(address custody) external view returns (uint256);
}

/// @title FarcasterKeyRegistry
/// @notice The local chains' stand-in for Farcaster's key registry: the keys an fid's custody
/// address has added, with their type and state. `keyDataOf` has the real registry's ABI, so a
/// verifier can ask whether an address is an fid's auth address (key type 2, state added).
contract FarcasterKeyRegistry {
    enum KeyState {
        NULL,
        ADDED,
        REMOVED
    }

    struct KeyData {
        KeyState state;
        uint32 keyType;
    }

    IFarcasterIdRegistry public immutable idRegistry;
    mapping(uint256 => mapping(bytes => KeyData)) private _keys;

    event Add(uint256 indexed fid, uint32 indexed keyType, bytes key);
    event Remove(uint256 indexed fid, bytes key);

    error NoFid(address caller);
    error InvalidState(KeyState state);

    constructor(address idRegistry_) {
        idRegistry = IFarcasterIdRegistry(idRegistry_);
    }

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return _keys[fid][key];
    }

    /// @notice Adds `key` of `keyType` to the caller's fid.
    function add(uint32 keyType, bytes calldata key) external {
        uint256 fid = _fidOf(msg.sender);
        KeyData storage data = _keys[fid][key];
        if (data.state != KeyState.NULL) revert InvalidState(data.state);
        data.state = KeyState.ADDED;
        data.keyType = keyType;
        emit Add(fid, keyType, key);
    }

    /// @notice Removes `key` from the caller's fid; a removed key cannot be added again.
    function remove(bytes calldata key) external {
        uint256 fid = _fidOf(msg.sender);
        KeyData storage data = _keys[fid][key];
        if (data.state != KeyState.ADDED) revert InvalidState(data.state);
        data.state = KeyState.REMOVED;
        emit Remove(fid, key);
    }

    function _fidOf(address caller) private view returns (uint256 fid) {
        fid = idRegistry.idOf(caller);
        if (fid == 0) revert NoFid(caller);
    }
}
