import { describe, expect, it } from 'vitest';
import { uploadPolicies, type UploadToken } from '../../../contract/upload.ts';
import { isTokenFresh, screenChosenFiles, uploadedKeys, uploadItemsReducer, type UploadItem } from './image-upload-state.ts';

const policy = uploadPolicies.feedback;
const picture = (name: string, size = 1000, type = 'image/png') => ({ name, type, size });
const item = (id: number, fields: Partial<UploadItem> = {}): UploadItem => ({
  id,
  name: `${id}.png`,
  previewUrl: `blob:${id}`,
  status: 'uploading',
  progress: 0,
  image: null,
  error: '',
  ...fields,
});

describe('choosing pictures', () => {
  it('takes the good ones up to the room left and tells each problem once', () => {
    const files = [
      picture('a.png'),
      picture('b.svg', 10, 'image/svg+xml'),
      picture('c.png', 6 * 1024 * 1024),
      picture('d.png'),
      picture('e.png'),
      picture('f.gif', 10, 'image/gif'),
    ];
    const { accepted, problems } = screenChosenFiles(files, policy, 2, 5);
    expect(accepted.map((file) => file.name)).toEqual(['a.png', 'd.png']);
    expect(problems).toEqual(['图片格式仅支持 bmp、jpg、png、webp', '图片不能超过 5MB', '最多上传 5 张图片']);
  });

  it('takes nothing when the uploader is full', () => {
    expect(screenChosenFiles([picture('a.png')], policy, 0, 3)).toEqual({ accepted: [], problems: ['最多上传 3 张图片'] });
  });
});

describe('the uploader’s pictures', () => {
  it('move from uploading with progress to done, and 100% waits for the answer', () => {
    let items = uploadItemsReducer([], { type: 'added', items: [item(1), item(2)] });
    items = uploadItemsReducer(items, { type: 'progressed', id: 1, progress: 0.4 });
    items = uploadItemsReducer(items, { type: 'progressed', id: 1, progress: 1 });
    expect(items[0]?.progress).toBe(0.99);
    items = uploadItemsReducer(items, { type: 'progressed', id: 1, progress: 0.2 });
    expect(items[0]?.progress).toBe(0.99);
    items = uploadItemsReducer(items, { type: 'succeeded', id: 1, image: { key: 'feedback/1/a.png', url: '/img/feedback/1/a.png' } });
    expect(items[0]).toMatchObject({ status: 'done', progress: 1 });
    items = uploadItemsReducer(items, { type: 'failed', id: 2, error: '图片格式仅支持 bmp、jpg、png、webp' });
    expect(items[1]).toMatchObject({ status: 'failed', error: '图片格式仅支持 bmp、jpg、png、webp' });
    expect(uploadItemsReducer(items, { type: 'progressed', id: 2, progress: 0.5 })[1]?.progress).toBe(0);
    expect(uploadItemsReducer(items, { type: 'removed', id: 1 }).map(({ id }) => id)).toEqual([2]);
  });

  it('submit the keys of the stored ones only, in the order chosen', () => {
    const items = [
      item(1, { status: 'done', image: { key: 'k1', url: '/img/k1' } }),
      item(2),
      item(3, { status: 'failed', error: 'x' }),
      item(4, { status: 'done', image: { key: 'k4', url: '/img/k4' } }),
    ];
    expect(uploadedKeys(items)).toEqual(['k1', 'k4']);
  });
});

describe('a held token', () => {
  const token = (expiresAt: number): UploadToken => ({
    provider: 'local',
    uploadUrl: '/common/upload',
    token: 't',
    keyPrefix: 'feedback/1/',
    expiresAt,
    maxBytes: policy.maxBytes,
    accept: policy.accept,
    urlPrefix: '/img/',
  });

  it('is reused while it has more than half a minute left', () => {
    expect(isTokenFresh(token(100_000), 60_000)).toBe(true);
    expect(isTokenFresh(token(90_000), 60_000)).toBe(false);
    expect(isTokenFresh(null, 0)).toBe(false);
  });
});
