import type { BrandKey } from '../brands.data.ts';
import { part } from '../ic-draft.ts';
import { at, defineFamily, listedFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { formatSi } from '../si-format.ts';

const crystalFrequencies = [4, 6, 8, 10, 11.0592, 12, 16, 20, 24, 25, 26, 27, 32, 40, 48] as const;
const crystalSizes = [
  ['2016', 'SMD2016-4P'],
  ['2520', 'SMD2520-4P'],
  ['3225', 'SMD3225-4P'],
  ['5032', 'SMD5032-2P'],
] as const;
const loadCapacitances = [
  ['B', 8],
  ['C', 12],
  ['D', 18],
  ['E', 20],
] as const;
const crystalTolerances = [
  ['4', 10],
  ['5', 20],
] as const;

function mhzCode(mhz: number): string {
  return Number.isInteger(mhz) ? `${mhz}M` : String(mhz).replace('.', 'M');
}

function crystalFamily(key: string, brand: BrandKey, weight: number, code: (size: string, mhz: number, load: string, tolerance: string) => string): Family {
  return defineFamily({
    key,
    category: 'passiveCrystal',
    brand,
    weight,
    axes: [crystalSizes, crystalFrequencies, loadCapacitances, crystalTolerances],
    build: ([s = 0, f = 0, l = 0, t = 0]) => {
      const [size, pkg] = at(crystalSizes, s);
      const mhz = at(crystalFrequencies, f);
      if (size === '2016' && mhz < 16) return null;
      const [loadCode, loadPf] = at(loadCapacitances, l);
      const [toleranceCode, ppm] = at(crystalTolerances, t);
      const frequency = `${mhz}MHz`;
      return part({
        code: code(size, mhz, loadCode, toleranceCode),
        brand,
        category: 'passiveCrystal',
        pkg,
        description: `无源晶振 ${frequency} ±${ppm}ppm 负载电容${loadPf}pF ${pkg}`,
        params: [param('frequency', frequency, mhz * 1e6), param('loadCapacitance', `${loadPf}pF`, loadPf * 1e-12), param('frequencyTolerance', `±${ppm}ppm`)],
        priceE4: 1_200 + (size === '2016' ? 800 : 0) + (ppm === 10 ? 500 : 0),
        packSize: 10,
      });
    },
  });
}

const hc49Crystals = defineFamily({
  key: 'yxc-hc49',
  category: 'passiveCrystal',
  brand: 'yxc',
  weight: 0.3,
  axes: [crystalFrequencies, loadCapacitances, ['HC-49S', 'HC-49U', 'HC-49SMD']],
  build: ([f = 0, l = 0, p = 0]) => {
    const mhz = at(crystalFrequencies, f);
    const [loadCode, loadPf] = at(loadCapacitances, l);
    const pkg = at(['HC-49S', 'HC-49U', 'HC-49SMD'], p);
    return part({
      code: `${pkg.replace('HC-', 'HC')}-${mhzCode(mhz)}-${loadCode}20`,
      brand: 'yxc',
      category: 'passiveCrystal',
      pkg,
      description: `无源晶振 ${mhz}MHz ±20ppm 负载电容${loadPf}pF ${pkg}`,
      params: [param('frequency', `${mhz}MHz`, mhz * 1e6), param('loadCapacitance', `${loadPf}pF`, loadPf * 1e-12), param('frequencyTolerance', '±20ppm')],
      priceE4: 900,
      packSize: 10,
    });
  },
});

const oscillatorFrequencies = [1, 4, 8, 10, 12, 16, 20, 24, 25, 26, 27, 32, 40, 48, 50, 100, 125] as const;
const oscillatorSupplies = [
  ['1.8', '1.8V'],
  ['2.5', '2.5V'],
  ['3.3', '3.3V'],
  ['5.0', '5V'],
] as const;

const yxcOscillators = defineFamily({
  key: 'yxc-oscillator',
  category: 'oscillator',
  brand: 'yxc',
  weight: 0.6,
  axes: [crystalSizes.slice(0, 4), oscillatorFrequencies, oscillatorSupplies, ['25', '50']],
  build: ([s = 0, f = 0, v = 0, t = 0]) => {
    const [size] = at(crystalSizes, s);
    const mhz = at(oscillatorFrequencies, f);
    const [supplyCode, supply] = at(oscillatorSupplies, v);
    const ppm = at(['25', '50'], t);
    const pkg = `SMD${size}-4P`;
    return part({
      code: `OX${size}${supplyCode.replace('.', '')}${ppm}${mhzCode(mhz)}`,
      brand: 'yxc',
      category: 'oscillator',
      pkg,
      description: `有源晶振 ${mhz}MHz ±${ppm}ppm ${supply} CMOS输出 ${pkg}`,
      params: [param('frequency', `${mhz}MHz`, mhz * 1e6), param('supplyVoltage', supply), param('frequencyTolerance', `±${ppm}ppm`)],
      priceE4: 4_500 + mhz * 20,
      packSize: 1,
    });
  },
});

const resonatorFrequencies = [2, 4, 6, 8, 10, 12, 16, 20, 24] as const;
const resonatorSeries = [
  ['CSTCE', 'G15L99-R0', 'SMD3213-3P'],
  ['CSTNE', 'V53-R0', 'SMD3213-3P'],
  ['CSTLS', 'X', '插件,3P'],
] as const;

const murataResonators = defineFamily({
  key: 'murata-cstce',
  category: 'ceramicResonator',
  brand: 'murata',
  weight: 0.3,
  axes: [resonatorFrequencies, resonatorSeries],
  build: ([f = 0, s = 0]) => {
    const mhz = at(resonatorFrequencies, f);
    const [series, suffix, pkg] = at(resonatorSeries, s);
    return part({
      code: `${series}${mhz < 10 ? `${mhz}M00` : `${mhz}M0`}${suffix}`,
      brand: 'murata',
      category: 'ceramicResonator',
      pkg,
      description: `陶瓷谐振器 ${mhz}MHz ±0.5% 内置负载电容 ${pkg}`,
      params: [param('frequency', `${mhz}MHz`, mhz * 1e6), param('frequencyTolerance', '±0.5%')],
      priceE4: 1_600,
      packSize: 10,
    });
  },
});

const ledColors = [
  ['R', '红色', 2],
  ['G', '绿色', 3.1],
  ['B', '蓝色', 3.1],
  ['Y', '黄色', 2],
  ['W', '白色', 3.1],
  ['O', '橙色', 2],
] as const;
const smdLedSizes = ['0402', '0603', '0805', '1206', '3528', '5050'] as const;

const everlightSmdLeds = defineFamily({
  key: 'everlight-smd-led',
  category: 'smdLed',
  brand: 'everlight',
  weight: 0.8,
  axes: [smdLedSizes, ledColors, ['TR8', 'TR7', 'TR9']],
  build: ([s = 0, c = 0, p = 0]) => {
    const size = at(smdLedSizes, s);
    const [colorCode, color, vf] = at(ledColors, c);
    const amps = size === '5050' ? 0.06 : size === '3528' ? 0.03 : 0.02;
    const pkg = `LED-${size}`;
    return part({
      code: `${size === '0402' ? '15' : size === '0603' ? '19' : size === '0805' ? '17' : size === '1206' ? '12' : size === '3528' ? '67' : '99'}-21S${colorCode}C/${at(['TR8', 'TR7', 'TR9'], p)}`,
      brand: 'everlight',
      category: 'smdLed',
      pkg,
      description: `贴片LED ${color} ${size} Vf=${vf}V If=${formatSi(amps, 'A')}`,
      params: [param('color', color), param('forwardVoltage', `${vf}V`, vf), param('forwardCurrent', formatSi(amps, 'A'), amps)],
      priceE4: size === '5050' ? 800 : 120,
      packSize: 100,
    });
  },
});

const everlightThroughLeds = defineFamily({
  key: 'everlight-tht-led',
  category: 'throughHoleLed',
  brand: 'everlight',
  weight: 0.4,
  axes: [['3mm', '5mm', '8mm', '10mm'], ledColors, ['雾状', '透明']],
  build: ([s = 0, c = 0, d = 0]) => {
    const size = at(['3mm', '5mm', '8mm', '10mm'], s);
    const [colorCode, color, vf] = at(ledColors, c);
    const diffused = at(['雾状', '透明'], d);
    const pkg = `LED-${size}`;
    return part({
      code: `${size === '3mm' ? '204' : size === '5mm' ? '333' : size === '8mm' ? '383' : '513'}-2${colorCode}${d === 0 ? 'D' : 'C'}/S530-A3`,
      brand: 'everlight',
      category: 'throughHoleLed',
      pkg,
      description: `直插LED ${size} ${color} ${diffused} Vf=${vf}V If=20mA`,
      params: [param('color', color), param('forwardVoltage', `${vf}V`, vf), param('forwardCurrent', '20mA', 0.02)],
      priceE4: 250,
      packSize: 20,
    });
  },
});

const displayColors = [
  ['SUR', '红色'],
  ['SYG', '绿色'],
  ['UB', '蓝色'],
] as const;

const everlightDisplays = defineFamily({
  key: 'everlight-display',
  category: 'ledDisplay',
  brand: 'everlight',
  weight: 0.2,
  axes: [[1, 2, 3, 4], ['0.36', '0.56', '0.8'], displayColors, ['共阴', '共阳']],
  build: ([n = 0, h = 0, c = 0, k = 0]) => {
    const digits = at([1, 2, 3, 4], n);
    const height = at(['0.36', '0.56', '0.8'], h);
    const [colorCode, color] = at(displayColors, c);
    const common = at(['共阴', '共阳'], k);
    return part({
      code: `ELS-${digits}${height.replace('0.', '')}${colorCode}W${k === 0 ? 'K' : 'A'}/S530-A${digits}`,
      brand: 'everlight',
      category: 'ledDisplay',
      pkg: `数码管,${digits}位`,
      description: `${height}英寸 ${digits}位LED数码管 ${color} ${common}`,
      params: [param('color', color), param('channels', `${digits}位`)],
      priceE4: 3_000 + digits * 1_500,
      packSize: 1,
    });
  },
});

function optocoupler(code: string, brand: BrandKey, pkg: string, channels: number, output: string, priceE4: number): ProductDraft {
  return part({
    code,
    brand,
    category: 'optocoupler',
    pkg,
    description: `${channels}通道光耦 ${output} 隔离电压5000Vrms ${pkg}`,
    params: [param('channels', `${channels}`), param('isolationVoltage', '5000V', 5000), param('outputType', output)],
    priceE4,
    packSize: pkg.startsWith('SOP') || pkg.startsWith('SMD') ? 10 : 5,
  });
}

const optoParts: ProductDraft[] = [
  ...(['A', 'B', 'C', 'D'] as const).flatMap((rank) => [
    optocoupler(`EL817(${rank})`, 'everlight', 'DIP-4', 1, '晶体管输出', 900),
    optocoupler(`EL817S1(${rank})(TU)-F`, 'everlight', 'SMD-4', 1, '晶体管输出', 1_000),
    optocoupler(`EL357N(${rank})(TA)-G`, 'everlight', 'SOP-4', 1, '晶体管输出', 1_100),
    optocoupler(`EL3H7(${rank})(TA)-G`, 'everlight', 'SOP-4', 1, '晶体管输出', 1_200),
  ]),
  optocoupler('EL827', 'everlight', 'DIP-8', 2, '晶体管输出', 1_800),
  optocoupler('EL847', 'everlight', 'DIP-16', 4, '晶体管输出', 3_200),
  optocoupler('EL6N137S(TA)', 'everlight', 'SMD-8', 1, '高速逻辑门输出', 4_500),
];

const toshibaOpto: ProductDraft[] = [
  optocoupler('TLP291(GB-TP,SE', 'toshiba', 'SOP-4', 1, '晶体管输出', 1_800),
  optocoupler('TLP291(BL-TP,SE', 'toshiba', 'SOP-4', 1, '晶体管输出', 1_800),
  optocoupler('TLP291-4(GB-TP,E', 'toshiba', 'SOP-16', 4, '晶体管输出', 5_500),
  optocoupler('TLP185(GB-TPL,E', 'toshiba', 'SOP-6', 1, '晶体管输出', 2_000),
  optocoupler('TLP521-1GB', 'toshiba', 'DIP-4', 1, '晶体管输出', 2_200),
  optocoupler('TLP2361(TPL,E', 'toshiba', 'SOP-5', 1, '高速逻辑门输出', 6_800),
  optocoupler('TLP785(GB-TP6,F', 'toshiba', 'SMD-4', 1, '晶体管输出', 1_900),
];

const fuseCurrents = [0.05, 0.1, 0.125, 0.2, 0.25, 0.375, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 10] as const;
const fuseSeries = [
  ['0466', '1206', 63],
  ['0467', '0603', 32],
  ['0468', '0402', 32],
  ['0451', '2410', 125],
] as const;

const littelfuseFuses = defineFamily({
  key: 'littelfuse-smd-fuse',
  category: 'smdFuse',
  brand: 'littelfuse',
  weight: 0.5,
  axes: [fuseSeries, fuseCurrents, ['NRHF', 'NR']],
  build: ([s = 0, c = 0, p = 0]) => {
    const [series, size, volts] = at(fuseSeries, s);
    const amps = at(fuseCurrents, c);
    if (size === '0402' && amps > 3) return null;
    const currentCode =
      amps < 1
        ? `.${String(Math.round(amps * 1000)).padStart(3, '0')}`
        : Number.isInteger(amps)
          ? `${String(amps).padStart(3, '0')}.`
          : String(amps).padStart(5, '0');
    return part({
      code: `${series}${currentCode}${at(['NRHF', 'NR'], p)}`,
      brand: 'littelfuse',
      category: 'smdFuse',
      pkg: size,
      description: `贴片保险丝 快断 ${formatSi(amps, 'A')} ${volts}V ${size}`,
      params: [param('ratedCurrent', formatSi(amps, 'A'), amps), param('ratedVoltage', `${volts}V`, volts)],
      priceE4: 3_000 + s * 500,
      packSize: 10,
    });
  },
});

const pptcHolds = [0.05, 0.1, 0.14, 0.2, 0.35, 0.5, 0.75, 1.1, 1.5, 2, 2.6, 3] as const;
const pptcSeries = [
  ['MF-MSMF', '1812', 30],
  ['MF-NSMF', '1206', 16],
  ['MF-FSMF', '0805', 9],
  ['MF-PSMF', '0603', 6],
  ['MF-R', '插件', 60],
] as const;

const bournsPptc = defineFamily({
  key: 'bourns-pptc',
  category: 'pptc',
  brand: 'bourns',
  weight: 0.5,
  axes: [pptcSeries, pptcHolds, ['-2', '']],
  build: ([s = 0, h = 0, v = 0]) => {
    const [series, pkg, volts] = at(pptcSeries, s);
    const hold = at(pptcHolds, h);
    if (pkg === '0603' && hold > 0.5) return null;
    return part({
      code: `${series}${String(Math.round(hold * 100)).padStart(3, '0')}${at(['-2', ''], v)}`,
      brand: 'bourns',
      category: 'pptc',
      pkg,
      description: `自恢复保险丝(PPTC) 保持电流${formatSi(hold, 'A')} ${volts}V ${pkg}`,
      params: [param('holdCurrent', formatSi(hold, 'A'), hold), param('ratedVoltage', `${volts}V`, volts)],
      priceE4: 1_500 + hold * 400,
      packSize: 10,
    });
  },
});

const gdtVoltages = [75, 90, 150, 230, 350, 470, 600, 800, 1000, 1500] as const;
const gdtSeries = [
  ['2038', '贴片,2极', 'SM'],
  ['2027', '插件,2极', ''],
  ['2036', '贴片,3极', 'SM'],
] as const;

const bournsGdt = defineFamily({
  key: 'bourns-gdt',
  category: 'gdt',
  brand: 'bourns',
  weight: 0.2,
  axes: [gdtVoltages, gdtSeries, ['-RPLF', '-LF']],
  build: ([v = 0, s = 0, f = 0]) => {
    const volts = at(gdtVoltages, v);
    const [series, pkg, mount] = at(gdtSeries, s);
    return part({
      code: `${series}-${String(volts / 10).padStart(2, '0')}${mount ? `-${mount}` : ''}${at(['-RPLF', '-LF'], f)}`,
      brand: 'bourns',
      category: 'gdt',
      pkg,
      description: `陶瓷气体放电管 直流击穿电压${volts}V ${pkg}`,
      params: [param('ratedVoltage', `${volts}V`, volts)],
      priceE4: 4_000 + s * 1_500,
      packSize: 5,
    });
  },
});

export const frequencyOptoProtectionFamilies: Family[] = [
  crystalFamily('yxc-crystal', 'yxc', 0.8, (size, mhz, load, tolerance) => `X${size}${mhzCode(mhz)}${load}${tolerance}SI`),
  crystalFamily('tst-crystal', 'tst', 0.6, (size, mhz, load, tolerance) => `TZ${size}${load}${tolerance}-${mhzCode(mhz)}`),
  hc49Crystals,
  yxcOscillators,
  murataResonators,
  everlightSmdLeds,
  everlightThroughLeds,
  everlightDisplays,
  listedFamily('everlight-opto', 0.4, optoParts),
  listedFamily('toshiba-opto', 0.2, toshibaOpto),
  littelfuseFuses,
  bournsPptc,
  bournsGdt,
];
