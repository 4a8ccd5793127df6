import type { CompanyCreditView, StatementLineView, StatementView } from '../company-credit.ts';
import type { StatementEvent } from '../company-credit.ts';
import type { StaffHomePageData } from '../staff.ts';
import type { CompanyRoster } from './company-roster.ts';

/** 企业月结 (/admin/companies): staff find a company, grant or change its 月结, and settle its 对账单 (decision 0030). */

export const companyDeskPageSize = 20;

export interface CompanyDeskRow {
  companyId: number;
  name: string;
  creditCode: string;
  memberCount: number;
  /** Orders paid on account (all time). */
  onAccountOrderCount: number;
  /** '未开通', '已开通', '已停用' */
  creditLabel: string;
  limitCents: number | null;
  usedCents: number | null;
}

export interface CompanyDeskList {
  rows: CompanyDeskRow[];
  total: number;
  page: number;
  keyword: string;
}

export interface CompanyDeskStatement extends StatementView {
  /** The lifecycle's events this staff member may fire now (登记结清). */
  actions: StatementEvent[];
  lines: StatementLineView[];
}

export interface CompanyDeskDetail {
  companyId: number;
  name: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  memberCount: number;
  createdAtStr: string;
  credit: CompanyCreditView | null;
  statements: CompanyDeskStatement[];
  /** Its members and invitations, read-only. */
  roster: CompanyRoster;
  /** finance and admin: grant, change, withdraw. */
  canChange: boolean;
}

export interface CompanyDeskPageData extends StaffHomePageData {
  list: CompanyDeskList;
}

export interface CompanyDeskDetailPageData extends StaffHomePageData {
  detail: CompanyDeskDetail | null;
}
