/**
 * Encoded into one buffer that every page reuses, then copied out at its size: a page is the
 * React renderer's string of tens of thousands of pieces, and `Buffer.from` on it took 0.41 ms
 * per home page against 0.33 ms this way (bench/results/home.md), most of the gap being a fresh
 * allocation touched for the first time. The pieces are written one by one, so the document is
 * never joined into one string first.
 */
let scratch = Buffer.allocUnsafeSlow(256 * 1024);

export function utf8Of(pieces: readonly string[]): Buffer {
  // Three bytes at most per UTF-16 unit (a surrogate pair is 4 bytes for 2 units), so a piece always fits whole.
  const worstCase = pieces.reduce((sum, piece) => sum + piece.length * 3, 0);
  if (worstCase > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(worstCase, scratch.length * 2));
  let length = 0;
  for (const piece of pieces) length += scratch.write(piece, length);
  const bytes = Buffer.allocUnsafe(length);
  scratch.copy(bytes, 0, 0, length);
  return bytes;
}
