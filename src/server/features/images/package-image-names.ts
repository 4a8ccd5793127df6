/**
 * Which drawing shows a part: products.imagePath is `package/<name>.svg` under qiniuImgAddress,
 * and the images route draws each name (package-images.ts).
 */
const packageRules: readonly [RegExp, string][] = [
  [/^0201/, '0201'],
  [/^(0402|1005)/, '0402'],
  [/^(0603|1608)/, '0603'],
  [/^(0805|2012)/, '0805'],
  [/^(1206|3216|CASE-A)/, '1206'],
  [/^(1210|3225|CASE-B)/, '1210'],
  [/^(2010|2512|CASE-[CD])/, '2512'],
  [/^SOT-23-[56]/, 'sot-23-6'],
  [/^(SOT-23|SOT-323|SC-70|SOT-346)/, 'sot-23'],
  [/^SOT-223/, 'sot-223'],
  [/^SOT-89/, 'sot-89'],
  [/^(SOD-123|SOD-323|SOD-523|SOD-923|LL-34|MINIMELF)/, 'sod-123'],
  [/^(SMA|SMAF|DO-214AC)/, 'sma'],
  [/^(SMB|SMC|DO-214)/, 'smb'],
  [/^(SOP-8|SOIC-8|ESOP-8|SO-8|HSOP-8)/, 'sop-8'],
  [/^(SOP|SOIC|SSOP|QSOP)-/, 'sop-16'],
  [/^(TSSOP|MSOP|VSSOP|SC-88)/, 'tssop'],
  [/^(QFN|DFN|VQFN|WQFN|UQFN|WSON|SON|LGA)/, 'qfn'],
  [/^(LQFP|TQFP|QFP)-(32|44|48)$/, 'qfp-48'],
  [/^(LQFP|TQFP|QFP)-/, 'qfp-64'],
  [/^(DIP|PDIP)-8$/, 'dip-8'],
  [/^(DIP|PDIP)-/, 'dip-16'],
  [/^TO-220/, 'to-220'],
  [/^(TO-252|TO-263|DPAK|D2PAK)/, 'to-252'],
  [/^(TO-92|TO-226)/, 'to-92'],
  [/^(DO-41|DO-35|DO-15|DO-201|AXIAL)/, 'axial'],
  [/^HC-49/, 'hc-49'],
  [/^SMD-?\d{4}/, 'crystal-smd'],
  [/^模块/, 'module'],
  [/^SMD,D|^插件,D\d/, 'electrolytic'],
  [/^SMD,\d/, 'inductor'],
  [/^插件,P=/, 'radial'],
  [/^LED-/, 'led'],
  [/^数码管/, 'led-display'],
];

/** Connectors are drawn by kind, not by their mounting style. */
export type ConnectorDrawing = 'pin-header' | 'usb' | 'connector';

export const packageImageNames = [...new Set([...packageRules.map(([, name]) => name), 'pin-header', 'usb', 'connector', 'ic'])];

/** The drawing for a part: a connector's kind, else its package; anything unusual gets a generic IC. */
export function packageImageName(packageName: string, connector?: ConnectorDrawing): string {
  if (connector) return connector;
  return packageRules.find(([pattern]) => pattern.test(packageName))?.[1] ?? 'ic';
}

export function packageImagePath(packageName: string, connector?: ConnectorDrawing): string {
  return `package/${packageImageName(packageName, connector)}.svg`;
}
