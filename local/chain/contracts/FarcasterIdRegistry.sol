// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @title FarcasterIdRegistry
/// @notice The local chains' stand-in for Farcaster's ID registry on OP mainnet: a Farcaster id
/// (fid) per custody address, numbered from 1 in order of registration. It answers the two reads a
/// Sign In With Farcaster verifier makes (`idOf`, `custodyOf`) with the same ABI as the real one.
/// Anyone may register one fid for the address that calls; the deployer may register for others
/// (the seeding at start).
contract FarcasterIdRegistry {
    address public immutable owner;
    uint256 public idCounter;

    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id);

    error HasId(address custody, uint256 id);
    error NotOwner(address caller);

    constructor() {
        owner = msg.sender;
    }

    /// @notice Gives the caller the next fid.
    function register() external returns (uint256 fid) {
        return _register(msg.sender);
    }

    /// @notice Gives `to` the next fid; only the deployer may.
    function registerFor(address to) external returns (uint256 fid) {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        return _register(to);
    }

    function _register(address to) private returns (uint256 fid) {
        if (idOf[to] != 0) revert HasId(to, idOf[to]);
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Register(to, fid);
    }
}
