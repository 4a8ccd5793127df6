import { maxInvoiceProfiles, type InvoiceProfile } from '../../../contract/invoice.ts';
import { InvoiceForm } from './invoice-form.tsx';
import { InvoiceProfileCard } from './invoice-profile-card.tsx';
import { useInvoiceProfiles } from './use-invoice-profiles.ts';

/** The member's invoice profiles with add, edit, delete and default; the form opens above the list. */
export function InvoiceProfiles({ initialProfiles }: { initialProfiles: InvoiceProfile[] }) {
  const state = useInvoiceProfiles(initialProfiles);
  const { editing } = state;
  return (
    <div className="address-book">
      <div className="address-book__bar">
        <button
          type="button"
          className="button button--primary"
          disabled={state.items.length >= maxInvoiceProfiles || editing.kind === 'new'}
          onClick={state.startAdding}
        >
          新增发票信息
        </button>
        <span className="address-book__count" data-testid="invoice-count">
          已保存 {state.items.length} 条，最多可保存 {maxInvoiceProfiles} 条
        </span>
      </div>
      {editing.kind === 'closed' ? null : (
        <section className="address-book__editor" aria-label={editing.kind === 'new' ? '新增发票信息' : '编辑发票信息'}>
          <InvoiceForm
            key={editing.kind === 'edit' ? editing.item.id : 'new'}
            profile={editing.kind === 'edit' ? editing.item : null}
            onSaved={() => void state.saved()}
            onCancel={state.closeForm}
          />
        </section>
      )}
      {state.items.length === 0 ? (
        <p className="member-empty">您还没有发票信息。下单时如需开具发票，可先在这里保存。</p>
      ) : (
        <ul className="invoice-list">
          {state.items.map((profile) => (
            <InvoiceProfileCard
              key={profile.id}
              profile={profile}
              actions={{
                isBusy: state.busyId !== null,
                onEdit: () => state.startEditing(profile),
                onSetDefault: () => void state.setDefault(profile),
                onDelete: () => void state.remove(profile),
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
