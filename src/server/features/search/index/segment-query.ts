/* eslint-disable @typescript-eslint/non-nullable-type-assertion-style -- reads of typed arrays inside their bounds in hot loops: `as number` states it at no cost, and no-non-null-assertion (strict) forbids `!`; the two rules conflict */
import type { CodeProbe, TokenProbe } from './compile-query.ts';
import { isInEveryBitSet } from './postings.ts';
import type { Segment } from './segment.ts';

/** How well a part matched one word; a part's score is the sum over the words of the keyword. */
export const matchScore = {
  exactCode: 1000,
  exactBase: 900,
  codePrefix: 600,
  basePrefix: 550,
  codeSubstring: 300,
  brand: 250,
  category: 200,
  package: 200,
  quantity: 200,
  word: 100,
} as const;

export interface Matches {
  docs: Uint32Array;
  scores: Int32Array;
}

/**
 * Per-segment work arrays, reused by every query (queries run one at a time on the event
 * loop): scores, how many words each doc matched so far, the docs touched, and the answer.
 * Fresh arrays of millions of docs cost more in page faults than the matching itself.
 */
interface Scratch {
  tokenScore: Int32Array;
  total: Int32Array;
  matchedTokens: Uint8Array;
  universe: Uint32Array;
  touched: Uint32Array;
  answerDocs: Uint32Array;
  answerScores: Int32Array;
}
const scratchBySegment = new WeakMap<Segment, Scratch>();

function scratchFor(segment: Segment): Scratch {
  let scratch = scratchBySegment.get(segment);
  if (!scratch) {
    const n = segment.size;
    scratch = {
      tokenScore: new Int32Array(n),
      total: new Int32Array(n),
      matchedTokens: new Uint8Array(n),
      universe: new Uint32Array(n),
      touched: new Uint32Array(n),
      answerDocs: new Uint32Array(n),
      answerScores: new Int32Array(n),
    };
    scratchBySegment.set(segment, scratch);
  }
  return scratch;
}

/** A rough cost of a word, so the most selective word runs first and bounds the rest. */
function estimate(segment: Segment, token: TokenProbe): number {
  let size = 0;
  if (token.code) {
    const [low, high] = segment.prefixRange(token.code.norm);
    size += high - low;
    if (token.code.allowSubstring) size += 50;
  }
  for (const id of token.brandIds) size += segment.brandDocs(id).length;
  for (const id of token.categoryIds) size += segment.categoryDocs(id).length;
  for (const id of token.packageIds) size += segment.packageDocs(id).length;
  if (token.quantityKey) size += segment.termDocs(token.quantityKey).length;
  // The words' matches are at most the rarest word's list.
  if (token.wordKeys.length > 0) size += Math.min(...token.wordKeys.map((key) => segment.termDocs(key).length));
  return size;
}

/** The docs that matched every earlier word: buffer[0, count). */
interface Survivors {
  buffer: Uint32Array;
  count: number;
}

/** Adds, for one word, the best score of each doc that matched every earlier word. */
class TokenPass {
  count = 0;
  /** The first word's docs go to `universe` (the docs to reset afterwards), later ones to `touched`. */
  readonly buffer: Uint32Array;

  constructor(
    private readonly segment: Segment,
    private readonly scratch: Scratch,
    private readonly position: number,
  ) {
    this.buffer = position === 0 ? scratch.universe : scratch.touched;
  }

  add(doc: number, score: number): void {
    const { tokenScore, matchedTokens } = this.scratch;
    if (matchedTokens[doc] !== this.position) return;
    const current = tokenScore[doc] ?? 0;
    if (current === 0) this.buffer[this.count++] = doc;
    if (score > current) tokenScore[doc] = score;
  }

  /** The hot loop of broad searches (a category of 100k parts): locals, no calls. */
  addList(docs: Uint32Array, score: number): void {
    const { tokenScore, matchedTokens } = this.scratch;
    const buffer = this.buffer;
    const position = this.position;
    let count = this.count;
    // for-of over a typed array measured twice as slow as this indexed loop (Node 20).
    // eslint-disable-next-line @typescript-eslint/prefer-for-of
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i] as number;
      if (matchedTokens[doc] !== position) continue;
      const current = tokenScore[doc] as number;
      if (current === 0) buffer[count++] = doc;
      if (score > current) tokenScore[doc] = score;
    }
    this.count = count;
  }

  /** The survivors whose bit is set in every one of the sets. */
  addSurvivorsInEvery(survivors: Survivors, sets: Uint32Array[], score: number): void {
    const { tokenScore } = this.scratch;
    const buffer = this.buffer;
    let count = this.count;
    for (let i = 0; i < survivors.count; i++) {
      const doc = survivors.buffer[i] as number;
      if (!isInEveryBitSet(sets, doc)) continue;
      const current = tokenScore[doc] as number;
      if (current === 0) buffer[count++] = doc;
      if (score > current) tokenScore[doc] = score;
    }
    this.count = count;
  }

  addRange([low, high]: [number, number], score: number): void {
    for (let doc = low; doc < high; doc++) this.add(doc, score);
  }

  /** Prefix matches rank shorter codes first: STM32F103C8T6 before STM32F103C8T6TR. */
  addPrefix(prefix: string, score: number): void {
    const [low, high] = this.segment.prefixRange(prefix);
    const codes = this.segment.data.codes;
    const prefixLength = Buffer.byteLength(prefix);
    for (let doc = low; doc < high; doc++) this.add(doc, score - Math.min(49, codes.byteLengthAt(doc) - prefixLength));
  }

  addCode(code: CodeProbe): void {
    const segment = this.segment;
    this.addRange(segment.exactRange(code.norm), matchScore.exactCode);
    if (code.base !== code.norm) {
      this.addRange(segment.exactRange(code.base), matchScore.exactBase);
      this.addPrefix(code.base, matchScore.basePrefix);
    }
    this.addPrefix(code.norm, matchScore.codePrefix);
    if (code.allowSubstring) this.addList(segment.substringDocs(code.norm), matchScore.codeSubstring);
  }

  /**
   * Adds every way the word matches. From the second word on, `survivors` are the docs that
   * matched the earlier ones: when the word's terms all have bit sets, the survivors are checked
   * against them instead of walking lists of millions of docs (陶瓷电容 after 50V at 5M). That
   * check runs first: from the third word on the survivors sit in the buffer this pass fills,
   * and each is read before any write can reach its slot.
   */
  addToken(token: TokenProbe, survivors: Survivors | null): void {
    const segment = this.segment;
    const wordBitSets = survivors !== null && token.wordKeys.length > 0 ? segment.bitSetsOfTerms(token.wordKeys) : null;
    if (survivors !== null && wordBitSets !== null) this.addSurvivorsInEvery(survivors, wordBitSets, matchScore.word);
    if (token.code) this.addCode(token.code);
    for (const id of token.brandIds) this.addList(segment.brandDocs(id), matchScore.brand);
    for (const id of token.categoryIds) this.addList(segment.categoryDocs(id), matchScore.category);
    for (const id of token.packageIds) this.addList(segment.packageDocs(id), matchScore.package);
    if (token.quantityKey) this.addList(segment.termDocs(token.quantityKey), matchScore.quantity);
    if (token.wordKeys.length > 0 && wordBitSets === null) this.addList(segment.docsWithEveryTerm(token.wordKeys), matchScore.word);
  }

  /** Moves this word's scores into the totals; the docs that matched it are buffer[0, count). */
  commit(): number {
    const { tokenScore, total, matchedTokens } = this.scratch;
    const next = this.position + 1;
    for (let i = 0; i < this.count; i++) {
      const doc = this.buffer[i] ?? 0;
      total[doc] = (total[doc] ?? 0) + (tokenScore[doc] ?? 0);
      matchedTokens[doc] = next;
      tokenScore[doc] = 0;
    }
    return this.count;
  }
}

/**
 * Parts matching every word of the keyword, with their scores, in no particular order.
 * Docs flagged in `dead` (replaced by a newer version) are left out. The answer's arrays are the
 * segment's own, valid until its next match: copy them to keep them longer (KeptMatches).
 */
export function matchTokens(segment: Segment, tokens: TokenProbe[], dead: Uint8Array | null): Matches {
  if (segment.size === 0 || tokens.length === 0) return { docs: new Uint32Array(0), scores: new Int32Array(0) };
  const scratch = scratchFor(segment);
  if (tokens.length === 1 && tokens[0]) return matchOneToken(segment, scratch, tokens[0], dead);
  const ordered = [...tokens].sort((a, b) => estimate(segment, a) - estimate(segment, b));
  let universeCount = 0;
  let survivors: Survivors = { buffer: scratch.universe, count: 0 };
  for (let position = 0; position < ordered.length; position++) {
    const token = ordered[position];
    if (!token || (position > 0 && survivors.count === 0)) break;
    const pass = new TokenPass(segment, scratch, position);
    pass.addToken(token, position === 0 ? null : survivors);
    survivors = { buffer: pass.buffer, count: pass.commit() };
    if (position === 0) universeCount = survivors.count;
  }

  const { matchedTokens, total, answerDocs: docs, answerScores: scores } = scratch;
  let kept = 0;
  const wordCount = ordered.length;
  for (let i = 0; i < survivors.count; i++) {
    const doc = survivors.buffer[i] as number;
    if (matchedTokens[doc] !== wordCount || (dead !== null && dead[doc] === 1)) continue;
    docs[kept] = doc;
    scores[kept++] = total[doc] as number;
  }
  // Clearing whole arrays is a memset: cheaper than visiting a large universe doc by doc.
  if (universeCount > segment.size / 8) {
    scratch.total.fill(0);
    scratch.matchedTokens.fill(0);
  } else {
    for (let i = 0; i < universeCount; i++) {
      const doc = scratch.universe[i] ?? 0;
      scratch.total[doc] = 0;
      scratch.matchedTokens[doc] = 0;
    }
  }
  return { docs: docs.subarray(0, kept), scores: scores.subarray(0, kept) };
}

/** One word (most searches): its scores are final, so there is nothing to add up or reset but them. */
function matchOneToken(segment: Segment, scratch: Scratch, token: TokenProbe, dead: Uint8Array | null): Matches {
  const pass = new TokenPass(segment, scratch, 0);
  pass.addToken(token, null);
  const { buffer, count } = pass;
  const { tokenScore, answerDocs: docs, answerScores: scores } = scratch;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const doc = buffer[i] as number;
    const score = tokenScore[doc] as number;
    tokenScore[doc] = 0;
    if (dead !== null && dead[doc] === 1) continue;
    docs[kept] = doc;
    scores[kept++] = score;
  }
  return { docs: docs.subarray(0, kept), scores: scores.subarray(0, kept) };
}

/** Parts matching a whole keyword as one part number, or nothing. */
export function matchWholeCode(segment: Segment, code: CodeProbe, dead: Uint8Array | null): Matches {
  const token: TokenProbe = { text: code.norm, code, brandIds: [], categoryIds: [], packageIds: [], packageName: null, quantityKey: null, wordKeys: [] };
  return matchTokens(segment, [token], dead);
}
