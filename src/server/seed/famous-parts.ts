import type { BrandKey } from './brands.data.ts';
import { findFamily } from './families/all-families.ts';
import type { ProductDraft } from './product-draft.ts';

/**
 * Parts every buyer knows, present exactly (code, maker, parameters) so searches and demos find
 * them. Each is taken from the series that makes it, so its parameters follow the same rules;
 * they come first, with the lowest ids.
 */
export const famousPartCodes: readonly (readonly [string, BrandKey, string])[] = [
  ['STM32F103C8T6', 'st', 'st-stm32'],
  ['RC0603FR-0710KL', 'yageo', 'yageo-rc'],
  ['GRM188R71H104KA93D', 'murata', 'murata-grm-x7r'],
  ['LM358DR', 'ti', 'ti-opamp'],
  ['AMS1117-3.3', 'ams', 'ams-ams1117'],
  ['AMS1117-3.3', 'umw', 'umw-ams1117'],
  ['CH340G', 'wch', 'usbUart-wch'],
  ['0603WAF1002T5E', 'uniroyal', 'uniroyal-wa'],
  ['CL10B104KB8NNNC', 'samsung', 'samsung-cl-x7r'],
  ['GD32F103C8T6', 'gigadevice', 'gd-gd32'],
  ['ESP32-WROOM-32E', 'espressif', 'espressif-modules'],
  ['SN74HC595PWR', 'ti', 'ti-74-shiftRegister'],
  ['TPS5430DDAR', 'ti', 'buck-ti'],
  ['BSS138,215', 'nexperia', 'nexperia-small-signal'],
  ['IRLML6402TRPBF', 'infineon', 'infineon-irlml'],
  ['1N4148W-7-F', 'diodes', 'diodes-switching'],
  ['NE555DR', 'ti', 'ti-timers'],
  ['TL431AIDBZR', 'ti', 'voltage-references'],
  ['ATMEGA328P-AU', 'microchip', 'microchip-avr'],
  ['W25Q128JVSIQ', 'winbond', 'winbond-w25q'],
  ['AO3400A', 'aosemi', 'aos-ao34-n'],
  ['SS34-E3/57T', 'vishay', 'vishay-ss'],
  ['USBLC6-2SC6', 'st', 'st-esd'],
  ['TP4056', 'toppower', 'charger-toppower'],
  ['CH32V003F4P6', 'wch', 'wch-ch32v'],
  ['MMBT3904LT1G', 'onsemi', 'onsemi-mmbt'],
  ['2N7002,215', 'nexperia', 'nexperia-small-signal'],
  ['ESP-12F', 'aithinker', 'aithinker-wifi'],
  ['B5B-XH-A', 'jst', 'jst-xh'],
  ['KF128-5.08-2P', 'kefa', 'kf-screw'],
];

function findPart(code: string, brand: BrandKey, familyKey: string): ProductDraft {
  const family = findFamily(familyKey);
  for (let index = 0; index < family.size; index++) {
    const draft = family.variant(index);
    if (draft?.code === code && draft.brand === brand) return draft;
  }
  throw new Error(`famous part ${code} is not made by family ${familyKey}`);
}

let found: readonly ProductDraft[] | null = null;

/** Found once per process: the search walks each part's series. */
export function famousParts(): readonly ProductDraft[] {
  found ??= famousPartCodes.map(([code, brand, familyKey]) => findPart(code, brand, familyKey));
  return found;
}
