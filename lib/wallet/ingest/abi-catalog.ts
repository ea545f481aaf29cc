// The few ABI fragments the ingester calls, and the topics of the events it reads: Transfer (ERC-20 and ERC-721
// share it: 3 topics is ERC-20 with the value in data, 4 topics is ERC-721 with the token id),
// Approval and ApprovalForAll.
import { parseAbi, toEventSelector } from "viem";

export const TRANSFER_TOPIC = toEventSelector("Transfer(address,address,uint256)");

/** ERC-20 Approval(owner, spender, value): 3 topics; ERC-721's Approval(owner, approved, tokenId) has 4 and is not stored. */
export const APPROVAL_TOPIC = toEventSelector("Approval(address,address,uint256)");

/** ApprovalForAll(owner, operator, approved) of ERC-721 / ERC-1155 collections: 3 topics, the bool in data. */
export const APPROVAL_FOR_ALL_TOPIC = toEventSelector("ApprovalForAll(address,address,bool)");

export const TOKEN_ABI = parseAbi([
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function balanceOf(address owner) view returns (uint256)",
]);

/** Older tokens (e.g. MKR) answer name and symbol as bytes32. */
export const BYTES32_METADATA_ABI = parseAbi(["function name() view returns (bytes32)", "function symbol() view returns (bytes32)"]);
