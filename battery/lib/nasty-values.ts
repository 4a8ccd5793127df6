import fc, { type Arbitrary } from 'fast-check';

/** Strings a careless parser, query or page would choke on. */
export const attackStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 UNION SELECT null, sqlite_version(), version() --',
  "%' AND 1=CAST((SELECT version()) AS int) --",
  '\\',
  '%_%',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '</script><script>alert(document.cookie)</script>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  '%s%s%s%n',
  'NaN',
  'Infinity',
  '-1',
  '0x7fffffff',
  '1e309',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
];

/** Text that is valid JSON but hard on storage and display: control characters, NUL, odd Unicode. */
export const oddUnicodeStrings = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\u0001\u0002\u0003\u0007\u0008\u001b[31m',
  '\t\n\r\u000b\u000c',
  '\u007f\u0080\u009f',
  '\u2028\u2029',
  '\u200b\u200e\u200f\u202e\ufeff',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢😀👩‍👩‍👧‍👦',
  'Z̴̡̛͔̞̹a̷͎̓l̸̰̈́g̶͈̈́o̷̧̎',
  '电阻电容'.repeat(30),
  '１３８００１３８０００',
  '١٣٨٠٠١٣٨٠٠٠',
];

/** Around every limit the store has: int32, safe integers, float edges, zero and its sign. */
export const boundaryNumbers = [
  0,
  -0,
  1,
  -1,
  2,
  0.5,
  1.5,
  -1.5,
  1e-300,
  99,
  100,
  101,
  500,
  501,
  999_999,
  1_000_000,
  1_000_001,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** Long strings: past each field's maximum, and a few past the body limit (1 MiB). */
export const hugeStringArbitrary: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(101, 1_000, 8_001, 65_536).map((length) => 'x'.repeat(length)), weight: 20 },
  { arbitrary: fc.constantFrom(50_000, 200_000).map((length) => '电'.repeat(length)), weight: 3 },
  { arbitrary: fc.constant('\u0000'.repeat(10_000)), weight: 2 },
  { arbitrary: fc.constant('a'.repeat(1_100_000)), weight: 1 },
);

const deepArbitrary: Arbitrary<unknown> = fc.record({ depth: fc.constantFrom(10, 100, 1_000), asArray: fc.boolean() }).map(({ depth, asArray }) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = asArray ? [value] : { a: value };
  return value;
});

/** A value of any type, chosen to break a field that expects another. */
export const nastyValueArbitrary: Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...attackStrings), weight: 4 },
  { arbitrary: fc.constantFrom(...oddUnicodeStrings), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary' }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }), weight: 2 },
  { arbitrary: fc.constantFrom('', ' ', '   ', '0', '00', '-0'), weight: 2 },
  { arbitrary: fc.constantFrom(...boundaryNumbers), weight: 4 },
  { arbitrary: fc.double(), weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }), weight: 2 },
  { arbitrary: fc.constant([]), weight: 1 },
  { arbitrary: fc.constant({}), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 400, maxLength: 2_000 }), weight: 1 },
  { arbitrary: hugeStringArbitrary, weight: 1 },
  { arbitrary: deepArbitrary, weight: 1 },
);
