/* eslint-disable @typescript-eslint/non-nullable-type-assertion-style -- reads of typed arrays inside their bounds in hot loops: `as number` states it at no cost, and no-non-null-assertion (strict) forbids `!`; the two rules conflict */
import { isAscii } from 'node:buffer';

/**
 * A column of strings packed as UTF-8 in one byte array, string i at bytes[offsets[i] … offsets[i+1]).
 * At 5,000,000 parts the codes as strings were 10 million heap objects that every full garbage
 * collection marked (a ~580 MB heap); packed they are two typed arrays the collector never walks.
 * Strings are decoded only where one is needed whole (a result, a binary-search probe).
 */
export class PackedStrings {
  private readonly buffer: Buffer;
  /** Nearly every part number is ASCII, which decodes faster as latin1 (the same characters). */
  private readonly encoding: 'latin1' | 'utf8';

  constructor(
    readonly bytes: Uint8Array,
    readonly offsets: Uint32Array,
  ) {
    this.buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.encoding = isAscii(bytes) ? 'latin1' : 'utf8';
  }

  static of(strings: readonly string[]): PackedStrings {
    const offsets = new Uint32Array(strings.length + 1);
    let total = 0;
    strings.forEach((text, i) => {
      total += Buffer.byteLength(text);
      offsets[i + 1] = total;
    });
    const bytes = Buffer.alloc(total);
    strings.forEach((text, i) => bytes.write(text, offsets[i] as number, 'utf8'));
    return new PackedStrings(new Uint8Array(bytes.buffer, bytes.byteOffset, total), offsets);
  }

  get length(): number {
    return this.offsets.length - 1;
  }

  at(index: number): string {
    return this.buffer.toString(this.encoding, this.offsets[index], this.offsets[index + 1]);
  }

  /** The length in bytes: in characters for an ASCII code, as nearly all are. */
  byteLengthAt(index: number): number {
    return (this.offsets[index + 1] as number) - (this.offsets[index] as number);
  }

  /** Whether string i contains the needle (UTF-8 bytes): byte matching is text matching in UTF-8. */
  includesAt(index: number, needle: Uint8Array): boolean {
    const { bytes } = this;
    const start = this.offsets[index] as number;
    const last = (this.offsets[index + 1] as number) - needle.length;
    for (let from = start; from <= last; from++) {
      let matched = 0;
      while (matched < needle.length && bytes[from + matched] === needle[matched]) matched++;
      if (matched === needle.length) return true;
    }
    return false;
  }
}

export function utf8Bytes(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}
