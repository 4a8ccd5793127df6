import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { priceImportMessages } from '../../../contract/price-import.ts';
import { readPriceList } from './price-list-read.ts';

const realFile = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/price-real/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);

/*
 * Distributors' own exports (tests/fixtures/price-real, sources in its README): their headers are
 * recognised, their dollar prices refused with a reason staff can act on instead of read as yuan,
 * and a footer total is no part.
 */
describe('real distributor exports in the price import', () => {
  it('reads a DigiKey cart export: Manufacturer Part Number, Description, Unit Price; refuses "$2.44000" as a foreign price; skips the Subtotal footer', () => {
    const read = readPriceList(realFile('digikey-cart-88435663.csv'));
    expect(read.headers.slice(0, 4)).toEqual(['Index', 'DigiKey Part #', 'Manufacturer Part Number', 'Description']);
    expect(read.mapping).toMatchObject({ mpn: 2, description: 3, unitPrice: 7 });
    expect(read.errors.map((error) => [error.row, error.reason])).toEqual([2, 3, 4, 5].map((row) => [row, priceImportMessages.priceForeign]));
    expect(read.rows).toEqual([]);
  });

  it('reads an LCSC cart export: its "Manufacture Part Number" spelling, Manufacturer, Package; "Unit Price($)" is in dollars', () => {
    const read = readPriceList(realFile('lcsc-cart-20241222-232708.csv'));
    expect(read.mapping).toMatchObject({ mpn: 1, brand: 2, package: 4, description: 5, unitPrice: 9 });
    expect(read.sampleRows[0]?.slice(1, 3)).toEqual(['VEJ101M1VTT-0607L', 'Lelon']);
    expect(new Set(read.errors.map((error) => error.reason))).toEqual(new Set([priceImportMessages.priceForeign]));
    expect(read.errors).toHaveLength(read.sampleRows.length);
  });

  it('reads a Mouser order export (.xls): "Mfr. #:" and "Desc.:" beside "Mouser #:", "Price (USD)" refused as dollars', () => {
    const read = readPriceList(realFile('mouser-order-271360826.xls'));
    expect(read.sheetName).toBe('Order Details');
    const { mpn, description, unitPrice } = read.mapping;
    expect([mpn, description, unitPrice].map((column) => (column === undefined ? '' : read.headers[column]))).toEqual(['Mfr. #:', 'Desc.:', 'Price (USD)']);
    expect(read.errors.map((error) => error.reason)).toEqual(Array.from({ length: 9 }, () => priceImportMessages.priceForeign));
  });

  it("the same columns priced in yuan import: the distributors' headers with a CNY price column", () => {
    const read = readPriceList(
      utf8('LCSC Part Number,Manufacture Part Number,Manufacturer,Package,Unit Price\nC7442639,VEJ101M1VTT-0607L,Lelon,"SMD,D6.3xL7.7mm",¥0.62\n'),
    );
    expect(read.errors).toEqual([]);
    expect(read.rows[0]).toMatchObject({ mpn: 'VEJ101M1VTT-0607L', brand: 'Lelon', package: 'SMD,D6.3xL7.7mm', tiers: [{ qtyStart: 1, priceE4: 6200 }] });
  });

  // Not from a real file (none with these columns was found; see the README): DigiKey's documented column names and value spellings.
  it("reads DigiKey's purchasing columns as its product tables write them: MSL with floor life, REACH Unaffected, Tape & Reel (TR), Standard Lead Time", () => {
    const read = readPriceList(
      utf8(
        [
          'Mfr Part #,Mfr,Price,Moisture Sensitivity Level (MSL),REACH Status,ECCN,Packaging,Standard Lead Time,Country of Origin',
          'STM32F103C8T6,STMicroelectronics,12.5,3 (168 Hours),REACH Unaffected,3A991.a.2,Tray,12 Weeks,CN',
          'RC0603FR-0710KL,YAGEO,0.01,1 (Unlimited),REACH Affected,EAR99,Tape & Reel (TR),6 weeks,TW',
          'GRM155R71C104KA88D,Murata,0.02,1  (Unlimited),REACH Unaffected,EAR99,Cut Tape (CT),8 Weeks,JP',
          'TXB0104PWR,Texas Instruments,3.2,1 (Unlimited),REACH Unaffected,EAR99,Digi-Reel®,6 Weeks,MY',
        ].join('\n'),
      ),
    );
    expect(read.errors).toEqual([]);
    expect(read.rows.map((row) => row.purchasing)).toEqual([
      {
        msl: '3',
        reachStatus: 'compliant',
        eccn: expect.stringMatching(/^3A991\.a\.2$/i) as string,
        packaging: 'tray',
        factoryLeadWeeks: 12,
        originCountry: 'CN',
      },
      { msl: '1', reachStatus: 'non_compliant', eccn: 'EAR99', packaging: 'tape_reel', factoryLeadWeeks: 6, originCountry: 'TW' },
      { msl: '1', reachStatus: 'compliant', eccn: 'EAR99', packaging: 'cut_tape', factoryLeadWeeks: 8, originCountry: 'JP' },
      { msl: '1', reachStatus: 'compliant', eccn: 'EAR99', packaging: 'tape_reel', factoryLeadWeeks: 6, originCountry: 'MY' },
    ]);
  });

  it("reads Mouser's Factory Lead-Time column", () => {
    const read = readPriceList(utf8('Mfr. #:,Price,Factory Lead-Time\nW25Q32JWSSIQ,5.2,15 Weeks\n'));
    expect(read.errors).toEqual([]);
    expect(read.rows[0]?.purchasing).toEqual({ factoryLeadWeeks: 15 });
  });
});
