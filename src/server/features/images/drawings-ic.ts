import { circle, colors, leadRow, moulded, rect, shadow, text } from './svg-kit.ts';

/** Drawings of moulded semiconductor packages, top view, centred on the 240 × 240 canvas. */

/** Dual-row packages (SOP, TSSOP, DIP): leads out of the long sides. */
export function dualRow(pinsPerSide: number, bodyWidth: number, bodyHeight: number, leadLength: number, marking: string, throughHole = false): string {
  const x = 120 - bodyWidth / 2;
  const y = 108 - bodyHeight / 2;
  const leadWidth = Math.min(12, ((bodyWidth - 16) / pinsPerSide) * 0.55);
  const lead = throughHole ? colors.lead : colors.lead;
  return [
    shadow(120, y + bodyHeight + leadLength + 10, bodyWidth / 2 + 10),
    leadRow('top', x + 8, x + bodyWidth - 8, y, pinsPerSide, leadWidth, leadLength, lead),
    leadRow('bottom', x + 8, x + bodyWidth - 8, y + bodyHeight, pinsPerSide, leadWidth, leadLength, lead),
    moulded(x, y, bodyWidth, bodyHeight, marking, { dot: !throughHole, notch: throughHole }),
  ].join('');
}

/** Quad flat packages with gull-wing leads on four sides. */
export function quadFlat(pinsPerSide: number, body: number, marking: string): string {
  const x = 120 - body / 2;
  const y = 108 - body / 2;
  const leadWidth = ((body - 20) / pinsPerSide) * 0.5;
  const leadLength = 16;
  return [
    shadow(120, y + body + leadLength + 8, body / 2 + 16),
    leadRow('top', x + 10, x + body - 10, y, pinsPerSide, leadWidth, leadLength),
    leadRow('bottom', x + 10, x + body - 10, y + body, pinsPerSide, leadWidth, leadLength),
    leadRow('left', y + 10, y + body - 10, x, pinsPerSide, leadWidth, leadLength),
    leadRow('right', y + 10, y + body - 10, x + body, pinsPerSide, leadWidth, leadLength),
    moulded(x, y, body, body, marking, { dot: true }),
    circle(x + 14, y + 14, 4, '#4a4e55'),
  ].join('');
}

/** Leadless packages: pads visible at the edges of the body. */
export function leadless(pinsPerSide: number, body: number, marking: string): string {
  const x = 120 - body / 2;
  const y = 108 - body / 2;
  const pads: string[] = [];
  const pitch = (body - 24) / pinsPerSide;
  for (let index = 0; index < pinsPerSide; index++) {
    const offset = 12 + pitch * (index + 0.5);
    pads.push(rect(x + offset - pitch * 0.28, y - 2, pitch * 0.56, 9, colors.lead, { stroke: colors.leadEdge, strokeWidth: 1 }));
    pads.push(rect(x + offset - pitch * 0.28, y + body - 7, pitch * 0.56, 9, colors.lead, { stroke: colors.leadEdge, strokeWidth: 1 }));
    pads.push(rect(x - 2, y + offset - pitch * 0.28, 9, pitch * 0.56, colors.lead, { stroke: colors.leadEdge, strokeWidth: 1 }));
    pads.push(rect(x + body - 7, y + offset - pitch * 0.28, 9, pitch * 0.56, colors.lead, { stroke: colors.leadEdge, strokeWidth: 1 }));
  }
  return [shadow(120, y + body + 12, body / 2 + 8), moulded(x, y, body, body, marking, { dot: true }), ...pads].join('');
}

/** SOT-23 style: a small body with three or six gull-wing leads. */
export function smallOutline(topLeads: number, bottomLeads: number, marking: string): string {
  const x = 72;
  const y = 80;
  const width = 96;
  const height = 52;
  return [
    shadow(120, 170, 62),
    leadRow('top', x + 6, x + width - 6, y, topLeads, 14, 22),
    leadRow('bottom', x + 6, x + width - 6, y + height, bottomLeads, 14, 22),
    moulded(x, y, width, height, marking, { dot: true }),
  ].join('');
}

/** SOT-223 / TO-252: power packages with a wide tab opposite the small leads. */
export function powerTab(smallLeads: number, marking: string, tabWidth: number): string {
  const x = 60;
  const y = 70;
  const width = 120;
  const height = 74;
  return [
    shadow(120, 186, 72),
    rect(120 - tabWidth / 2, y - 26, tabWidth, 30, colors.lead, { stroke: colors.leadEdge, radius: 2 }),
    leadRow('bottom', x + 8, x + width - 8, y + height, smallLeads, 14, 28),
    moulded(x, y, width, height, marking),
  ].join('');
}

/** TO-220: a body on a metal tab with a mounting hole and three long leads. */
export function to220(): string {
  return [
    shadow(120, 214, 56),
    rect(78, 22, 84, 56, colors.lead, { stroke: colors.leadEdge, radius: 3 }),
    circle(120, 46, 12, '#ffffff', colors.leadEdge),
    leadRow('bottom', 84, 156, 150, 3, 9, 56),
    moulded(78, 72, 84, 80, 'TO-220'),
  ].join('');
}

/** TO-92: a half-round body and three wire leads. */
export function to92(): string {
  return [
    shadow(120, 214, 48),
    leadRow('bottom', 90, 150, 128, 3, 6, 76),
    `<path d="M84 128 V86 a36 36 0 0 1 72 0 V128 z" fill="${colors.body}" stroke="${colors.bodyEdge}" stroke-width="1.5"/>`,
    text(120, 112, 'TO-92', { size: 13, weight: 700 }),
  ].join('');
}

/** Two-terminal moulded diodes (SOD, SMA/SMB) with the cathode band. */
export function diodeBody(width: number, height: number, leadLength: number, label: string): string {
  const x = 120 - width / 2;
  const y = 108 - height / 2;
  return [
    shadow(120, y + height + 16, width / 2 + leadLength),
    rect(x - leadLength, y + height * 0.2, leadLength + 4, height * 0.6, colors.lead, { stroke: colors.leadEdge, strokeWidth: 1 }),
    rect(x + width - 4, y + height * 0.2, leadLength + 4, height * 0.6, colors.lead, { stroke: colors.leadEdge, strokeWidth: 1 }),
    moulded(x, y, width, height, label),
    rect(x + 10, y + 3, 10, height - 6, '#d7dbe0', { radius: 1 }),
  ].join('');
}

/** Radio modules: a green board with a shield can and a printed antenna. */
export function wirelessModule(): string {
  const meander = 'M62 44 h14 v18 h12 v-18 h12 v18 h12 v-18 h12 v18 h12 v-18 h12 v18 h12 v-18 h14';
  return [
    shadow(120, 210, 70),
    rect(54, 26, 132, 176, '#1f6b4a', { stroke: '#134a32', radius: 6 }),
    `<path d="${meander}" fill="none" stroke="${colors.gold}" stroke-width="3"/>`,
    rect(66, 80, 108, 108, '#cfd3d8', { stroke: '#9aa0a6', radius: 4 }),
    rect(72, 86, 96, 96, '#e3e6ea', { radius: 3 }),
    text(120, 140, 'WiFi/BLE', { size: 15, fill: '#5b6470', weight: 700 }),
    ...Array.from({ length: 9 }, (_, index) => rect(54, 92 + index * 11, 6, 6, colors.gold)),
    ...Array.from({ length: 9 }, (_, index) => rect(180, 92 + index * 11, 6, 6, colors.gold)),
  ].join('');
}

/** A generic integrated circuit, for packages without a drawing of their own. */
export function genericIc(): string {
  return dualRow(6, 128, 70, 22, 'IC');
}
