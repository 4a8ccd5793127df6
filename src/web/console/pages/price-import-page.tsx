import { priceImportLimits, type PriceImportDeskPageData, type PriceImportUploadView } from '../../../contract/price-import.ts';
import { ColumnMappingForm } from '../../features/price-import/column-mapping-form.tsx';
import { PriceImportJobs } from '../../features/price-import/price-import-jobs.tsx';
import { PriceImportValidationStep } from '../../features/price-import/price-import-validation.tsx';
import { usePriceImport, type PriceImport } from '../../features/price-import/use-price-import.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

/** 列映射: the columns as recognised (adjustable), the category new parts go to, and 校验. */
function MappingStep({
  upload,
  categories,
  priceImport,
}: {
  upload: PriceImportUploadView;
  categories: PriceImportDeskPageData['categories'];
  priceImport: PriceImport;
}) {
  return (
    <div className="price-import__step">
      <h2>
        列映射：{upload.fileName}
        {upload.sheetName ? `（工作表 ${upload.sheetName}，表头在第 ${upload.headerRowIndex + 1} 行）` : ''}
      </h2>
      <ColumnMappingForm key={upload.uploadId} upload={upload} onChange={priceImport.setMapping} />
      <div className="admin-create">
        <label>
          新商品归入分类：
          <select value={priceImport.categoryId} onChange={(event) => priceImport.setCategoryId(event.target.value)} aria-label="新商品分类">
            <option value="">不导入新商品（商品库中没有的型号记为错误）</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="admin-button"
          disabled={priceImport.isBusy || priceImport.isApplied}
          onClick={priceImport.validate}
          data-testid="price-import-validate"
        >
          校验
        </button>
      </div>
    </div>
  );
}

/** /admin/price-import: 价格导入 — upload, map the columns, validate, preview, apply, and follow the jobs. */
export function AdminPriceImportPage({ data }: PageProps<PriceImportDeskPageData>) {
  const priceImport = usePriceImport(data.jobs.rows);
  const { upload, validation } = priceImport;
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/price-import">
      <section className="admin-card price-import">
        <h1>价格导入</h1>
        <p className="price-import__hint">
          支持 .xlsx / .xls / .csv（UTF-8 或 GBK），最多 {priceImportLimits.rowsMax.toLocaleString('zh-CN')} 行、
          {priceImportLimits.fileBytesMax / 1024 / 1024} MB；表头可在前几行标题之下，列会按表头自动识别，可手动调整。
        </p>
        <StaffCan action="create" subject="PriceImport">
          <form className="admin-create" onSubmit={priceImport.submitUpload}>
            <input type="file" name="file" accept=".xlsx,.xls,.csv,.txt" aria-label="价格表文件" />
            <button type="submit" className="admin-button" disabled={priceImport.isBusy} data-testid="price-import-upload">
              上传
            </button>
          </form>
        </StaffCan>
        <p className="admin-notice" role="alert" data-testid="price-import-notice">
          {priceImport.notice}
        </p>
        {upload && <MappingStep upload={upload} categories={data.categories} priceImport={priceImport} />}
        {validation && <PriceImportValidationStep validation={validation} priceImport={priceImport} />}
        <PriceImportJobs initial={data.jobs} priceImport={priceImport} />
      </section>
    </AdminLayout>
  );
}
