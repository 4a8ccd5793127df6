import type { Generated, Selectable } from 'kysely';

export interface BomsTable {
  id: Generated<number>;
  userId: number;
  name: string;
  fileName: string;
  /** The sheet as read and mapped: { fileName, sheetName, headerRowIndex, headers, rows, mapping }. */
  sheetJson: string;
  /** BomQuantityOptions. */
  optionsJson: string;
  /** BomChoice[]. */
  choicesJson: string;
  lineCount: number;
  matchedCount: number;
  /** matchRate × 1000, rounded: integers on both engines. */
  matchRatePermille: number;
  totalCents: number;
  createdAt: number;
  updatedAt: number;
}

export interface BomColumnMappingsTable {
  id: Generated<number>;
  userId: number;
  headerKey: string;
  /** BomColumnMapping. */
  mappingJson: string;
  updatedAt: number;
}

export type BomRow = Selectable<BomsTable>;

export interface BomTables {
  boms: BomsTable;
  bomColumnMappings: BomColumnMappingsTable;
}
