/**
 * The office's location map, drawn by the store (no map service is called): a street plan around
 * the office, its pin in the site's orange and a label with its name and address. The plan is laid
 * out from the office's own coordinates, so each office has its own and the same one every time.
 */

export interface MapPlace {
  name: string;
  address: string;
  lngE6: number;
  latE6: number;
}

export const mapSize = { width: 560, height: 320 } as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${String(character.codePointAt(0))};`);
}

/** A small deterministic generator (mulberry32) seeded by the coordinates. */
function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function coordinateText(valueE6: number, positive: string, negative: string): string {
  // eslint-disable-next-line xinpin/money-text-in-money-module -- degrees of latitude and longitude, not money
  return `${(Math.abs(valueE6) / 1e6).toFixed(4)}°${valueE6 >= 0 ? positive : negative}`;
}

export function renderOfficeMapSvg(place: MapPlace): string {
  const { width, height } = mapSize;
  const random = randomOf(place.lngE6 * 31 + place.latE6);
  const pin = { x: width / 2, y: height / 2 + 10 };
  const parts: string[] = [];
  // Blocks between a few streets each way, one of them a park.
  const columns = [0, 70 + random() * 40, 200 + random() * 40, 330 + random() * 40, 450 + random() * 40, width];
  const rows = [0, 60 + random() * 30, 150 + random() * 30, 250 + random() * 20, height];
  const park = { column: 1 + Math.floor(random() * 3), row: Math.floor(random() * 2) * 2 };
  for (let column = 0; column < columns.length - 1; column += 1) {
    for (let row = 0; row < rows.length - 1; row += 1) {
      const x = (columns[column] ?? 0) + 7;
      const y = (rows[row] ?? 0) + 7;
      const w = (columns[column + 1] ?? width) - x - 7;
      const h = (rows[row + 1] ?? height) - y - 7;
      const fill = column === park.column && row === park.row ? '#d7ecd0' : '#eceae4';
      // eslint-disable-next-line xinpin/money-text-in-money-module -- SVG coordinates, not money
      parts.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="3" fill="${fill}"/>`);
    }
  }
  // A river across one corner.
  const riverY = 20 + random() * 40;
  parts.push(
    `<path d="M ${width - 170} -10 C ${width - 120} ${riverY + 60}, ${width - 60} ${riverY + 20}, ${width + 10} ${riverY + 90}" stroke="#b9d7f0" stroke-width="18" fill="none"/>`,
  );
  // The main road through the office.
  parts.push(`<line x1="0" y1="${pin.y + 14}" x2="${width}" y2="${pin.y + 14}" stroke="#ffd9a8" stroke-width="10"/>`);
  const label = escapeXml(place.name);
  const address = escapeXml(place.address);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}位置示意图">`,
    `<rect width="${width}" height="${height}" fill="#fbfaf7"/>`,
    ...parts,
    `<circle cx="${pin.x}" cy="${pin.y}" r="26" fill="#ff6a00" fill-opacity="0.15"/>`,
    `<path d="M ${pin.x} ${pin.y + 2} C ${pin.x - 6} ${pin.y - 10}, ${pin.x - 16} ${pin.y - 18}, ${pin.x - 16} ${pin.y - 30} A 16 16 0 1 1 ${pin.x + 16} ${pin.y - 30} C ${pin.x + 16} ${pin.y - 18}, ${pin.x + 6} ${pin.y - 10}, ${pin.x} ${pin.y + 2} Z" fill="#ff6a00" stroke="#fff" stroke-width="2"/>`,
    `<circle cx="${pin.x}" cy="${pin.y - 30}" r="6" fill="#fff"/>`,
    `<g font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">`,
    `<rect x="${pin.x + 24}" y="${pin.y - 62}" width="${Math.min(width - pin.x - 34, 40 + place.name.length * 15)}" height="30" rx="4" fill="#fff" stroke="#ff6a00"/>`,
    `<text x="${pin.x + 36}" y="${pin.y - 42}" font-size="14" font-weight="bold" fill="#333">${label}</text>`,
    `<rect x="0" y="${height - 28}" width="${width}" height="28" fill="#ffffff" fill-opacity="0.92"/>`,
    `<text x="12" y="${height - 10}" font-size="12" fill="#555">${address}</text>`,
    `<text x="${width - 12}" y="${height - 10}" font-size="11" fill="#999" text-anchor="end">${coordinateText(place.lngE6, 'E', 'W')} ${coordinateText(place.latE6, 'N', 'S')} · 示意图</text>`,
    `</g>`,
    `</svg>`,
  ].join('');
}
