// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @title NameRegistry
/// @notice First come, first served names under two suffixes: the current one (".appkit.id") and
/// a legacy one (".wcn.id"), set at deployment. A name is one label under either suffix, so
/// "alice", "alice.appkit.id" and "alice.wcn.id" are the same name. Labels: letters (stored in
/// lower case), digits and hyphens, 4 to 63 characters.
/// Registering stores name -> address and makes the name the caller's primary name
/// (address -> name); reverse lookups answer with the current suffix.
contract NameRegistry {
    uint256 public constant MIN_LENGTH = 4;
    uint256 public constant MAX_LENGTH = 63;

    enum Problem {
        None,
        TooShort,
        TooLong,
        InvalidCharacter
    }

    string public currentSuffix;
    string public legacySuffix;
    /// @notice May register names for others (after the backend has checked their signature).
    address public registrar;

    mapping(bytes32 => address) private _ownerOf;
    mapping(address => string) private _primaryLabel;

    event NameRegistered(bytes32 indexed labelHash, address indexed owner, string name);
    event PrimaryNameChanged(address indexed owner, string name);
    event RegistrarChanged(address indexed previousRegistrar, address indexed newRegistrar);

    error NameTooShort(uint256 length, uint256 minimum);
    error NameTooLong(uint256 length, uint256 maximum);
    error InvalidCharacter(uint256 index, bytes1 character);
    error NameTaken(string name, address owner);
    error NotRegistrar(address caller);
    error InvalidOwner(address owner);

    constructor(string memory currentSuffix_, string memory legacySuffix_) {
        currentSuffix = currentSuffix_;
        legacySuffix = legacySuffix_;
        registrar = msg.sender;
        emit RegistrarChanged(address(0), msg.sender);
    }

    /// @notice Registers `name` for the caller and makes it the caller's primary name.
    /// @return fullName the registered name with the current suffix
    function register(string calldata name) external returns (string memory fullName) {
        return _register(name, msg.sender);
    }

    /// @notice Registers `name` for `owner`; only the registrar (the backend's key) may.
    function registerFor(string calldata name, address owner) external returns (string memory fullName) {
        if (msg.sender != registrar) revert NotRegistrar(msg.sender);
        if (owner == address(0)) revert InvalidOwner(owner);
        return _register(name, owner);
    }

    function setRegistrar(address newRegistrar) external {
        if (msg.sender != registrar) revert NotRegistrar(msg.sender);
        emit RegistrarChanged(registrar, newRegistrar);
        registrar = newRegistrar;
    }

    /// @notice The owner of `name` (label, or label with either suffix); zero if free or invalid.
    function resolve(string calldata name) external view returns (address) {
        (bool valid, string memory label) = _tryNormalize(bytes(name));
        return valid ? _ownerOf[keccak256(bytes(label))] : address(0);
    }

    /// @notice The primary name of `account` with the current suffix, or "" if it has none.
    function nameOf(address account) external view returns (string memory) {
        string memory label = _primaryLabel[account];
        return bytes(label).length == 0 ? "" : string.concat(label, currentSuffix);
    }

    /// @notice True when `name` is valid and nobody holds it.
    function available(string calldata name) external view returns (bool) {
        (bool valid, string memory label) = _tryNormalize(bytes(name));
        return valid && _ownerOf[keccak256(bytes(label))] == address(0);
    }

    /// @notice The label of `name` in lower case, without suffix; reverts with the rule it breaks.
    function normalize(string calldata name) public view returns (string memory label) {
        (bytes memory raw, Problem problem, uint256 index) = _parse(bytes(name));
        if (problem == Problem.TooShort) revert NameTooShort(raw.length, MIN_LENGTH);
        if (problem == Problem.TooLong) revert NameTooLong(raw.length, MAX_LENGTH);
        if (problem == Problem.InvalidCharacter) revert InvalidCharacter(index, raw[index]);
        return string(raw);
    }

    function _register(string calldata name, address owner) private returns (string memory fullName) {
        string memory label = normalize(name);
        bytes32 labelHash = keccak256(bytes(label));
        address holder = _ownerOf[labelHash];
        fullName = string.concat(label, currentSuffix);
        if (holder != address(0) && holder != owner) revert NameTaken(fullName, holder);
        if (holder == address(0)) {
            _ownerOf[labelHash] = owner;
            emit NameRegistered(labelHash, owner, fullName);
        }
        _primaryLabel[owner] = label;
        emit PrimaryNameChanged(owner, fullName);
    }

    function _tryNormalize(bytes memory name) private view returns (bool valid, string memory label) {
        (bytes memory raw, Problem problem, ) = _parse(name);
        return (problem == Problem.None, string(raw));
    }

    /// @dev Strips a suffix and lower-cases the label in place; reports the first rule broken.
    function _parse(bytes memory name) private view returns (bytes memory raw, Problem problem, uint256 index) {
        raw = _stripSuffix(name);
        if (raw.length < MIN_LENGTH) return (raw, Problem.TooShort, 0);
        if (raw.length > MAX_LENGTH) return (raw, Problem.TooLong, 0);
        for (uint256 i = 0; i < raw.length; i++) {
            bytes1 c = raw[i];
            if (c >= "A" && c <= "Z") raw[i] = bytes1(uint8(c) + 32);
            else if (!((c >= "a" && c <= "z") || (c >= "0" && c <= "9") || c == "-")) {
                return (raw, Problem.InvalidCharacter, i);
            }
        }
        return (raw, Problem.None, 0);
    }

    function _stripSuffix(bytes memory name) private view returns (bytes memory) {
        bytes memory current = bytes(currentSuffix);
        if (_endsWith(name, current)) return _slice(name, name.length - current.length);
        bytes memory legacy = bytes(legacySuffix);
        if (_endsWith(name, legacy)) return _slice(name, name.length - legacy.length);
        return name;
    }

    function _endsWith(bytes memory value, bytes memory suffix) private pure returns (bool) {
        if (suffix.length == 0 || value.length < suffix.length) return false;
        uint256 offset = value.length - suffix.length;
        for (uint256 i = 0; i < suffix.length; i++) {
            bytes1 c = value[offset + i];
            if (c >= "A" && c <= "Z") c = bytes1(uint8(c) + 32);
            if (c != suffix[i]) return false;
        }
        return true;
    }

    function _slice(bytes memory value, uint256 length) private pure returns (bytes memory out) {
        out = new bytes(length);
        for (uint256 i = 0; i < length; i++) out[i] = value[i];
    }
}
