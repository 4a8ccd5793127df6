import { brandInitials, type AdminBrandRow } from '../../../contract/console/taxonomy.ts';
import { brandDeskCalls } from '../../../contract/console/brands-calls.ts';
import { brandPath } from '../../../contract/catalog.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { GridColumn, GridFilter } from '../staff/data-grid/grid-types.ts';
import { StaffCan } from '../staff/staff-can.tsx';
import { callStaffApi } from '../staff/staff-api.ts';

export const brandGridFilters: readonly GridFilter[] = [
  { kind: 'text', name: 'name', label: '品牌名称', maxLength: 64 },
  { kind: 'select', name: 'initial', label: '首字母', options: brandInitials.map((letter) => ({ value: letter, label: letter })) },
  {
    kind: 'select',
    name: 'hasProducts',
    label: '是否有商品',
    options: [
      { value: 'yes', label: '有商品' },
      { value: 'no', label: '无商品' },
    ],
  },
];

export function brandGridColumns({ edit, notify }: { edit: (row: AdminBrandRow) => void; notify: (text: string) => void }): GridColumn<AdminBrandRow>[] {
  async function remove(row: AdminBrandRow, reload: () => void) {
    if (!window.confirm(`确定删除品牌“${row.nameEn}”吗？`)) return;
    try {
      await callStaffApi(brandDeskCalls.delete, { brandId: row.id });
      notify('已删除');
      reload();
    } catch (failure) {
      notify(failure instanceof ApiError && failure.msg ? failure.msg : '删除失败，请稍后重试');
    }
  }
  return [
    {
      id: 'logo',
      header: 'Logo',
      cell: (row) =>
        row.logoUrl ? (
          <img className="taxonomy-grid-logo" src={row.logoUrl} alt={`${row.nameEn} Logo`} width={80} height={32} loading="lazy" decoding="async" />
        ) : (
          '—'
        ),
    },
    {
      id: 'nameEn',
      header: '品牌名称',
      isSortable: true,
      isAlwaysShown: true,
      cell: (row) => (
        <a href={brandPath(row.id)} target="_blank" rel="noreferrer">
          {row.nameEn}
        </a>
      ),
    },
    { id: 'nameCn', header: '中文名称', cell: (row) => row.nameCn || '—' },
    { id: 'initial', header: '首字母', cell: (row) => row.initial },
    { id: 'productCount', header: '商品数', isSortable: true, cell: (row) => row.productCount },
    { id: 'country', header: '国家/地区', isHiddenAtFirst: true, cell: (row) => row.country || '—' },
    {
      id: 'website',
      header: '官网',
      cell: (row) =>
        row.website ? (
          <a href={row.website} target="_blank" rel="noreferrer nofollow">
            {row.website}
          </a>
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      header: '操作',
      isAlwaysShown: true,
      cell: (row, grid) => (
        <span className="admin-table__actions">
          <StaffCan action="update" subject="Brand">
            <button type="button" onClick={() => edit(row)}>
              编辑
            </button>
          </StaffCan>
          <StaffCan action="delete" subject="Brand">
            <button type="button" onClick={() => void remove(row, grid.reload)}>
              删除
            </button>
          </StaffCan>
        </span>
      ),
    },
  ];
}
