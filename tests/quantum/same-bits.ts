// Whether two arrays hold the same bits (so +0 and −0 differ, and any rounding shows).
export const sameBits = (a: Float64Array, b: Float64Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
