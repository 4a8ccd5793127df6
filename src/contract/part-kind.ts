/**
 * What kind of part a BOM line asks for and a catalogue part is: a resistor is never offered for a
 * thermistor line, a screw never meets an MCU (issue 27). A line's kind comes from its designator's
 * letters and the words of its cells; a part's from its category's name and its description.
 * Kinds nest: a line that only says "diode" (D3) takes a Schottky, one that says Schottky does not
 * take a Zener.
 */

export const partKindLabels = {
  resistor: '电阻',
  resistorArray: '排阻',
  thermistor: '热敏电阻',
  varistor: '压敏电阻',
  potentiometer: '电位器',
  capacitor: '电容',
  inductor: '电感',
  ferriteBead: '磁珠',
  commonModeChoke: '共模电感',
  diode: '二极管',
  rectifier: '整流二极管',
  switchingDiode: '开关二极管',
  schottky: '肖特基二极管',
  zener: '稳压二极管',
  tvs: 'TVS二极管',
  esd: 'ESD保护器件',
  led: 'LED',
  display: '数码管/显示器',
  transistor: '晶体管',
  bjt: '三极管',
  mosfet: 'MOS管',
  ic: '芯片',
  optocoupler: '光耦',
  module: '模块',
  crystal: '晶振',
  connector: '连接器',
  fuse: '保险丝',
  gdt: '气体放电管',
  switch: '开关/按键',
  relay: '继电器',
  transformer: '变压器',
  buzzer: '蜂鸣器/喇叭',
  battery: '电池/电池座',
  mechanical: '结构件(螺丝、铜柱等)',
  testPoint: '测试点',
  pcb: 'PCB',
} as const;

export type PartKind = keyof typeof partKindLabels;

/** A kind's wider kind: a Schottky is a diode, a MOSFET a transistor, an optocoupler a chip. */
const parentOf: Partial<Record<PartKind, PartKind>> = {
  rectifier: 'diode',
  switchingDiode: 'diode',
  schottky: 'diode',
  zener: 'diode',
  tvs: 'diode',
  esd: 'diode',
  bjt: 'transistor',
  mosfet: 'transistor',
  optocoupler: 'ic',
  module: 'ic',
};

/** Whether a part of kind `part` is what a line asking for `line` can take. */
export function kindFits(line: PartKind, part: PartKind): boolean {
  for (let kind: PartKind | undefined = part; kind !== undefined; kind = parentOf[kind]) if (kind === line) return true;
  return false;
}

/** Designator letters, longest first where one is the start of another (FB before F, LED before L). */
const designatorKinds: [RegExp, PartKind][] = [
  [/^(FB|FL|EMI)$/, 'ferriteBead'],
  [/^(RN|RA|RP|AR)$/, 'resistorArray'],
  [/^(RT|TH|NTC|PTC)$/, 'thermistor'],
  [/^(RV|MOV|VAR|ZNR)$/, 'varistor'],
  [/^(VR|POT)$/, 'potentiometer'],
  [/^(R|RS)$/, 'resistor'],
  [/^(C|CE|EC|CT|TC)$/, 'capacitor'],
  [/^(L)$/, 'inductor'],
  [/^(LED|DS|LD)$/, 'led'],
  [/^(ZD|DZ)$/, 'zener'],
  [/^(TVS)$/, 'tvs'],
  [/^(D|CR|VD)$/, 'diode'],
  [/^(Q|VT|T|TR)$/, 'transistor'],
  [/^(U|IC|N|A)$/, 'ic'],
  [/^(OK|OC|ISO)$/, 'optocoupler'],
  [/^(Y|X|XTAL|OSC|XT)$/, 'crystal'],
  [/^(J|P|CN|CON|JP|USB|XS|XP|HDR|JACK)$/, 'connector'],
  [/^(F|FU)$/, 'fuse'],
  [/^(SW|S|KEY|BTN)$/, 'switch'],
  [/^(K|RL|RLY|RELAY)$/, 'relay'],
  [/^(BZ|LS|SP|SPK|BUZ)$/, 'buzzer'],
  [/^(BT|BAT)$/, 'battery'],
  [/^(H|MH|M|MK|SCREW|HOLE|FID|STANDOFF)$/, 'mechanical'],
  [/^(TP)$/, 'testPoint'],
];

/** Words that name a kind, most specific first (稳压二极管 before 二极管, 磁珠 before 电感). */
const wordKinds: [RegExp, PartKind][] = [
  [/热敏|thermistor|\bNTC\b|\bPTC\b(?!.*fuse)/i, 'thermistor'],
  [/压敏|varistor|\bMOV\b/i, 'varistor'],
  [/电位器|可调电阻|potentiometer|trimmer|\btrim ?pot\b/i, 'potentiometer'],
  [/排阻|resistor (array|network)|\bres(istor)? (array|net)/i, 'resistorArray'],
  [/自恢复|保险丝|熔断|\bfuse\b|\bpolyfuse\b|\bPPTC\b/i, 'fuse'],
  [/气体放电管|\bGDT\b/i, 'gdt'],
  [/磁珠|ferrite|\bbead\b|\bBLM\d/i, 'ferriteBead'],
  [/共模|common ?mode/i, 'commonModeChoke'],
  [/电阻|resistor|\bRES\b|\bRES[- ]?(SMD|THT|0[246]0[1235]|1206)/i, 'resistor'],
  [/电容|capacitor|\bCAP\b|\bMLCC\b|tantalum|electrolytic/i, 'capacitor'],
  [/电感|inductor|\bIND\b|\bchoke\b/i, 'inductor'],
  [/芯片|单片机/, 'ic'],
  [/数码管|display|\bLCD\b|\bOLED\b|7-?seg/i, 'display'],
  [/发光|\bLED\b|\bLEDs\b/i, 'led'],
  [/光耦|opto(coupler|isolator)/i, 'optocoupler'],
  [/肖特基|schottky/i, 'schottky'],
  [/稳压二极管|齐纳|zener/i, 'zener'],
  [/\bTVS\b|瞬态抑制|transient voltage/i, 'tvs'],
  [/\bESD\b|静电保护/i, 'esd'],
  [/整流|rectifier/i, 'rectifier'],
  [/开关二极管|switching diode/i, 'switchingDiode'],
  [/二极管|\bdiode\b/i, 'diode'],
  [/\bMOSFET\b|MOS管|场效应|N-?channel|P-?channel|N沟道|P沟道/i, 'mosfet'],
  [/三极管|\bBJT\b|\bNPN\b|\bPNP\b/i, 'bjt'],
  [/晶体管|transistor/i, 'transistor'],
  [/晶振|谐振器|crystal|oscillator|resonator|\bXTAL\b|32\.768\s?kHz/i, 'crystal'],
  [/继电器|\brelay\b/i, 'relay'],
  [/按键|开关|轻触|switch|button|\btact\b/i, 'switch'],
  [/蜂鸣器|喇叭|buzzer|speaker/i, 'buzzer'],
  [/变压器|transformer/i, 'transformer'],
  [/电池|battery|coin cell|\bCR2032\b/i, 'battery'],
  [/测试点|test ?point/i, 'testPoint'],
  [
    /连接器|排针|排母|端子|插座|接插件|卡座|牛角|connector|header|socket|terminal|\bjack\b|\bplug\b|receptacle|type-?c\b|micro ?USB|USB[- ]?[ABC]\b|\bRJ45\b|\bJST\b|\bFPC\b|\bIDC\b/i,
    'connector',
  ],
  [
    /螺丝|螺钉|螺母|铜柱|垫片|外壳|screw|\bnut\b|standoff|spacer|washer|(^|\s)M[2-6](x\d+(\.\d+)?)?(\s|$)|mounting hole|fiducial|heat ?sink|散热片/i,
    'mechanical',
  ],
  [/模块|module/i, 'module'],
  [
    /单片机|芯片|稳压器|转换器|放大器|比较器|收发器|寄存器|缓冲器|门电路|定时器|存储器|\bFLASH\b|\bEEPROM\b|\bMCU\b|\bLDO\b|regulator|amplifier|\bop-?amp\b|converter|transceiver|microcontroller|\bIC\b/i,
    'ic',
  ],
];

/** The letters of a designator: `R12` → R, `LED3` → LED, `C1_2` → C. */
function designatorLetters(designator: string): string {
  return /^[A-Za-z]+/.exec(designator.trim())?.[0].toUpperCase() ?? '';
}

/** The kind a line's designators name, when all of them name the same one. */
export function kindOfDesignators(designators: readonly string[]): PartKind | null {
  let found: PartKind | null = null;
  for (const designator of designators) {
    const letters = designatorLetters(designator);
    const kind = designatorKinds.find(([pattern]) => pattern.test(letters))?.[1] ?? null;
    if (kind === null || (found !== null && found !== kind)) return null;
    found = kind;
  }
  return found;
}

/** The most specific kind the words of a text name, or null. */
export function kindOfText(text: string): PartKind | null {
  if (!text.trim()) return null;
  return wordKinds.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/**
 * A line's kind: its words where they are as specific as its designator or more (R2 "NTC 10k" is a
 * thermistor, D1 "LED red" an LED, Q1 "NPN" a bipolar transistor), else its designator's.
 */
export function kindOfLine(designators: readonly string[], texts: readonly string[]): PartKind | null {
  const byDesignator = kindOfDesignators(designators);
  const byWords = texts.map(kindOfText).find((kind) => kind !== null) ?? null;
  if (byDesignator === null) return byWords;
  if (byWords === null) return byDesignator;
  if (kindFits(byDesignator, byWords)) return byWords;
  // A designator letter shared by two kinds (T: transistor or transformer; D: diode or LED): the words decide.
  if (ambiguousDesignatorKinds.has(byDesignator)) return byWords;
  return byDesignator;
}

/** Designator letters different tools give to more than one kind, so the line's words win over them. */
const ambiguousDesignatorKinds = new Set<PartKind>([
  'diode',
  'transistor',
  'resistor',
  'inductor',
  'switch',
  'relay',
  'connector',
  'crystal',
  'ic',
  'mechanical',
]);

/** A catalogue part's kind: its category's name first (staff name categories plainly), then its description. */
export function kindOfPart(categoryName: string, description: string): PartKind | null {
  return kindOfText(categoryName) ?? kindOfText(description);
}
