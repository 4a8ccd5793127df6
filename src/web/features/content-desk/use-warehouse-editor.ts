import { useState, type SubmitEvent } from 'react';
import { contentDeskMessages } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import type { AdminWarehouse } from '../../../contract/warehouse.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/** 发货仓库: each warehouse's city, address, cut-off and pickup, saved at once over the updatedAt it was loaded with. */
export function useWarehouseEditor(initial: readonly AdminWarehouse[], run: (action: () => Promise<string>) => Promise<void>) {
  const [warehouses, setWarehouses] = useState<AdminWarehouse[]>([...initial]);
  const replace = (next: AdminWarehouse) => setWarehouses((list) => list.map((warehouse) => (warehouse.code === next.code ? next : warehouse)));

  function change(code: string, patch: Partial<Pick<AdminWarehouse, 'city' | 'address' | 'cutoffTime' | 'isPickup'>>) {
    setWarehouses((list) => list.map((warehouse) => (warehouse.code === code ? { ...warehouse, ...patch } : warehouse)));
  }

  function save(code: string) {
    return (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const warehouse = warehouses.find((candidate) => candidate.code === code);
      if (!warehouse) return;
      void run(async () => {
        const { city, address, cutoffTime, isPickup, updatedAt } = warehouse;
        replace(await callStaffApi(contentDeskCalls.saveWarehouse, { code, city, address, cutoffTime, isPickup, updatedAt }));
        return contentDeskMessages.warehouseSaved;
      });
    };
  }

  return { warehouses, change, save };
}

export type WarehouseEditor = ReturnType<typeof useWarehouseEditor>;
