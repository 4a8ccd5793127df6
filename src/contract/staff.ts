import { defineErrors } from './errors.ts';
import { ResultCode } from './envelope.ts';
import { isStrongPassword } from './rules.ts';
import type { GridPage } from './staff-grid.ts';

/**
 * The operations console's staff (issue 14): accounts of their own, apart from members, with a
 * separate session cookie scoped to /admin and a TOTP second factor.
 */
export const staffRoles = ['admin', 'catalog', 'sales', 'warehouse', 'finance', 'content', 'service'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Readonly<Record<StaffRole, string>> = {
  admin: '管理员',
  catalog: '商品',
  sales: '销售/报价',
  warehouse: '仓储',
  finance: '财务',
  content: '内容',
  service: '客服',
};

export function isStaffRole(value: string): value is StaffRole {
  return (staffRoles as readonly string[]).includes(value);
}

/** httpOnly, SameSite=Strict, Path=/admin: a member's `sid` and this cookie never meet. */
export const staffSessionCookieName = 'admin_sid';
/** Readable by the console's scripts and echoed in staffCsrfHeaderName: HMAC of the staff sid. */
export const staffCsrfCookieName = 'admin_csrf';
export const staffCsrfHeaderName = 'x-admin-csrf-token';

export const staffLoginPath = '/admin/login';
export const staffHomePath = '/admin';

/** After this many wrong logins in a row the account is locked for staffLockMinutes. */
export const staffMaxFailedLogins = 5;
export const staffLockMinutes = 15;

/** Staff passwords: at least 10 characters, with letters and digits (the shop's strong rule, longer). */
export const staffPasswordMinLength = 10;

export const staffMessages = {
  loginMissing: '请输入登录名',
  passwordMissing: '请输入密码',
  codeInvalid: '请输入认证器上的6位动态码',
  passwordWeak: `密码至少${staffPasswordMinLength}位，且须同时包含字母和数字`,
  loggedOut: '已退出登录',
} as const;

export function staffPasswordProblem(password: string): string {
  return password.length >= staffPasswordMinLength && isStrongPassword(password) ? '' : staffMessages.passwordWeak;
}

export const staffErrors = defineErrors('staff', {
  /** One answer for an unknown login, a wrong password and a wrong code: nothing tells which was wrong. */
  badCredentials: { code: ResultCode.badRequest, msg: '登录名、密码或动态码错误' },
  locked: { code: ResultCode.tooManyRequests, msg: `登录失败次数过多，账号已锁定，请${staffLockMinutes}分钟后再试` },
  disabled: { code: ResultCode.forbidden, msg: '该账号已停用，请联系管理员' },
  loginRequired: { code: ResultCode.unauthorized, msg: '请先登录管理后台' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有权限执行此操作' },
  forged: { code: ResultCode.forbidden, msg: '页面已过期，请刷新页面后重试' },
});

/** The signed-in staff member as pages and calls see them. */
export interface StaffIdentity {
  id: number;
  login: string;
  displayName: string;
  role: StaffRole;
  roleLabel: string;
}

export interface StaffLoginPageData {
  /** Where to go after logging in (a path under /admin). */
  returnPath: string;
}

export interface StaffLoginResponse {
  staff: StaffIdentity;
  returnPath: string;
}

/** A return path is only ever a page of the console: never another site, never the shop. */
export function safeStaffReturnPath(value: string | undefined): string {
  if (!value || !/^\/admin(?:[/?#]|$)/.test(value) || value.startsWith(staffLoginPath) || value.includes('//') || value.includes('\\')) return staffHomePath;
  return value;
}

/** /admin: the console's home, with the menu of the desks the staff member may open. */
export interface StaffHomePageData {
  staff: StaffIdentity;
  menu: { label: string; href: string }[];
}

/** /admin/staff: 员工管理. */
export interface StaffDeskPageData extends StaffHomePageData {
  grid: GridPage<StaffListRow>;
}

/** A row of 员工管理. */
export interface StaffListRow extends StaffIdentity {
  isDisabled: boolean;
  /** Locked after failed logins, until lockedUntilStr. */
  isLocked: boolean;
  lockedUntilStr: string;
  createdAtStr: string;
  updatedAtStr: string;
}

export function staffStatusLabel(row: Pick<StaffListRow, 'isDisabled' | 'isLocked' | 'lockedUntilStr'>): string {
  if (row.isDisabled) return '已停用';
  return row.isLocked ? `已锁定至 ${row.lockedUntilStr}` : '正常';
}

/** What a new or reset authenticator needs, shown once. */
export interface StaffTotpSetup {
  secret: string;
  uri: string;
}

export interface StaffCreatedResponse {
  staff: StaffListRow;
  totp: StaffTotpSetup;
}

export const staffDeskMessages = {
  created: '员工账号已创建，请把认证器密钥交给本人，只显示这一次',
  roleChanged: '角色已修改',
  disabled: '账号已停用',
  enabled: '账号已启用',
  totpReset: '动态码已重置，请把新的认证器密钥交给本人',
  unlocked: '账号已解锁',
  staffMissing: '员工不存在',
  notYourself: '不能停用自己或修改自己的角色',
} as const;

/** A row of 操作日志. */
export interface AuditRow {
  id: number;
  staffName: string;
  action: string;
  subject: string;
  subjectId: string;
  beforeJson: string;
  afterJson: string;
  ip: string;
  atStr: string;
}

export const auditExportPath = '/admin/api/audit/export';
export const staffExportPath = '/admin/api/staff/export';

/** /admin/audit: 操作日志's first page. */
export interface AuditDeskPageData extends StaffHomePageData {
  grid: GridPage<AuditRow>;
}
