import { describe, expect, it } from 'vitest';
import { billedKilograms, carriers, findCarrier, freightOf, freightZoneOf, lineWeightGrams, parcelWeightGrams, pieceMilligramsOf } from './delivery.ts';

describe('delivery: carriers, zones, freight and weight', () => {
  it('lists the five carriers with the economy one first, and finds them by code', () => {
    expect(carriers.map((carrier) => [carrier.code, carrier.name])).toEqual([
      ['zto', '中通快递'],
      ['yto', '圆通速递'],
      ['sf', '顺丰速运'],
      ['jd', '京东快递'],
      ['pickup', '上门自提'],
    ]);
    expect(findCarrier('pickup')?.isPickup).toBe(true);
    expect(findCarrier('ems')).toBeNull();
  });

  it.each([
    ['310000', 'local'],
    ['320500', 'local'],
    ['330100', 'local'],
    ['440300', 'near'],
    ['110000', 'near'],
    ['510100', 'far'],
    ['230100', 'far'],
    ['650100', 'remote'],
    ['540000', 'remote'],
    ['810000', 'remote'],
  ])('puts province %s in the %s zone', (code, zone) => {
    expect(freightZoneOf(code)).toBe(zone);
  });

  it.each([
    // carrier, province, grams, goods cents → cents, free
    ['zto', '310000', 500, 5000, 600, false],
    ['zto', '310000', 1000, 5000, 600, false],
    ['zto', '310000', 1001, 5000, 700, false],
    ['zto', '440000', 2500, 9899, 1200, false],
    ['zto', '440000', 2500, 9900, 0, true],
    ['yto', '510000', 100, 20_000, 0, true],
    ['zto', '650000', 100, 20_000, 2000, false],
    ['sf', '310000', 100, 100_000, 1200, false],
    ['sf', '230000', 3200, 100, 1800 + 3 * 800, false],
    ['jd', '440000', 1000, 100, 1300, false],
    ['pickup', '', 50_000, 100, 0, true],
  ])('%s to %s, %i g, goods %i: %i cents', (carrier, province, grams, goods, cents, isFree) => {
    expect(freightOf(carrier, province, grams, goods)).toMatchObject({ cents, isFreeShipping: isFree });
  });

  it('explains the fee in Chinese and knows no unknown carrier', () => {
    expect(freightOf('zto', '440000', 1500, 100)?.note).toBe('华北、华中、华南：首重1kg ¥8.00，续重每kg ¥2.00（约1.50kg）');
    expect(freightOf('zto', '440000', 1500, 9900)?.note).toBe('满¥99包邮');
    expect(freightOf('ems', '310000', 100, 100)).toBeNull();
  });

  it('bills every started kilogram, at least one', () => {
    expect([0, 1, 1000, 1001, 2999].map(billedKilograms)).toEqual([1, 1, 1, 2, 3]);
  });

  it('estimates pieces by package family and adds the bag of each line and the box', () => {
    expect(pieceMilligramsOf('0402')).toBe(1);
    expect(pieceMilligramsOf('0603')).toBe(3);
    expect(pieceMilligramsOf('SOT-23-5')).toBe(10);
    expect(pieceMilligramsOf('TSSOP-20')).toBe(80);
    expect(pieceMilligramsOf('LQFP-64')).toBe(300);
    expect(pieceMilligramsOf('TO-220')).toBe(2000);
    expect(pieceMilligramsOf('Radial')).toBe(200);
    // 10,000 × 3 mg = 30 g, plus the 5 g bag.
    expect(lineWeightGrams('0603', 10_000)).toBe(35);
    expect(parcelWeightGrams([35, 6])).toBe(141);
  });
});
