import { describe, expect, it } from 'vitest';
import { bulkNotice } from './bulk-notice.ts';

const rows = [
  { id: 1, name: 'M001' },
  { id: 2, name: 'M002' },
];

describe('bulkNotice', () => {
  it('says what was done when every row changed', () => {
    expect(
      bulkNotice(
        '已停用 2 位会员',
        { done: 2, refused: [] },
        rows,
        (row) => row.id,
        (row) => row.name,
      ),
    ).toBe('已停用 2 位会员');
  });

  it('names each row left as it was with the server’s reason', () => {
    const result = {
      done: 1,
      refused: [
        { id: 2, msg: '该会员已是停用状态' },
        { id: 9, msg: '会员不存在' },
      ],
    };
    expect(
      bulkNotice(
        '已停用 1 位会员',
        result,
        rows,
        (row) => row.id,
        (row) => row.name,
      ),
    ).toBe('已停用 1 位会员；2 项未处理：M002：该会员已是停用状态；9：会员不存在');
  });
});
