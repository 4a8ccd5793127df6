import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import { createAliyunSmsProvider } from './aliyun-sms-provider.ts';
import { createOutboxSmsProvider } from './outbox-sms-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

/** SMS_PROVIDER=aliyun sends real messages; the default writes them to the outbox table. */
export function createSmsProvider(config: Config, db: Kysely<Database>): SmsProvider {
  if (config.sms.provider === 'aliyun') {
    const { endpoint, accessKeyId, accessKeySecret, signName, templateCode } = config.sms.aliyun;
    // loadConfig refuses SMS_PROVIDER=aliyun without these; this guards other callers.
    if (!accessKeyId || !accessKeySecret || !signName || !templateCode) throw new Error('Aliyun SMS settings are incomplete');
    return createAliyunSmsProvider({ endpoint, accessKeyId, accessKeySecret, signName, templateCode });
  }
  return createOutboxSmsProvider(db);
}
