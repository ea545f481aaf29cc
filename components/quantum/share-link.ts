// A program in a shareable link: its UTF-8 bytes as base64url in the `program` query parameter.
// Bounded both ways: a longer program gets no link, and a longer parameter is not decoded.
export const SHARE_PARAM = "program";
/** Programs of at most this many UTF-8 bytes get a link (about 5,500 characters of URL). */
export const SHARE_MAX_BYTES = 4096;
const MAX_ENCODED = Math.ceil((SHARE_MAX_BYTES * 4) / 3) + 4;

const toBase64Url = (bytes: Uint8Array) => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

/** The program as a base64url parameter value, or null when it is longer than SHARE_MAX_BYTES. */
export const encodeProgram = (qasm: string): string | null => {
  const bytes = new TextEncoder().encode(qasm);
  return bytes.length > SHARE_MAX_BYTES ? null : toBase64Url(bytes);
};

/** The program of a parameter value, or null when it is missing, too long, or not base64url of UTF-8. */
export const decodeProgram = (value: string | null | undefined): string | null => {
  if (!value || value.length > MAX_ENCODED || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
};

export const shareUrl = (origin: string, path: string, qasm: string): string | null => {
  const encoded = encodeProgram(qasm);
  return encoded === null ? null : `${origin}${path}?${SHARE_PARAM}=${encoded}`;
};
