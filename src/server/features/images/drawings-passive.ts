import { circle, colors, leadRow, rect, shadow, text } from './svg-kit.ts';

/** Drawings of passives, frequency parts, LEDs and connectors. */

/** A chip resistor or capacitor: ceramic body between two tinned end caps, scaled by size code. */
export function chip(lengthMm: number, widthMm: number): string {
  // Real chips span 0.6–6.4 mm; the thumbnails keep their order of size but stay legible.
  const length = 84 + 90 * Math.sqrt(lengthMm / 6.4);
  const width = Math.max(length * (widthMm / lengthMm), 44);
  const x = 120 - length / 2;
  const y = 108 - width / 2;
  const cap = length * 0.2;
  return [
    shadow(120, y + width + 14, length / 2 + 8),
    rect(x, y, length, width, colors.ceramic, { stroke: colors.ceramicEdge, radius: 3 }),
    rect(x + cap, y + 2, length - 2 * cap, width - 4, '#232528', { radius: 2, opacity: 0.88 }),
    rect(x, y, cap, width, colors.lead, { stroke: colors.leadEdge, radius: 3 }),
    rect(x + length - cap, y, cap, width, colors.lead, { stroke: colors.leadEdge, radius: 3 }),
  ].join('');
}

/** Axial-lead resistor with colour bands. */
export function axial(): string {
  const bands = ['#8b4513', '#111111', '#f28c28', '#d4af37'];
  return [
    shadow(120, 140, 100),
    rect(10, 104, 220, 6, colors.lead, { stroke: colors.leadEdge, strokeWidth: 1 }),
    rect(64, 84, 112, 46, '#7fb3d5', { stroke: '#4f86ad', radius: 20 }),
    ...bands.map((band, index) => rect(84 + index * 18 + (index === 3 ? 14 : 0), 86, 9, 42, band)),
  ].join('');
}

/** Aluminium electrolytic can, seen from the side, with the negative stripe. */
export function electrolytic(): string {
  return [
    shadow(120, 214, 56),
    leadRow('bottom', 96, 144, 176, 2, 5, 34),
    rect(72, 30, 96, 148, '#1f3f7a', { stroke: '#142b55', radius: 10 }),
    rect(138, 30, 20, 148, '#9fb4d8', { opacity: 0.9 }),
    text(148, 112, '−', { size: 22, fill: '#1f3f7a', weight: 700 }),
    rect(72, 30, 96, 14, '#c8ccd2', { stroke: '#8d939b', radius: 6 }),
  ].join('');
}

/** Boxed film capacitor or radial part with two leads. */
export function radialBox(): string {
  return [
    shadow(120, 214, 60),
    leadRow('bottom', 90, 150, 150, 2, 5, 60),
    rect(62, 54, 116, 98, '#e2c044', { stroke: '#b39222', radius: 8 }),
    text(120, 110, 'MKT', { size: 18, fill: '#6b5412', weight: 700 }),
  ].join('');
}

/** Shielded power inductor: a square core with the winding visible. */
export function inductor(): string {
  return [
    shadow(120, 196, 70),
    rect(52, 40, 136, 136, '#3b3e44', { stroke: '#222428', radius: 14 }),
    circle(120, 108, 50, '#b87333', '#8a5523'),
    circle(120, 108, 22, '#3b3e44'),
    rect(40, 92, 14, 32, colors.lead, { stroke: colors.leadEdge }),
    rect(186, 92, 14, 32, colors.lead, { stroke: colors.leadEdge }),
  ].join('');
}

/** HC-49 metal can crystal. */
export function hc49(): string {
  return [
    shadow(120, 214, 60),
    leadRow('bottom', 90, 150, 160, 2, 5, 50),
    rect(58, 50, 124, 112, '#d9dde2', { stroke: '#a4aab2', radius: 40 }),
    rect(70, 62, 100, 88, '#eceef1', { radius: 32 }),
    text(120, 112, 'HC-49', { size: 16, fill: '#6b7280', weight: 700 }),
  ].join('');
}

/** SMD crystal or oscillator: ceramic base with a seam-welded metal lid. */
export function smdCrystal(): string {
  return [
    shadow(120, 176, 70),
    rect(52, 56, 136, 104, colors.ceramic, { stroke: colors.ceramicEdge, radius: 6 }),
    rect(62, 64, 116, 88, '#d9dde2', { stroke: '#a4aab2', radius: 5 }),
    text(120, 114, 'XTAL', { size: 16, fill: '#6b7280', weight: 700 }),
  ].join('');
}

/** SMD LED: white housing with a coloured lens. */
export function led(): string {
  return [
    shadow(120, 170, 62),
    rect(62, 62, 116, 92, '#f4f5f7', { stroke: '#c5c9cf', radius: 6 }),
    circle(120, 108, 34, '#ffe28a', '#e6b800'),
    circle(110, 98, 8, '#fff6cc'),
    rect(52, 90, 12, 36, colors.lead, { stroke: colors.leadEdge }),
    rect(176, 90, 12, 36, colors.lead, { stroke: colors.leadEdge }),
  ].join('');
}

/** Seven-segment LED display digit. */
export function ledDisplay(): string {
  const segment = (x: number, y: number, width: number, height: number) => rect(x, y, width, height, '#ff3b30', { radius: 4 });
  return [
    shadow(120, 206, 66),
    rect(60, 24, 120, 172, '#26282c', { stroke: '#111', radius: 6 }),
    segment(90, 46, 60, 10),
    segment(80, 56, 10, 48),
    segment(150, 56, 10, 48),
    segment(90, 104, 60, 10),
    segment(80, 114, 10, 48),
    segment(150, 114, 10, 48),
    segment(90, 162, 60, 10),
    circle(166, 170, 6, '#ff3b30'),
  ].join('');
}

/** Pin header / female header: black plastic with gold pins. */
export function pinHeader(): string {
  const pins: string[] = [];
  for (let column = 0; column < 8; column++) {
    for (let row = 0; row < 2; row++) {
      const x = 34 + column * 22;
      const y = 86 + row * 26;
      pins.push(rect(x - 2, y - 2, 16, 16, '#1e1f22', { radius: 2 }));
      pins.push(rect(x + 2, y + 2, 8, 8, colors.gold, { stroke: colors.goldEdge, strokeWidth: 1 }));
    }
  }
  return [shadow(120, 160, 96), rect(24, 76, 192, 62, '#2b2c30', { stroke: '#151618', radius: 4 }), ...pins].join('');
}

/** USB-style receptacle: a metal shell around a plastic tongue. */
export function usbReceptacle(): string {
  return [
    shadow(120, 176, 78),
    rect(44, 62, 152, 96, '#d5d9de', { stroke: '#8d939b', radius: 14 }),
    rect(58, 76, 124, 68, '#2b2c30', { radius: 10 }),
    rect(78, 100, 84, 20, '#f0f1f3', { radius: 4 }),
    ...Array.from({ length: 6 }, (_, index) => rect(84 + index * 13, 104, 7, 12, colors.gold)),
  ].join('');
}

/** A generic connector housing with contacts. */
export function connectorHousing(): string {
  return [
    shadow(120, 178, 84),
    rect(36, 70, 168, 84, '#f1ede4', { stroke: '#b8ae98', radius: 6 }),
    ...Array.from({ length: 6 }, (_, index) => rect(52 + index * 24, 88, 16, 30, '#ffffff', { stroke: '#b8ae98', radius: 2 })),
    ...Array.from({ length: 6 }, (_, index) => rect(56 + index * 24, 96, 8, 14, colors.gold)),
    leadRow('bottom', 48, 192, 154, 6, 5, 20),
  ].join('');
}
