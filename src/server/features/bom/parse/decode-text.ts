import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * A text file's bytes as text: UTF-8 (with or without its byte-order mark), UTF-16 with its mark or with
 * the zero bytes of Latin text, else GB18030 (which reads GBK and GB2312) unless the detector is sure of
 * another East Asian encoding; windows-1252 when the bytes do not read as Chinese. Null when the bytes are
 * not text at all (a binary file renamed .csv).
 */
export function decodeTextBytes(bytes: Uint8Array): string | null {
  const text = decodeByMark(bytes) ?? decodeUtf8(bytes) ?? decodeLegacy(bytes);
  return isReadableText(text) ? text : null;
}

function decodeByMark(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe])) return iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16le');
  if (startsWith(bytes, [0xfe, 0xff])) return iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16be');
  const sample = bytes.subarray(0, 4096 - (Math.min(bytes.length, 4096) % 2));
  const zeroAt = (parity: number) => sample.filter((byte, index) => index % 2 === parity && byte === 0).length;
  const half = sample.length / 2;
  if (half >= 4 && zeroAt(1) > half * 0.4 && zeroAt(0) < half * 0.05) return iconv.decode(Buffer.from(bytes), 'utf-16le');
  if (half >= 4 && zeroAt(0) > half * 0.4 && zeroAt(1) < half * 0.05) return iconv.decode(Buffer.from(bytes), 'utf-16be');
  return null;
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const otherEastAsian = new Set(['Big5', 'Shift_JIS', 'EUC-JP', 'EUC-KR']);

function decodeLegacy(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  const [top] = chardet.analyse(buffer.subarray(0, 65_536));
  if (top && otherEastAsian.has(top.name) && top.confidence >= 60) return iconv.decode(buffer, top.name);
  const chinese = iconv.decode(buffer, 'gb18030');
  return chinese.includes('\uFFFD') || !readsAsGb2312(bytes) ? iconv.decode(buffer, 'windows-1252') : chinese;
}

/**
 * Chinese text in GBK is mostly GB2312: both bytes of a character in A1–FE. Latin-1 text ("0,1µF", "25°C") read as
 * GBK pairs a high byte with an ASCII letter instead: more of those than GB2312 pairs means it is not Chinese.
 */
function readsAsGb2312(bytes: Uint8Array): boolean {
  let gb2312Pairs = 0;
  let asciiTrailPairs = 0;
  for (let index = 0; index < bytes.length - 1; index++) {
    const lead = bytes[index] ?? 0;
    if (lead < 0x81) continue;
    const trail = bytes[index + 1] ?? 0;
    if (lead >= 0xa1 && trail >= 0xa1 && trail <= 0xfe) gb2312Pairs++;
    else if (trail >= 0x40 && trail <= 0x7e) asciiTrailPairs++;
    index++;
  }
  return gb2312Pairs >= asciiTrailPairs;
}

/** Text has few control characters: a binary file decoded by force has many. */
function isReadableText(text: string): boolean {
  const sample = text.slice(0, 65_536);
  if (sample.trim() === '') return true;
  let strange = 0;
  for (const character of sample) {
    const code = character.charCodeAt(0);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd || (code >= 0x7f && code < 0xa0)) strange++;
  }
  return strange <= Math.max(4, sample.length * 0.01);
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
