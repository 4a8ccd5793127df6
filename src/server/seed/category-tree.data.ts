import type { AttributeKey } from './attributes.data.ts';

/**
 * Second-level categories: where parts live and what they can be filtered by
 * (封装 comes first everywhere and is not repeated here).
 */
export const secondCategories = {
  chipResistor: { name: '贴片电阻', attributes: ['resistance', 'tolerance', 'power', 'tempCoefficient'] },
  thinFilmResistor: { name: '精密薄膜电阻', attributes: ['resistance', 'tolerance', 'power', 'tempCoefficient'] },
  currentSenseResistor: { name: '合金采样电阻(电流检测)', attributes: ['resistance', 'tolerance', 'power'] },
  resistorArray: { name: '贴片排阻', attributes: ['resistance', 'tolerance', 'channels'] },
  throughHoleResistor: { name: '金属膜电阻(直插)', attributes: ['resistance', 'tolerance', 'power', 'resistorType'] },
  ntcThermistor: { name: 'NTC热敏电阻', attributes: ['resistance', 'tolerance', 'bValue'] },
  varistor: { name: '压敏电阻', attributes: ['ratedVoltage', 'clampingVoltage'] },
  potentiometer: { name: '可调电阻/电位器', attributes: ['resistance', 'tolerance', 'mounting'] },
  mlcc: { name: '贴片电容(MLCC)', attributes: ['capacitance', 'ratedVoltage', 'dielectric', 'tolerance'] },
  aluminumElectrolytic: { name: '铝电解电容', attributes: ['capacitance', 'ratedVoltage', 'tolerance', 'operatingTemperature'] },
  tantalum: { name: '钽电容', attributes: ['capacitance', 'ratedVoltage', 'tolerance'] },
  filmCapacitor: { name: '薄膜电容', attributes: ['capacitance', 'ratedVoltage', 'tolerance', 'dielectric'] },
  supercap: { name: '超级电容(法拉电容)', attributes: ['capacitance', 'ratedVoltage'] },
  powerInductor: { name: '功率电感', attributes: ['inductance', 'ratedCurrent', 'dcResistance', 'tolerance'] },
  chipInductor: { name: '贴片电感(叠层/绕线)', attributes: ['inductance', 'ratedCurrent', 'dcResistance', 'tolerance'] },
  ferriteBead: { name: '磁珠', attributes: ['impedance', 'ratedCurrent', 'dcResistance'] },
  commonModeChoke: { name: '共模电感', attributes: ['impedance', 'ratedCurrent', 'channels'] },
  switchingDiode: { name: '开关二极管', attributes: ['reverseVoltage', 'forwardCurrent', 'forwardVoltage'] },
  rectifier: { name: '整流二极管', attributes: ['reverseVoltage', 'forwardCurrent', 'forwardVoltage'] },
  schottky: { name: '肖特基二极管', attributes: ['reverseVoltage', 'forwardCurrent', 'forwardVoltage'] },
  zener: { name: '稳压二极管', attributes: ['zenerVoltage', 'power', 'tolerance'] },
  tvs: { name: 'TVS二极管(瞬态抑制二极管)', attributes: ['reverseVoltage', 'clampingVoltage', 'power'] },
  esd: { name: 'ESD静电保护器件', attributes: ['reverseVoltage', 'clampingVoltage', 'channels'] },
  nMosfet: { name: 'N沟道MOSFET', attributes: ['transistorPolarity', 'drainSourceVoltage', 'drainCurrent', 'onResistance'] },
  pMosfet: { name: 'P沟道MOSFET', attributes: ['transistorPolarity', 'drainSourceVoltage', 'drainCurrent', 'onResistance'] },
  bjt: { name: '三极管(BJT)', attributes: ['transistorPolarity', 'collectorEmitterVoltage', 'collectorCurrent', 'power'] },
  digitalTransistor: { name: '数字三极管(带阻三极管)', attributes: ['transistorPolarity', 'collectorEmitterVoltage', 'collectorCurrent', 'resistance'] },
  armMcu: { name: 'ARM Cortex-M单片机', attributes: ['core', 'flashSize', 'ramSize', 'cpuFrequency', 'supplyVoltage'] },
  riscvMcu: { name: 'RISC-V单片机', attributes: ['core', 'flashSize', 'ramSize', 'cpuFrequency', 'supplyVoltage'] },
  mcu8bit: { name: '8位单片机(AVR/PIC/8051)', attributes: ['core', 'flashSize', 'ramSize', 'cpuFrequency', 'supplyVoltage'] },
  wifiModule: { name: 'WiFi模块', attributes: ['wirelessStandard', 'core', 'flashSize', 'supplyVoltage'] },
  bleModule: { name: '蓝牙模块(BLE)', attributes: ['wirelessStandard', 'core', 'flashSize', 'supplyVoltage'] },
  norFlash: { name: 'NOR FLASH', attributes: ['memorySize', 'memoryInterface', 'supplyVoltage'] },
  eeprom: { name: 'EEPROM存储器', attributes: ['memorySize', 'memoryInterface', 'supplyVoltage'] },
  ldo: { name: '低压差线性稳压器(LDO)', attributes: ['outputVoltage', 'outputCurrent', 'inputVoltageMax', 'dropoutVoltage', 'outputType'] },
  voltageReference: { name: '电压基准芯片', attributes: ['outputVoltage', 'tolerance', 'outputType'] },
  buck: { name: 'DC-DC降压转换器(Buck)', attributes: ['inputVoltageMax', 'outputCurrent', 'switchingFrequency', 'outputType'] },
  boost: { name: 'DC-DC升压转换器(Boost)', attributes: ['inputVoltageMax', 'outputCurrent', 'switchingFrequency', 'outputType'] },
  charger: { name: '锂电池充电管理芯片', attributes: ['outputCurrent', 'outputVoltage', 'inputVoltageMax'] },
  opamp: { name: '运算放大器', attributes: ['channels', 'gainBandwidth', 'supplyVoltage', 'outputType'] },
  comparator: { name: '比较器', attributes: ['channels', 'supplyVoltage', 'outputType'] },
  usbUart: { name: 'USB转串口/USB桥接芯片', attributes: ['protocol', 'dataRate', 'supplyVoltage'] },
  rs485: { name: 'RS-485/RS-422收发器', attributes: ['protocol', 'dataRate', 'supplyVoltage'] },
  can: { name: 'CAN总线收发器', attributes: ['protocol', 'dataRate', 'supplyVoltage'] },
  shiftRegister: { name: '移位寄存器', attributes: ['logicType', 'channels', 'supplyVoltage'] },
  bufferDriver: { name: '缓冲器/线驱动器', attributes: ['logicType', 'channels', 'supplyVoltage'] },
  gate: { name: '门电路(与/或/非)', attributes: ['logicType', 'channels', 'supplyVoltage'] },
  timer555: { name: '555定时器/振荡器', attributes: ['frequency', 'supplyVoltage'] },
  pinHeader: { name: '排针', attributes: ['pitch', 'pinCount', 'rows', 'mounting'] },
  femaleHeader: { name: '排母', attributes: ['pitch', 'pinCount', 'rows', 'mounting'] },
  boxHeader: { name: '牛角/简牛连接器', attributes: ['pitch', 'pinCount', 'rows', 'mounting'] },
  idc: { name: 'IDC压线连接器', attributes: ['pitch', 'pinCount', 'rows', 'mounting'] },
  usbConnector: { name: 'USB连接器', attributes: ['pinCount', 'mounting'] },
  typeC: { name: 'Type-C连接器(USB-C)', attributes: ['pinCount', 'mounting'] },
  hdmi: { name: 'HDMI连接器', attributes: ['pinCount', 'mounting'] },
  rj45: { name: '以太网连接器(RJ45)', attributes: ['pinCount', 'mounting'] },
  audioJack: { name: '音频连接器(耳机座)', attributes: ['pinCount', 'mounting'] },
  dcJack: { name: 'DC电源插座', attributes: ['pinCount', 'mounting', 'ratedCurrent'] },
  terminalBlock: { name: '接线端子(螺钉式)', attributes: ['pitch', 'pinCount', 'mounting'] },
  pluggableTerminal: { name: '插拔式接线端子(凤凰端子)', attributes: ['pitch', 'pinCount', 'mounting'] },
  boardToBoard: { name: '板对板连接器', attributes: ['pitch', 'pinCount', 'rows', 'mounting'] },
  ffcFpc: { name: 'FFC/FPC连接器(翻盖/抽屉式)', attributes: ['pitch', 'pinCount', 'mounting'] },
  wireToBoard: { name: '线对板/线对线连接器', attributes: ['pitch', 'pinCount', 'rows', 'mounting'] },
  icSocket: { name: 'IC插座(DIP/PLCC)', attributes: ['pitch', 'pinCount', 'mounting'] },
  simCard: { name: 'SIM卡座', attributes: ['pinCount', 'mounting'] },
  sdCard: { name: 'SD/TF存储卡座', attributes: ['pinCount', 'mounting'] },
  rfConnector: { name: '射频同轴连接器(SMA/IPEX)', attributes: ['impedance', 'mounting'] },
  circular: { name: '圆形连接器(航空插头)', attributes: ['pinCount', 'mounting'] },
  dsub: { name: 'D-Sub连接器(DB9/DB25)', attributes: ['pinCount', 'rows', 'mounting'] },
  crimpTerminal: { name: '压接端子/连接器端子', attributes: ['pitch', 'mounting'] },
  bananaJack: { name: '香蕉插座/测试端子', attributes: ['ratedCurrent', 'mounting'] },
  automotive: { name: '汽车连接器', attributes: ['pitch', 'pinCount', 'rows', 'mounting'] },
  passiveCrystal: { name: '无源晶振(晶体谐振器)', attributes: ['frequency', 'loadCapacitance', 'frequencyTolerance'] },
  oscillator: { name: '有源晶振(晶体振荡器)', attributes: ['frequency', 'supplyVoltage', 'frequencyTolerance'] },
  ceramicResonator: { name: '陶瓷谐振器', attributes: ['frequency', 'frequencyTolerance'] },
  smdLed: { name: '贴片LED', attributes: ['color', 'forwardVoltage', 'forwardCurrent'] },
  throughHoleLed: { name: '直插LED', attributes: ['color', 'forwardVoltage', 'forwardCurrent'] },
  ledDisplay: { name: 'LED数码管', attributes: ['color', 'channels'] },
  optocoupler: { name: '光耦(晶体管输出)', attributes: ['channels', 'isolationVoltage', 'outputType'] },
  smdFuse: { name: '贴片保险丝', attributes: ['ratedCurrent', 'ratedVoltage'] },
  pptc: { name: '自恢复保险丝(PPTC)', attributes: ['holdCurrent', 'ratedVoltage'] },
  gdt: { name: '陶瓷气体放电管', attributes: ['ratedVoltage'] },
} as const satisfies Record<string, { name: string; attributes: readonly AttributeKey[] }>;

export type CategoryKey = keyof typeof secondCategories;

export interface FirstCategoryDefinition {
  name: string;
  seconds: readonly CategoryKey[];
}

export interface CategoryGroupDefinition {
  /** categoryGroupName */
  name: string;
  firsts: readonly FirstCategoryDefinition[];
}

/** The mega-menu: groups → first level → second level, in display order. */
export const categoryGroups: readonly CategoryGroupDefinition[] = [
  {
    name: '被动元件',
    firsts: [
      {
        name: '电阻',
        seconds: [
          'chipResistor',
          'thinFilmResistor',
          'currentSenseResistor',
          'resistorArray',
          'throughHoleResistor',
          'ntcThermistor',
          'varistor',
          'potentiometer',
        ],
      },
      { name: '电容', seconds: ['mlcc', 'aluminumElectrolytic', 'tantalum', 'filmCapacitor', 'supercap'] },
      { name: '电感/磁珠', seconds: ['powerInductor', 'chipInductor', 'ferriteBead', 'commonModeChoke'] },
    ],
  },
  {
    name: '分立半导体',
    firsts: [
      { name: '二极管', seconds: ['switchingDiode', 'rectifier', 'schottky', 'zener', 'tvs', 'esd'] },
      { name: '晶体管', seconds: ['nMosfet', 'pMosfet', 'bjt', 'digitalTransistor'] },
    ],
  },
  {
    name: '嵌入式处理器/存储',
    firsts: [
      { name: '单片机(MCU)', seconds: ['armMcu', 'riscvMcu', 'mcu8bit'] },
      { name: '无线模块', seconds: ['wifiModule', 'bleModule'] },
      { name: '存储器', seconds: ['norFlash', 'eeprom'] },
    ],
  },
  {
    name: '电源管理芯片',
    firsts: [
      { name: '线性稳压器/基准', seconds: ['ldo', 'voltageReference'] },
      { name: 'DC-DC转换器', seconds: ['buck', 'boost'] },
      { name: '电池管理', seconds: ['charger'] },
    ],
  },
  {
    name: '模拟/接口/逻辑',
    firsts: [
      { name: '放大器/比较器', seconds: ['opamp', 'comparator'] },
      { name: '接口芯片', seconds: ['usbUart', 'rs485', 'can'] },
      { name: '逻辑芯片', seconds: ['shiftRegister', 'bufferDriver', 'gate'] },
      { name: '时钟/定时器', seconds: ['timer555'] },
    ],
  },
  {
    name: '连接器',
    firsts: [
      {
        name: '连接器',
        seconds: [
          'pinHeader',
          'femaleHeader',
          'boxHeader',
          'idc',
          'usbConnector',
          'typeC',
          'hdmi',
          'rj45',
          'audioJack',
          'dcJack',
          'terminalBlock',
          'pluggableTerminal',
          'boardToBoard',
          'ffcFpc',
          'wireToBoard',
          'icSocket',
          'simCard',
          'sdCard',
          'rfConnector',
          'circular',
          'dsub',
          'crimpTerminal',
          'bananaJack',
          'automotive',
        ],
      },
    ],
  },
  {
    name: '晶振/频率元件',
    firsts: [{ name: '晶振', seconds: ['passiveCrystal', 'oscillator', 'ceramicResonator'] }],
  },
  {
    name: '光电器件',
    firsts: [
      { name: 'LED/数码管', seconds: ['smdLed', 'throughHoleLed', 'ledDisplay'] },
      { name: '光耦', seconds: ['optocoupler'] },
    ],
  },
  {
    name: '电路保护',
    firsts: [
      { name: '保险丝', seconds: ['smdFuse', 'pptc'] },
      { name: '防雷器件', seconds: ['gdt'] },
    ],
  },
];

export const categoryKeys = Object.keys(secondCategories) as CategoryKey[];
