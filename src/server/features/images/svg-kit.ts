/** Small helpers for the drawings: every image is a 240 × 240 SVG built from these shapes. */
export const canvas = 240;

export const colors = {
  body: '#2d3035',
  bodyEdge: '#1b1d21',
  bodyTop: '#3a3e45',
  lead: '#c8ccd2',
  leadEdge: '#8d939b',
  gold: '#d9b24a',
  goldEdge: '#a8862c',
  marking: '#aeb4bd',
  caption: '#6b7280',
  ceramic: '#c9a77c',
  ceramicEdge: '#9c7c55',
  shadow: '#000000',
} as const;

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  options: { stroke?: string; radius?: number; strokeWidth?: number; opacity?: number } = {},
): string {
  const stroke = options.stroke ? ` stroke="${options.stroke}" stroke-width="${options.strokeWidth ?? 1.5}"` : '';
  const radius = options.radius ? ` rx="${options.radius}"` : '';
  const opacity = options.opacity !== undefined ? ` opacity="${options.opacity}"` : '';
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}"${radius} fill="${fill}"${stroke}${opacity}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, stroke?: string): string {
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="1.5"` : ''}/>`;
}

export function text(
  x: number,
  y: number,
  content: string,
  options: { size?: number; fill?: string; weight?: number; anchor?: 'start' | 'middle' | 'end'; family?: string } = {},
): string {
  return `<text x="${round(x)}" y="${round(y)}" font-family="${options.family ?? 'Arial, Helvetica, sans-serif'}" font-size="${options.size ?? 14}" font-weight="${options.weight ?? 400}" fill="${options.fill ?? colors.marking}" text-anchor="${options.anchor ?? 'middle'}">${escapeXml(content)}</text>`;
}

export function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** A soft shadow under the part, so it sits on the card rather than floating. */
export function shadow(cx: number, cy: number, rx: number, ry = 8): string {
  return `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${ry}" fill="${colors.shadow}" opacity="0.08"/>`;
}

/** The package name under the drawing. */
export function caption(label: string): string {
  return text(canvas / 2, canvas - 14, label, { size: 15, fill: colors.caption, weight: 600 });
}

export function svgDocument(title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${canvas} ${canvas}" width="${canvas}" height="${canvas}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${body}</svg>`;
}

/** A dark moulded body with a pin-1 dot and a marking. */
export function moulded(x: number, y: number, width: number, height: number, marking: string, options: { dot?: boolean; notch?: boolean } = {}): string {
  const parts = [
    rect(x, y, width, height, colors.body, { stroke: colors.bodyEdge, radius: 4 }),
    rect(x + 3, y + 3, width - 6, height - 6, colors.bodyTop, { radius: 3, opacity: 0.5 }),
  ];
  if (options.dot) parts.push(circle(x + 10, y + height - 10, 3.5, '#55595f'));
  if (options.notch) parts.push(`<path d="M${round(x)} ${round(y + height / 2 - 8)} a8 8 0 0 1 0 16 z" fill="${colors.bodyEdge}"/>`);
  if (marking) parts.push(text(x + width / 2, y + height / 2 + 5, marking, { size: Math.min(16, Math.max(9, width / 6)), weight: 700 }));
  return parts.join('');
}

/** Leads along one side of a body: count leads of the given size, centred on the span. */
export function leadRow(
  side: 'top' | 'bottom' | 'left' | 'right',
  start: number,
  end: number,
  edge: number,
  count: number,
  leadWidth: number,
  leadLength: number,
  fill: string = colors.lead,
): string {
  const pitch = (end - start) / count;
  const leads: string[] = [];
  for (let index = 0; index < count; index++) {
    const centre = start + pitch * (index + 0.5);
    if (side === 'top') leads.push(rect(centre - leadWidth / 2, edge - leadLength, leadWidth, leadLength, fill, { stroke: colors.leadEdge, strokeWidth: 1 }));
    if (side === 'bottom') leads.push(rect(centre - leadWidth / 2, edge, leadWidth, leadLength, fill, { stroke: colors.leadEdge, strokeWidth: 1 }));
    if (side === 'left') leads.push(rect(edge - leadLength, centre - leadWidth / 2, leadLength, leadWidth, fill, { stroke: colors.leadEdge, strokeWidth: 1 }));
    if (side === 'right') leads.push(rect(edge, centre - leadWidth / 2, leadLength, leadWidth, fill, { stroke: colors.leadEdge, strokeWidth: 1 }));
  }
  return leads.join('');
}
