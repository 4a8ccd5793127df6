import { describe, expect, it } from 'vitest';
import { chosenFileProblem, memberKeyPrefix, uploadMessages, uploadPolicies } from './upload.ts';

const megabyte = 1024 * 1024;
const feedback = uploadPolicies.feedback;

describe('the pre-check of a chosen picture', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['scan.bmp', 'image/bmp'],
    ['shot.png', 'image/png'],
    ['shot.webp', 'image/webp'],
    ['no-type.png', ''],
  ])('lets %s (%s) through', (name, type) => {
    expect(chosenFileProblem({ name, type, size: 1000 }, feedback)).toBeNull();
  });

  it.each([
    ['icon.svg', 'image/svg+xml'],
    ['anim.gif', 'image/gif'],
    ['manual.pdf', 'application/pdf'],
    ['setup.exe', 'application/x-msdownload'],
    ['photo.heic', 'image/heic'],
    ['no-type.txt', ''],
    ['no-extension', ''],
  ])('refuses %s (%s) with the server’s words', (name, type) => {
    expect(chosenFileProblem({ name, type, size: 1000 }, feedback)).toBe('图片格式仅支持 bmp、jpg、png、webp');
  });

  it('holds each purpose to its size, in the server’s words', () => {
    expect(chosenFileProblem({ name: 'a.png', type: 'image/png', size: 5 * megabyte }, feedback)).toBeNull();
    expect(chosenFileProblem({ name: 'a.png', type: 'image/png', size: 5 * megabyte + 1 }, feedback)).toBe('图片不能超过 5MB');
    expect(chosenFileProblem({ name: 'a.png', type: 'image/png', size: 2 * megabyte + 1 }, uploadPolicies.avatar)).toBe('图片不能超过 2MB');
  });

  it('says the rule and the count in the hint', () => {
    expect(uploadMessages.hint(feedback, 5)).toBe('支持 bmp、jpg、png、webp 格式，单张不超过 5MB，最多 5 张');
    expect(uploadMessages.tooMany(3)).toBe('最多上传 3 张图片');
  });

  it('gives each member a prefix of its own under the purpose’s', () => {
    expect(memberKeyPrefix('feedback', 12)).toBe('feedback/12/');
    expect(memberKeyPrefix('avatar', 7)).toBe('avatar/7/');
  });
});

describe('the pre-check of a chosen supplier document', () => {
  const documents = uploadPolicies.supplierDocument;

  it.each([
    ['licence.pdf', 'application/pdf'],
    ['licence.PDF', ''],
    ['scan.jpg', 'image/jpeg'],
    ['scan.png', ''],
  ])('lets %s (%s) through', (name, type) => {
    expect(chosenFileProblem({ name, type, size: 10 * megabyte }, documents)).toBeNull();
  });

  it.each([
    ['licence.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['licence.doc', ''],
    ['icon.svg', 'image/svg+xml'],
  ])('refuses %s (%s) naming PDF among the types', (name, type) => {
    expect(chosenFileProblem({ name, type, size: 1000 }, documents)).toBe('文件格式仅支持 bmp、jpg、png、webp、pdf');
  });

  it('holds documents to 10 MB and says so for files', () => {
    expect(chosenFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 * megabyte + 1 }, documents)).toBe('文件不能超过 10MB');
    expect(uploadMessages.hint(documents, 2)).toBe('支持 bmp、jpg、png、webp、pdf 格式，单个不超过 10MB，最多 2 个');
    expect(uploadMessages.tooMany(2, documents.noun)).toBe('最多上传 2 个文件');
  });
});
