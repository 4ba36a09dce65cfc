// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice Decimal and base64 encoding for on-chain metadata.
library Encoding {
    bytes private constant BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    function toDecimal(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (uint256 i = digits; i > 0; i--) {
            out[i - 1] = bytes1(uint8(48 + (value % 10)));
            value /= 10;
        }
        return string(out);
    }

    /// @notice Standard base64 (RFC 4648) with '=' padding.
    function toBase64(bytes memory data) internal pure returns (string memory) {
        if (data.length == 0) return "";
        bytes memory out = new bytes(4 * ((data.length + 2) / 3));
        uint256 o;
        for (uint256 i = 0; i < data.length; i += 3) {
            uint256 chunk = uint256(uint8(data[i])) << 16;
            if (i + 1 < data.length) chunk |= uint256(uint8(data[i + 1])) << 8;
            if (i + 2 < data.length) chunk |= uint256(uint8(data[i + 2]));
            out[o++] = BASE64_ALPHABET[(chunk >> 18) & 63];
            out[o++] = BASE64_ALPHABET[(chunk >> 12) & 63];
            out[o++] = i + 1 < data.length ? BASE64_ALPHABET[(chunk >> 6) & 63] : bytes1("=");
            out[o++] = i + 2 < data.length ? BASE64_ALPHABET[chunk & 63] : bytes1("=");
        }
        return string(out);
    }
}
