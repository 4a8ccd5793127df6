import { execFileSync } from 'node:child_process';
import type { StaffRole } from '../../src/contract/staff.ts';

const storePath = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/store.sqlite`;

/** A staff account made by `npm run admin -- create-user` against the e2e store; answers its TOTP secret. */
export function createStaffByCli(login: string, password: string, name: string, role: StaffRole): string {
  const output = execFileSync(
    'node',
    ['--import', 'tsx', 'src/server/admin-cli/admin.cli.ts', 'create-user', '--login', login, '--name', name, '--role', role],
    { env: { ...process.env, DATABASE_URL: storePath, STAFF_PASSWORD: password }, encoding: 'utf8' },
  );
  const secret = /密钥: ([A-Z2-7]+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no secret in: ${output}`);
  return secret;
}
