/**
 * base64url without padding (RFC 4648 §5), for bytes that travel in a URL query. Written out because
 * Buffer is Node-only and btoa/atob work on binary strings; decoding is strict so that a mangled link
 * is refused rather than read as something else.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...ALPHABET].map((char, index) => [char, index]));

export function encodeBase64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c += 1) out += ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** The bytes, or null for a character outside the alphabet or an impossible length. */
export function decodeBase64url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let buffer = 0;
  let o = 0;
  for (const char of text) {
    const value = VALUE.get(char);
    if (value === undefined) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}
