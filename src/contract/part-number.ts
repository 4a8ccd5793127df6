/**
 * Manufacturer part numbers as buyers type them: case, spaces and the separators - / . ,
 * do not count (`rc0603fr0710kl` = `RC0603FR-0710KL`). products.codeNorm holds this form.
 */
export function normalizePartNumber(code: string): string {
  return code
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-/.,]/g, '');
}

/** Microchip (Atmel) marks a reel with an R after the lead-free U: ATTINY84V-10SSUR is ATTINY84V-10SSU on tape. */
const microchipReel = /(?<=-\d{0,2}[A-Z]{1,3}U)R$/i;
/** Texas Instruments ends a code with its package letters and the reel size, R (large) or T (small): DRV8662RGPR = DRV8662RGPT. */
const tiReelSize =
  /(?<=\d[A-Z]{0,2}(?:D|DB|DBV|DBZ|DCK|DCN|DDC|DGK|DGS|DGQ|DQN|DRB|DRC|DRL|DSG|DYY|NS|PW|PWP|RGE|RGP|RGR|RGT|RGW|RGY|RGZ|RHB|RSA|RTE|RTW|RUM|RUK|YZP))[RT]$/i;

/**
 * Packaging and ordering suffixes that name the same part on a reel or in a lead-free finish:
 * `/TR`, `-TR`, `TR`, `,115` (NXP), `#PBF` and `TRPBF` (Linear, IR), `-7-F` (Diodes), `-REEL7` (ADI).
 * Matched on the code as typed, before the separators are dropped: `,115` is only a suffix with its comma.
 */
const packagingSuffixes: RegExp[] = [
  /#TRPBF$/i,
  /#PBF$/i,
  /[-#]?PBF$/i,
  /,\d{3}$/,
  /-REEL\d*$/i,
  /-(7|13)(-F)?$/i,
  /[/-]TR$/i,
  /TR$/i,
  microchipReel,
  tiReelSize,
];

/** A base this short is no longer a part number: `STR` is not `S` on a reel. */
const minimumBaseLength = 3;

/**
 * The part number with its packaging suffixes taken off one at a time, normalised, the barest last
 * (`LM358DR/TR` → LM358DR, LM358D): a lookup tries each, so the nearest form found is the exact part.
 */
export function partNumberBases(code: string): string[] {
  const bases: string[] = [];
  let current = code.normalize('NFKC').trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const suffix of packagingSuffixes) {
      const stripped = current.replace(suffix, '');
      if (stripped !== current && normalizePartNumber(stripped).length >= minimumBaseLength) {
        current = stripped;
        bases.push(normalizePartNumber(current));
        changed = true;
        break;
      }
    }
  }
  return bases;
}

/** The part number without its packaging suffixes, normalised (`LM358DR/TR` → `LM358D`). */
export function partNumberBase(code: string): string {
  return partNumberBases(code).at(-1) ?? normalizePartNumber(code);
}

/** Whether a typed keyword can be a part number at all: Latin letters or digits, no Chinese. */
export function looksLikePartNumber(keyword: string): boolean {
  const normalized = normalizePartNumber(keyword);
  return normalized.length > 0 && /^[A-Z0-9#+_()*%!±Ω&:']+$/.test(normalized) && /[A-Z0-9]/.test(normalized);
}
