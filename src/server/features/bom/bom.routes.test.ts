import { describe, expect, it } from 'vitest';
import { bomLimits } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { filler } from '../upload/testing/upload-test-kit.ts';
import { insertBomMatchFixture } from './match/bom-match.test-helpers.ts';
import { bomCallLimits, bomLimitKey } from './bom.service.ts';
import { handSheet, oneBoard, sheetInputOf, uploadBom, xlsxOf } from './bom-test-kit.test-helpers.ts';

const t = useTestApp({ fixture: (app) => insertBomMatchFixture(app.db.kysely) });

const altiumRows = [
  ['Comment', 'Description', 'Designator', 'Footprint', 'LibRef', 'Quantity'],
  ['STM32F103C8T6', 'MCU', 'U1', 'LQFP-48', 'STM32F103C8T6', '1'],
  ['LM358DR', 'Op amp', 'U2, U3', 'SOIC-8', 'LM358DR', '2'],
];

describe('upload (multipart at bomUploadPath)', () => {
  it('reads a small .xlsx into a sheet with its header and mapping', async () => {
    const { response, envelope } = await uploadBom(t.app, t.browser(), 'altium.xlsx', xlsxOf(altiumRows));
    expect(response.statusCode).toBe(200);
    expect(envelope.code).toBe(ResultCode.success);
    const sheet = envelope.data;
    expect(sheet?.headers).toEqual(altiumRows[0]);
    expect(sheet?.rows).toHaveLength(2);
    expect(sheet?.mapping.quantity).toBe(5);
    expect(sheet?.mappingSource).toBe('detected');
  });

  it('reads a .csv with a byte-order mark', async () => {
    const csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('型号,数量,备注\nSTM32F103C8T6,2,主控\nLM358DR,1,\n')]);
    const { envelope } = await uploadBom(t.app, t.browser(), 'hand.csv', csv);
    expect(envelope.code).toBe(ResultCode.success);
    expect(envelope.data?.rows.map((row) => row[0])).toEqual(['STM32F103C8T6', 'LM358DR']);
  });

  it('answers bom.fileTooLarge in the envelope for a file over the limit, and stays up', async () => {
    const chunks = Math.ceil((bomLimits.fileBytesMax + 1) / (64 * 1024)) + 1;
    const { response, envelope } = await uploadBom(t.app, t.browser(), 'huge.csv', filler(chunks));
    expect(response.statusCode).toBe(200);
    expect(envelope.errorCode).toBe('bom.fileTooLarge');
    const after = await uploadBom(t.app, t.browser(), 'altium.xlsx', xlsxOf(altiumRows));
    expect(after.envelope.code).toBe(ResultCode.success);
  });

  it('answers bom.fileUnreadable for binary junk named .xlsx', async () => {
    const junk = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256))]);
    const { envelope } = await uploadBom(t.app, t.browser(), 'junk.xlsx', junk);
    expect(envelope.errorCode).toBe('bom.fileUnreadable');
  });

  it('answers bom.fileMissing for a form without the file', async () => {
    const browser = t.browser();
    const envelope = await browser.post('/bom/api/upload', {});
    expect(envelope.errorCode).toBe('bom.fileMissing');
  });
});

describe('parseText and match', () => {
  it('reads pasted lines and matches them with quantities from the options', async () => {
    const browser = t.browser();
    const sheet = await browser.callOk(bomCalls.parseText, { text: 'STM32F103C8T6\t10\nLM358DR\t4\n' });
    expect(sheet.rows).toHaveLength(2);
    const result = await browser.callOk(bomCalls.match, {
      sheet: sheetInputOf(sheet),
      options: { boards: 3, sparePercent: 0, mergeDuplicates: false },
      rememberMapping: false,
    });
    expect(result.lines).toHaveLength(2);
    const mcu = result.lines.find((line) => line.query.mpn === 'STM32F103C8T6' || line.query.value === 'STM32F103C8T6');
    expect(mcu?.status).toBe('exact');
    expect(mcu?.requiredQuantity).toBe(30);
    expect(mcu?.candidates[0]?.productId).toBe(t.fixture.products.get('STM32F103C8T6'));
  });

  it('refuses an empty paste and a mapping without a part column', async () => {
    const browser = t.browser();
    expect((await browser.call(bomCalls.parseText, { text: '   ' })).errorCode).toBe('bom.pasteEmpty');
    const sheet = { ...handSheet([['STM32F103C8T6', '1', '']]), mapping: { quantity: 1 } };
    expect((await browser.call(bomCalls.match, { sheet, options: oneBoard, rememberMapping: false })).errorCode).toBe('bom.mappingNeedsPart');
    const outside = { ...handSheet([['STM32F103C8T6', '1', '']]), mapping: { mpn: 7 } };
    expect((await browser.call(bomCalls.match, { sheet: outside, options: oneBoard, rememberMapping: false })).errorCode).toBe('request.invalid');
  });

  it('remembers a member’s corrected mapping for the next file with the same header', async () => {
    const member = await t.member();
    const rows = [
      ['物料', '用量', '说明'],
      ['LM358DR', '2', 'STM32F103C8T6'],
    ];
    const first = await uploadBom(t.app, member.browser, 'first.xlsx', xlsxOf(rows));
    expect(first.envelope.data?.mappingSource).not.toBe('remembered');
    const corrected = { ...sheetInputOf(first.envelope.data ?? handSheet([])), mapping: { mpn: 2, quantity: 1 } };
    await member.browser.callOk(bomCalls.match, { sheet: corrected, options: oneBoard, rememberMapping: true });
    // Twice: the second correction replaces the first (one row per member and header).
    await member.browser.callOk(bomCalls.match, {
      sheet: { ...corrected, mapping: { mpn: 2, quantity: 1, note: 0 } },
      options: oneBoard,
      rememberMapping: true,
    });

    const second = await uploadBom(t.app, member.browser, 'second.xlsx', xlsxOf(rows));
    expect(second.envelope.data?.mappingSource).toBe('remembered');
    expect(second.envelope.data?.mapping).toEqual({ mpn: 2, quantity: 1, note: 0 });
    const stored = await t.db.kysely.selectFrom('bomColumnMappings').select('id').where('userId', '=', member.userId).execute();
    expect(stored).toHaveLength(1);

    // A visitor, and another member, get the detected mapping.
    const visitor = await uploadBom(t.app, t.browser(), 'second.xlsx', xlsxOf(rows));
    expect(visitor.envelope.data?.mappingSource).not.toBe('remembered');
    const other = await t.member();
    expect((await uploadBom(t.app, other.browser, 'second.xlsx', xlsxOf(rows))).envelope.data?.mappingSource).not.toBe('remembered');
  });
});

describe('limits', () => {
  it('takes a sheet larger than the store’s usual JSON body', async () => {
    const note = '备'.repeat(300);
    const rows = Array.from({ length: 1500 }, (_, index) => [index % 2 ? 'LM358DR' : 'STM32F103C8T6', '1', note]);
    const sheet = handSheet(rows);
    expect(Buffer.byteLength(JSON.stringify(sheet))).toBeGreaterThan(1024 * 1024);
    const result = await t.browser().callOk(bomCalls.match, { sheet, options: oneBoard, rememberMapping: false });
    expect(result.summary.lineCount).toBe(1500);
  });

  it('answers request.tooFrequent past the per-address limit of each call', async () => {
    const address = '203.0.113.77';
    const browser = t.browser(address);
    for (let hit = 0; hit < bomCallLimits.perWindow; hit += 1) {
      await t.deps.counters.consume(bomLimitKey('parseText', address), bomCallLimits.perWindow, bomCallLimits.windowSeconds);
    }
    expect((await browser.call(bomCalls.parseText, { text: 'LM358DR 1' })).errorCode).toBe('request.tooFrequent');
    const upload = await uploadBom(t.app, browser, 'altium.xlsx', xlsxOf(altiumRows));
    expect(upload.envelope.code).toBe(ResultCode.success);
  });

  it('keeps one remembered mapping per member and header when corrections race', async () => {
    const member = await t.member();
    const sheet = { ...handSheet([['LM358DR', '1', '']]), headers: ['Part', 'Qty', 'Memo'] };
    await Promise.all(
      [0, 1, 2, 3, 4].map((note) =>
        member.browser.callOk(bomCalls.match, {
          sheet: { ...sheet, mapping: { mpn: 0, quantity: 1, ...(note % 2 ? { note: 2 } : {}) } },
          options: oneBoard,
          rememberMapping: true,
        }),
      ),
    );
    const stored = await t.db.kysely.selectFrom('bomColumnMappings').select('mappingJson').where('userId', '=', member.userId).execute();
    expect(stored).toHaveLength(1);
  });
});

describe('members’ calls', () => {
  it('answer 401 to a visitor', async () => {
    const browser = t.browser();
    const sheet = handSheet([['STM32F103C8T6', '1', '']]);
    const answers = await Promise.all([
      browser.call(bomCalls.save, { name: 'x', sheet, options: oneBoard, choices: [] }),
      browser.call(bomCalls.list, { page: 1 }),
      browser.call(bomCalls.detail, { bomId: 1 }),
      browser.call(bomCalls.delete, { bomId: 1 }),
      browser.call(bomCalls.addToCart, { items: [{ lineNo: 1, productId: 1, quantity: 1 }] }),
    ]);
    expect(answers.map((answer) => answer.code)).toEqual(Array.from({ length: 5 }, () => ResultCode.unauthorized));
  });
});
