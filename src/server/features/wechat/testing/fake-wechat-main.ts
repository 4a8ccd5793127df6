import { startFakeWechatServer } from './fake-wechat-server.ts';

/** The fake as a process (the e2e webServer): `WECHAT_FAKE_PORT=… node --import tsx fake-wechat-main.ts`. */
const port = Number(process.env.WECHAT_FAKE_PORT ?? 4204);
const fake = await startFakeWechatServer({ port });
process.stdout.write(`fake WeChat on ${fake.url}\n`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
