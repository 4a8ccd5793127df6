import { describe, expect, it } from 'vitest';
import type { BomColumnMapping } from '../../../../contract/bom.ts';
import { detectBomHeader, headerKeyOf, headerScanRows } from './detect-header.ts';

/** A header row and one typical data row: the content settles ambiguous columns (Eagle's Part, 规格型号). */
function mappingOf(header: string[], data: string[] = []): BomColumnMapping | undefined {
  return detectBomHeader([header, data])?.mapping;
}

describe('header synonyms of the tools and hand-made sheets', () => {
  it.each<[string, string[], string[], BomColumnMapping]>([
    [
      'KiCad grouped',
      ['Ref', 'Qnty', 'Value', 'Cmp name', 'Footprint', 'Description', 'Vendor'],
      ['R1 R2', '2', '10k', 'R', 'R_0603', 'Resistor', ''],
      { designator: 0, quantity: 1, value: 2, package: 4, description: 5, brand: 6 },
    ],
    ['KiCad CSV', ['Ref', 'Value', 'Footprint', 'Datasheet', 'Qty'], ['R1', '10k', 'R_0603', '~', '1'], { designator: 0, value: 1, package: 2, quantity: 4 }],
    [
      'KiBot',
      ['Row', 'Description', 'Part', 'References', 'Value', 'Footprint', 'Quantity Per PCB', 'Status', 'Datasheet', 'manf#', 'Manufacturer'],
      ['1', 'Resistor', 'R', 'R1', '10k', 'R_0603', '1', '', '~', 'RC0603FR-0710KL', 'Yageo'],
      { description: 1, designator: 3, value: 4, package: 5, quantity: 6, fitted: 7, mpn: 9, brand: 10 },
    ],
    [
      'EasyEDA / JLCPCB',
      ['Comment', 'Designator', 'Footprint', 'LCSC Part #'],
      ['10k', 'R1', '0603', 'C25804'],
      { value: 0, designator: 1, package: 2, storeCode: 3 },
    ],
    [
      'LCSC Part Number',
      ['Comment', 'Designator', 'Footprint', 'LCSC Part Number'],
      ['10k', 'R1', '0603', 'C25804'],
      { value: 0, designator: 1, package: 2, storeCode: 3 },
    ],
    [
      'JLCPCB Part #',
      ['Comment', 'Designator', 'Footprint', 'JLCPCB Part #'],
      ['10k', 'R1', '0603', 'C25804'],
      { value: 0, designator: 1, package: 2, storeCode: 3 },
    ],
    [
      'Altium',
      ['Comment', 'Description', 'Designator', 'Footprint', 'LibRef', 'Quantity'],
      ['STM32F103C8T6', 'MCU', 'U1', 'LQFP-48', 'STM32', '1'],
      { value: 0, description: 1, designator: 2, package: 3, quantity: 5 },
    ],
    [
      'Eagle by parts',
      ['Part', 'Value', 'Device', 'Package', 'Description'],
      ['R1', '10k', 'R-EU_R0603', 'R0603', 'RESISTOR'],
      { designator: 0, value: 1, package: 3, description: 4 },
    ],
    [
      'Eagle by values',
      ['Qty', 'Value', 'Device', 'Package', 'Parts', 'Description'],
      ['2', '10k', 'R-EU_R0603', 'R0603', 'R1, R2', 'RESISTOR'],
      { quantity: 0, value: 1, package: 3, designator: 4, description: 5 },
    ],
    [
      'OrCAD',
      ['Item', 'Quantity', 'Reference', 'Part', 'PCB Footprint'],
      ['1', '2', 'R1,R2', '10K', 'R0603'],
      { quantity: 1, designator: 2, value: 3, package: 4 },
    ],
    [
      'DigiKey',
      ['Digi-Key Part Number', 'Manufacturer Part Number', 'Manufacturer', 'Quantity'],
      ['296-1395-5-ND', 'LM358DR', 'TI', '10'],
      { mpn: 1, brand: 2, quantity: 3 },
    ],
    [
      'Mouser',
      ['Mouser No:', 'Mfr. No:', 'Manufacturer:', 'Description:', 'Quantity'],
      ['595-LM358DR', 'LM358DR', 'TI', 'Op Amp', '10'],
      { mpn: 1, brand: 2, description: 3, quantity: 4 },
    ],
    [
      'MPN sheet',
      ['MPN', 'Mfr.', 'Qty', 'Designator', 'Value', 'Footprint'],
      ['LM358DR', 'TI', '1', 'U1', '', 'SOIC-8'],
      { mpn: 0, brand: 1, quantity: 2, designator: 3, value: 4, package: 5 },
    ],
    ['Mfr. Part #', ['Mfr. Part #', 'Manufacturer Part Number', 'Qty per board'], ['LM358DR', 'LM358DR', '1'], { mpn: 0, quantity: 2 }],
    [
      'Chinese full',
      ['序号', '名称', '规格型号', '封装', '数量', '位号', '备注'],
      ['1', '单片机', 'STM32F103C8T6', 'LQFP-48', '1', 'U1', ''],
      { value: 1, mpn: 2, package: 3, quantity: 4, designator: 5, note: 6 },
    ],
    [
      'Chinese codes',
      ['物料编码', '型号', '品牌', '用量', '位号'],
      ['1.01.001', 'LM358DR', 'TI', '1', 'U1'],
      { storeCode: 0, mpn: 1, brand: 2, quantity: 3, designator: 4 },
    ],
    ['Chinese per board', ['型号', '厂家', '单板用量', '总数量'], ['LM358DR', 'TI', '1', '10'], { mpn: 0, brand: 1, quantity: 2 }],
    ['Chinese maker', ['商品编号', '制造商', '数量'], ['C8734', 'ST', '10'], { storeCode: 0, brand: 1, quantity: 2 }],
    ['fitted column', ['型号', '数量', '是否贴片'], ['LM358DR', '1', '是'], { mpn: 0, quantity: 1, fitted: 2 }],
    ['prices are not quantities', ['MPN', 'Unit Price', 'Min Qty', 'Stock', 'Order Qty'], ['LM358DR', '0.46', '1', '100', '10'], { mpn: 0, quantity: 4 }],
  ])('%s', (_name, header, data, expected) => {
    expect(mappingOf(header, data)).toEqual(expected);
  });

  it('reads a 规格型号 column of parameters as the value, and 名称 as the description', () => {
    const rows = [
      ['序号', '名称', '规格型号', '封装', '数量'],
      ['1', '贴片电阻', '10K ±1%', '0603', '4'],
      ['2', '贴片电容', '100nF 50V X7R', '0603', '6'],
      ['3', '单片机', 'STM32F103C8T6', 'LQFP-48', '1'],
    ];
    expect(detectBomHeader(rows)?.mapping).toEqual({ description: 1, value: 2, package: 3, quantity: 4 });
  });

  it('reads Part as the value when its cells are not designators', () => {
    expect(mappingOf(['Part', 'Reference', 'Qty'], ['LM358', 'U1', '1'])).toEqual({ value: 0, designator: 1, quantity: 2 });
  });
});

describe('finding the header row', () => {
  it('finds it under title and project rows', () => {
    const rows = [
      ['BOM Quotation'],
      ['Quotation No.:', 'Q1'],
      ['Customer:', '某公司'],
      ['Date:', '2026-11-20'],
      ['PCBA Quantity:', '10'],
      ['No.', 'Quantity', 'Comment', 'Designator', 'Footprint'],
      ['1', '2', '10k', 'R1,R2', '0603'],
    ];
    expect(detectBomHeader(rows)).toEqual({ headerRowIndex: 5, mapping: { quantity: 1, value: 2, designator: 3, package: 4 } });
  });

  it('does not take a project row of labels and values for the header', () => {
    const rows = [
      ['产品型号：ZN-LOCK-01', '生产数量：500', '品牌：自有'],
      ['序号', '型号', '数量', '位号', '封装'],
      ['1', 'LM358DR', '1', 'U1', 'SOIC-8'],
    ];
    expect(detectBomHeader(rows)?.headerRowIndex).toBe(1);
    expect(detectBomHeader([rows[0] ?? [], ['LM358DR', '1']])).toBeNull();
  });

  it(`looks at the first ${headerScanRows} rows only`, () => {
    const title = Array.from({ length: headerScanRows }, () => ['本页为封面']);
    expect(detectBomHeader([...title, ['型号', '数量'], ['LM358DR', '1']])).toBeNull();
    expect(detectBomHeader([...title.slice(1), ['型号', '数量'], ['LM358DR', '1']])?.headerRowIndex).toBe(headerScanRows - 1);
  });

  it('needs a header naming the part, and two roles unless every cell is a header word', () => {
    expect(
      detectBomHeader([
        ['数量', '位号'],
        ['1', 'R1'],
      ]),
    ).toBeNull();
    expect(
      detectBomHeader([
        ['STM32F103C8T6', '10'],
        ['LM358DR', '2'],
      ]),
    ).toBeNull();
    expect(detectBomHeader([['型号', 'Project X'], ['LM358DR']])).toBeNull();
    expect(detectBomHeader([['型号'], ['LM358DR']])).toEqual({ headerRowIndex: 0, mapping: { mpn: 0 } });
    expect(
      detectBomHeader([
        ['序号', 'MPN'],
        ['1', 'LM358DR'],
      ]),
    ).toEqual({ headerRowIndex: 0, mapping: { mpn: 1 } });
    expect(detectBomHeader([])).toBeNull();
  });
});

describe('headerKeyOf', () => {
  it('is the same for headers differing in case and spacing, different for other headers', () => {
    expect(headerKeyOf([' Comment', 'Designator ', 'LCSC  Part #'])).toBe(headerKeyOf(['comment', 'DESIGNATOR', 'lcsc part #']));
    expect(headerKeyOf(['Comment', 'Designator'])).toBe('comment|designator');
    expect(headerKeyOf(['Comment', 'Designator'])).not.toBe(headerKeyOf(['Designator', 'Comment']));
  });
});
