import { diodeBody, dualRow, genericIc, leadless, powerTab, quadFlat, smallOutline, to220, to92, wirelessModule } from './drawings-ic.ts';
import {
  axial,
  chip,
  connectorHousing,
  electrolytic,
  hc49,
  inductor,
  led,
  ledDisplay,
  pinHeader,
  radialBox,
  smdCrystal,
  usbReceptacle,
} from './drawings-passive.ts';
import { caption, svgDocument } from './svg-kit.ts';

/** Every package drawing by name (the file name under /img/package/), with its caption. */
const drawings: Record<string, { label: string; draw: () => string }> = {
  '0201': { label: '0201', draw: () => chip(0.6, 0.3) },
  '0402': { label: '0402', draw: () => chip(1.0, 0.5) },
  '0603': { label: '0603', draw: () => chip(1.6, 0.8) },
  '0805': { label: '0805', draw: () => chip(2.0, 1.25) },
  '1206': { label: '1206', draw: () => chip(3.2, 1.6) },
  '1210': { label: '1210', draw: () => chip(3.2, 2.5) },
  '2512': { label: '2512', draw: () => chip(6.4, 3.2) },
  'sot-23': { label: 'SOT-23', draw: () => smallOutline(1, 2, '') },
  'sot-23-6': { label: 'SOT-23-6', draw: () => smallOutline(3, 3, '') },
  'sot-223': { label: 'SOT-223', draw: () => powerTab(3, '1117', 80) },
  'sot-89': { label: 'SOT-89', draw: () => powerTab(3, '', 40) },
  'sod-123': { label: 'SOD-123', draw: () => diodeBody(104, 52, 24, '') },
  sma: { label: 'SMA', draw: () => diodeBody(128, 76, 18, '') },
  smb: { label: 'SMB/SMC', draw: () => diodeBody(140, 96, 18, '') },
  'sop-8': { label: 'SOP-8', draw: () => dualRow(4, 116, 78, 24, '') },
  'sop-16': { label: 'SOP-16', draw: () => dualRow(8, 170, 74, 22, '') },
  tssop: { label: 'TSSOP', draw: () => dualRow(10, 168, 58, 20, '') },
  qfn: { label: 'QFN', draw: () => leadless(8, 136, '') },
  'qfp-48': { label: 'LQFP-48', draw: () => quadFlat(12, 132, 'ARM') },
  'qfp-64': { label: 'LQFP-64+', draw: () => quadFlat(16, 140, 'MCU') },
  'dip-8': { label: 'DIP-8', draw: () => dualRow(4, 112, 84, 30, '', true) },
  'dip-16': { label: 'DIP', draw: () => dualRow(8, 176, 80, 28, '', true) },
  'to-220': { label: 'TO-220', draw: to220 },
  'to-252': { label: 'TO-252', draw: () => powerTab(2, '', 96) },
  'to-92': { label: 'TO-92', draw: to92 },
  axial: { label: '轴向插件', draw: axial },
  'hc-49': { label: 'HC-49', draw: hc49 },
  'crystal-smd': { label: 'SMD晶振', draw: smdCrystal },
  module: { label: '无线模块', draw: wirelessModule },
  electrolytic: { label: '电解电容', draw: electrolytic },
  inductor: { label: '功率电感', draw: inductor },
  radial: { label: '径向插件', draw: radialBox },
  led: { label: 'LED', draw: led },
  'led-display': { label: '数码管', draw: ledDisplay },
  'pin-header': { label: '排针/排母', draw: pinHeader },
  usb: { label: 'USB/Type-C', draw: usbReceptacle },
  connector: { label: '连接器', draw: connectorHousing },
  ic: { label: 'IC', draw: genericIc },
};

const cache = new Map<string, string>();

/** The SVG for a package drawing name, or null for a name that is not drawn. */
export function packageImageSvg(name: string): string | null {
  const drawing = Object.hasOwn(drawings, name) ? drawings[name] : undefined;
  if (!drawing) return null;
  let svg = cache.get(name);
  if (!svg) {
    svg = svgDocument(`${drawing.label} 封装示意图`, drawing.draw() + caption(drawing.label));
    cache.set(name, svg);
  }
  return svg;
}

/** Names the mapping can produce; every one must have a drawing (checked by the tests). */
export const drawnPackageNames = Object.keys(drawings);
