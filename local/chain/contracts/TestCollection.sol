// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Encoding} from "./Encoding.sol";

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// @title TestCollection
/// @notice An ERC-721 collection for the local chains. Token ids count up from 1; the owner mints.
/// tokenURI is a data: URI of JSON metadata with an SVG image, so nothing needs a server.
contract TestCollection {
    string public name;
    string public symbol;
    string public description;
    address public owner;
    uint256 public totalSupply;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NotOwner(address caller);
    error NonexistentToken(uint256 tokenId);
    error InvalidOwner(address owner);
    error InvalidReceiver(address receiver);
    error IncorrectOwner(address sender, uint256 tokenId, address owner);
    error NotApproved(address operator, uint256 tokenId);

    constructor(string memory name_, string memory symbol_, string memory description_) {
        name = name_;
        symbol = symbol_;
        description = description_;
        owner = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return
            interfaceId == 0x01ffc9a7 || // ERC-165
            interfaceId == 0x80ac58cd || // ERC-721
            interfaceId == 0x5b5e139f; // ERC-721 metadata
    }

    function balanceOf(address account) external view returns (uint256) {
        if (account == address(0)) revert InvalidOwner(account);
        return _balances[account];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address holder = _owners[tokenId];
        if (holder == address(0)) revert NonexistentToken(tokenId);
        return holder;
    }

    /// @notice All token ids held by `account` (a linear scan: fine for a small test collection).
    function tokensOfOwner(address account) external view returns (uint256[] memory ids) {
        ids = new uint256[](_balances[account]);
        uint256 n;
        for (uint256 id = 1; id <= totalSupply && n < ids.length; id++) {
            if (_owners[id] == account) ids[n++] = id;
        }
    }

    function approve(address to, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        if (msg.sender != holder && !_operatorApprovals[holder][msg.sender]) revert NotApproved(msg.sender, tokenId);
        _tokenApprovals[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return _tokenApprovals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return _operatorApprovals[holder][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        if (holder != from) revert IncorrectOwner(from, tokenId, holder);
        if (to == address(0)) revert InvalidReceiver(to);
        if (
            msg.sender != holder &&
            _tokenApprovals[tokenId] != msg.sender &&
            !_operatorApprovals[holder][msg.sender]
        ) revert NotApproved(msg.sender, tokenId);
        delete _tokenApprovals[tokenId];
        unchecked {
            _balances[from] -= 1;
            _balances[to] += 1;
        }
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        _checkReceiver(from, to, tokenId, data);
    }

    /// @notice Mints the next token id to each address in `to`, in order.
    function mintBatch(address[] calldata to) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        for (uint256 i = 0; i < to.length; i++) {
            if (to[i] == address(0)) revert InvalidReceiver(to[i]);
            uint256 tokenId = ++totalSupply;
            _owners[tokenId] = to[i];
            unchecked {
                _balances[to[i]] += 1;
            }
            emit Transfer(address(0), to[i], tokenId);
        }
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory id = Encoding.toDecimal(tokenId);
        string memory hue = Encoding.toDecimal(uint256(keccak256(abi.encode(address(this), tokenId))) % 360);
        bytes memory svg = abi.encodePacked(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>",
            "<rect width='100' height='100' fill='hsl(",
            hue,
            ",70%,45%)'/><text x='50' y='58' font-family='sans-serif' font-size='18' fill='#fff' text-anchor='middle'>#",
            id,
            "</text></svg>"
        );
        bytes memory json = abi.encodePacked(
            '{"name":"',
            name,
            " #",
            id,
            '","description":"',
            description,
            '","image":"data:image/svg+xml;base64,',
            Encoding.toBase64(svg),
            '"}'
        );
        return string(abi.encodePacked("data:application/json;base64,", Encoding.toBase64(json)));
    }

    function _checkReceiver(address from, address to, uint256 tokenId, bytes memory data) private {
        if (to.code.length == 0) return;
        try IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) returns (bytes4 answer) {
            if (answer != IERC721Receiver.onERC721Received.selector) revert InvalidReceiver(to);
        } catch {
            revert InvalidReceiver(to);
        }
    }
}
