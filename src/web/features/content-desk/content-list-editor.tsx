import type { RowData } from '@tanstack/react-table';
import type { InputHTMLAttributes, ReactNode, SubmitEvent } from 'react';
import type { ContentDeskPageBase } from '../../../contract/console/content.ts';
import { DataGrid } from '../staff/data-grid/data-grid.tsx';
import type { DataGridProps, GridColumn, GridControls } from '../staff/data-grid/grid-types.ts';
import { StaffCan } from '../staff/staff-can.tsx';
import { ContentDeskLayout } from './content-desk-layout.tsx';

/** The rows of a content list: a data grid the server pages (news), or the few rows the page brought (banners, ads, help pages). */
export type ContentList<Row extends RowData> =
  | { kind: 'grid'; grid: DataGridProps<Row> }
  | {
      kind: 'table';
      rows: readonly Row[];
      /** Declared as for the data grid; a plain table has no controls to give a cell. */
      columns: readonly GridColumn<Row>[];
      rowKey: (row: Row) => string | number;
      testId?: string;
      rowTestId?: string;
    };

export interface ContentDraftFormProps {
  heading: string;
  testId?: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  isBusy: boolean;
  submitLabel?: string;
  /** 取消编辑 / 新建文章: shown while an existing row is in the form. */
  cancel?: { label: string; onClick: () => void } | null;
  /** After the buttons (the home page's preview link). */
  extraActions?: ReactNode;
  fields: ReactNode;
}

interface ContentListEditorProps<Row extends RowData> {
  data: ContentDeskPageBase;
  /** The content desk tab this page is. */
  current: string;
  heading: string;
  /** Between the heading and the status line. */
  intro?: ReactNode;
  notice: string;
  list: ContentList<Row>;
  form: ContentDraftFormProps;
  /** Cards after the editor's. */
  children?: ReactNode;
}

/** One content desk page: a list of rows with 编辑 (and the like) in its cells, and the form that edits one row or makes a new one. */
export function ContentListEditor<Row extends RowData>({ data, current, heading, intro, notice, list, form, children }: ContentListEditorProps<Row>) {
  return (
    <ContentDeskLayout data={data} current={current}>
      <section className="admin-card">
        <h1>{heading}</h1>
        {intro}
        <p className="admin-notice" role="status" data-testid="content-notice">
          {notice}
        </p>
        {list.kind === 'grid' ? <DataGrid {...list.grid} /> : <ContentTable {...list} />}
        <StaffCan action="update" subject="Content">
          <ContentDraftForm {...form} />
        </StaffCan>
      </section>
      {children}
    </ContentDeskLayout>
  );
}

const noControls: GridControls = { reload: () => undefined };

function ContentTable<Row extends RowData>({ rows, columns, rowKey, testId, rowTestId }: Extract<ContentList<Row>, { kind: 'table' }>) {
  return (
    <div className="admin-scroll">
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td key={column.id}>{column.cell(row, noControls)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ContentDraftForm({ heading, testId, onSubmit, isBusy, submitLabel = '保存', cancel, extraActions, fields }: ContentDraftFormProps) {
  return (
    <form className="content-form" onSubmit={onSubmit} data-testid={testId}>
      <h2>{heading}</h2>
      {fields}
      <div className="content-form__actions">
        <button type="submit" className="admin-button" disabled={isBusy}>
          {submitLabel}
        </button>
        {cancel && (
          <button type="button" className="admin-button admin-button--plain" style={{ color: '#344054' }} onClick={cancel.onClick}>
            {cancel.label}
          </button>
        )}
        {extraActions}
      </div>
    </form>
  );
}

type FieldInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'checked'>;

/** A labelled text input of a content form. */
export function ContentField({
  label,
  name,
  value,
  onValue,
  isWide = false,
  ...input
}: { label: ReactNode; name: string; value: string; onValue: (value: string) => void; isWide?: boolean } & FieldInputProps) {
  return (
    <label className={isWide ? 'admin-field content-form__wide' : 'admin-field'}>
      {label}
      <input {...input} name={name} value={value} onChange={(event) => onValue(event.currentTarget.value)} />
    </label>
  );
}

/** A labelled textarea (an HTML body) across the content form. */
export function ContentTextArea({ label, name, value, onValue }: { label: string; name: string; value: string; onValue: (value: string) => void }) {
  return (
    <label className="admin-field content-form__wide">
      {label}
      <textarea name={name} value={value} onChange={(event) => onValue(event.currentTarget.value)} />
    </label>
  );
}

/** A checkbox with its label after it. */
export function ContentCheck({ label, name, checked, onValue }: { label: string; name: string; checked: boolean; onValue: (checked: boolean) => void }) {
  return (
    <label className="content-form__check">
      <input type="checkbox" name={name} checked={checked} onChange={(event) => onValue(event.currentTarget.checked)} />
      {label}
    </label>
  );
}
