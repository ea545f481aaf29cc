// The few ABI fragments the ingester calls, and the Transfer event's topic (ERC-20 and ERC-721
// share it: 3 topics is ERC-20 with the value in data, 4 topics is ERC-721 with the token id).
import { parseAbi, toEventSelector } from "viem";

export const TRANSFER_TOPIC = toEventSelector("Transfer(address,address,uint256)");

export const TOKEN_ABI = parseAbi([
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function balanceOf(address owner) view returns (uint256)",
]);

/** Older tokens (e.g. MKR) answer name and symbol as bytes32. */
export const BYTES32_METADATA_ABI = parseAbi(["function name() view returns (bytes32)", "function symbol() view returns (bytes32)"]);
