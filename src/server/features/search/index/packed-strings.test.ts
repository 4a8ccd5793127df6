import { describe, expect, it } from 'vitest';
import { PackedStrings, utf8Bytes } from './packed-strings.ts';

describe('PackedStrings', () => {
  const ascii = ['', 'LM358DR', 'STM32F103C8T6', 'A'];
  const mixed = ['RC0603FR-0710KL', '10kΩ±1%', '贴片电阻', '', '🔌USB-C'];

  it('gives back every string as it was packed, ASCII or not', () => {
    for (const strings of [ascii, mixed, []]) {
      const column = PackedStrings.of(strings);
      expect(column.length).toBe(strings.length);
      expect(strings.map((_, i) => column.at(i))).toEqual(strings);
      expect(strings.map((_, i) => column.byteLengthAt(i))).toEqual(strings.map((text) => Buffer.byteLength(text)));
    }
  });

  it('survives a round trip through its two arrays, as a snapshot stores them', () => {
    const column = PackedStrings.of(mixed);
    const copy = new PackedStrings(Uint8Array.from(column.bytes), Uint32Array.from(column.offsets));
    expect(mixed.map((_, i) => copy.at(i))).toEqual(mixed);
  });

  it('finds a substring as String.includes does, never across the next string', () => {
    const strings = [...ascii, ...mixed];
    const column = PackedStrings.of(strings);
    const needles = ['358', 'LM358DR', 'LM358DRX', 'T6A', 'Ω±', '电阻', '贴片电阻器', 'USB', '', '0710', '8DRS'];
    for (const needle of needles) {
      const found = strings.map((_, i) => column.includesAt(i, utf8Bytes(needle)));
      expect({ needle, found }).toEqual({ needle, found: strings.map((text) => text.includes(needle)) });
    }
  });
});
