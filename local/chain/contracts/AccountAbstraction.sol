// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

// ERC-4337's EntryPoint v0.7, the reference implementation from @account-abstraction/contracts
// 0.7.0 (compiled here, not copied): the local chains' smart accounts run their user operations
// through it, as on a public chain.
import "@account-abstraction/contracts/core/EntryPoint.sol";
// Its sample VerifyingPaymaster: the backend signs for the user operations it sponsors.
import "@account-abstraction/contracts/samples/VerifyingPaymaster.sol";
