import { toString as qrToString } from 'qrcode';
import { isStaffRole, staffRoleLabels, staffRoles, type StaffRole } from '../../contract/staff.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AppError } from '../http/app-error.ts';
import { userInfo } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { recordStaffChange } from '../features/staff/audit.service.ts';
import { createStaffUser } from '../features/staff/staff.service.ts';

/**
 * `npm run admin -- create-user --login <name> --name <显示名> --role <role>`: a staff account of
 * the console in the DATABASE_URL database. The password is never a default: it is read from
 * STAFF_PASSWORD, or from standard input when it is not a terminal, or asked for (not echoed).
 * Prints the TOTP secret, its otpauth:// URI and a QR code for the authenticator app.
 */
export interface CreateUserOptions {
  login: string;
  displayName: string;
  role: StaffRole;
}

const usage = `用法: npm run admin -- create-user --login <登录名> --name <显示名> --role <角色>
  角色: ${staffRoles.map((role) => `${role}(${staffRoleLabels[role]})`).join(' ')}
  密码: 取环境变量 STAFF_PASSWORD；否则从标准输入读取；在终端中则提示输入`;

export function parseAdminArguments(args: readonly string[]): CreateUserOptions {
  const [command, ...rest] = args;
  if (command !== 'create-user') throw new Error(`未知命令 ${command ?? '(无)'}\n${usage}`);
  const values = new Map<string, string>();
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index] ?? '';
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!['--login', '--name', '--role'].includes(flag)) throw new Error(`无法识别的参数 ${arg}\n${usage}`);
    const value = inline ?? rest[++index];
    if (value === undefined || value === '') throw new Error(`${flag} 需要一个值\n${usage}`);
    values.set(flag, value);
  }
  const login = values.get('--login');
  const displayName = values.get('--name');
  const role = values.get('--role');
  if (!login || !displayName || !role) throw new Error(`缺少 --login、--name 或 --role\n${usage}`);
  if (!isStaffRole(role)) throw new Error(`未知角色 ${role}\n${usage}`);
  return { login, displayName, role };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    process.stdout.write(question);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('已取消'));
          return;
        }
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return readStdin();
  const first = await askHidden('密码: ');
  const second = await askHidden('再次输入密码: ');
  if (first !== second) throw new Error('两次输入的密码不一致');
  return first;
}

/**
 * Creates the account and its audit entry in one transaction. The actor is whoever ran the command
 * on the server (no staff account exists yet for the first administrator): staff id 0, named after
 * the operating-system user.
 */
export function createStaffUserFromCommandLine(db: Kysely<Database>, options: CreateUserOptions & { password: string }, operator = userInfo().username) {
  return createStaffUser(db, options, Date.now(), (trx, staffId) =>
    recordStaffChange(trx, {
      staff: { id: 0, login: '', displayName: `命令行（${operator}）`, role: 'admin', roleLabel: '' },
      action: 'create',
      subject: 'Staff',
      subjectId: staffId,
      before: null,
      after: { login: options.login, displayName: options.displayName, role: options.role },
      ip: 'localhost',
    }),
  );
}

async function main() {
  const options = parseAdminArguments(process.argv.slice(2));
  const password = await readPassword();
  const config = loadConfig();
  const db = createDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const created = await createStaffUserFromCommandLine(db.kysely, { ...options, password });
    console.log(`已创建员工账号 ${options.login}（${options.displayName}，${staffRoleLabels[options.role]}），编号 ${created.id}`);
    console.log('请在认证器 App（如 Google Authenticator、Microsoft Authenticator）中添加以下账户，此信息只显示这一次：');
    console.log(`  密钥: ${created.totp.secret}`);
    console.log(`  URI:  ${created.totp.uri}`);
    if (process.stdout.isTTY) console.log(await qrToString(created.totp.uri, { type: 'terminal', small: true }));
  } finally {
    await db.destroy();
  }
}

if (process.argv[1]?.endsWith('admin.cli.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof AppError ? error.msg : error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
