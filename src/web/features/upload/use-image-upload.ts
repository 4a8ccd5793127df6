import { useEffect, useReducer, useRef } from 'react';
import { uploadCalls } from '../../../contract/upload-calls.ts';
import { uploadErrors, uploadMessages, uploadPolicies, type MemberUploadPurpose, type UploadPolicy, type UploadToken } from '../../../contract/upload.ts';
import { ApiError, callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { isTokenFresh, screenChosenFiles, uploadedKeys, uploadItemsReducer, type UploadItem } from './image-upload-state.ts';
import { sendImage } from './send-image.ts';

export interface ImageUpload {
  items: UploadItem[];
  /** The stored pictures' keys, in the order chosen: what the form submits. */
  keys: string[];
  isUploading: boolean;
  maxFiles: number;
  policy: UploadPolicy;
  /** For the file input's accept attribute. */
  accept: string;
  hint: string;
  addFiles: (files: readonly File[]) => void;
  remove: (id: number) => void;
}

/** A refused token is worth one more try with a fresh one: it lapsed, or the member signed in again elsewhere. */
function isStaleToken(error: unknown): boolean {
  return error instanceof ApiError && (error.errorCode === uploadErrors.tokenExpired.errorCode || error.errorCode === uploadErrors.tokenInvalid.errorCode);
}
type TokenGetter = (isRenewed?: boolean) => Promise<UploadToken>;

/** One upload token shared by every file until it nears its expiry; a failed request is forgotten so the next file asks again. */
function useUploadToken(purpose: MemberUploadPurpose): TokenGetter {
  const token = useRef<{ promise: Promise<UploadToken>; value: UploadToken | null } | null>(null);

  return function freshToken(isRenewed = false): Promise<UploadToken> {
    const held = token.current;
    if (!isRenewed && held && (held.value === null || isTokenFresh(held.value, Date.now()))) return held.promise;
    const entry: { promise: Promise<UploadToken>; value: UploadToken | null } = { promise: callApi(uploadCalls.getQiniuToken, { purpose }), value: null };
    token.current = entry;
    entry.promise.then(
      (value) => {
        entry.value = value;
      },
      () => {
        if (token.current === entry) token.current = null;
      },
    );
    return entry.promise;
  };
}

/** Sends the file with the held token, and once more with a fresh one when the server refused the token as stale. */
async function sendWithFreshToken(freshToken: TokenGetter, file: File, onProgress: (progress: number) => void, signal: AbortSignal) {
  try {
    return await sendImage(await freshToken(), file, onProgress, signal);
  } catch (error) {
    if (!isStaleToken(error) || signal.aborted) throw error;
    return await sendImage(await freshToken(true), file, onProgress, signal);
  }
}

/**
 * Pictures for a form (after-sales photos, an avatar): each chosen file is pre-checked (type,
 * size, count) with the server's messages, shown at once from a local preview and uploaded with
 * its progress; one token serves every file until it nears its expiry. Removing a picture stops
 * its upload. Problems are toasted; a failed picture stays, marked, until removed.
 */
export function useImageUpload({ purpose, maxFiles }: { purpose: MemberUploadPurpose; maxFiles: number }): ImageUpload {
  const policy = uploadPolicies[purpose];
  const [items, dispatch] = useReducer(uploadItemsReducer, []);
  const nextId = useRef(1);
  const itemCount = useRef(0);
  const running = useRef(new Map<number, AbortController>());
  const previews = useRef(new Map<number, string>());
  const freshToken = useUploadToken(purpose);

  useEffect(() => {
    const uploads = running.current;
    const urls = previews.current;
    return () => {
      for (const controller of uploads.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  async function upload(id: number, file: File, signal: AbortSignal) {
    const onProgress = (progress: number) => dispatch({ type: 'progressed', id, progress });
    try {
      const image = await sendWithFreshToken(freshToken, file, onProgress, signal);
      dispatch({ type: 'succeeded', id, image });
    } catch (error) {
      if (signal.aborted) return;
      const message = errorMessageOf(error) || uploadMessages.failed;
      dispatch({ type: 'failed', id, error: message });
      showToast(message);
    } finally {
      running.current.delete(id);
    }
  }

  function addFiles(files: readonly File[]) {
    const { accepted, problems } = screenChosenFiles(files, policy, maxFiles - itemCount.current, maxFiles);
    for (const problem of problems) showToast(problem);
    const added = accepted.map((file): UploadItem => {
      const id = nextId.current++;
      const previewUrl = URL.createObjectURL(file);
      previews.current.set(id, previewUrl);
      return { id, name: file.name, previewUrl, status: 'uploading', progress: 0, image: null, error: '' };
    });
    if (added.length === 0) return;
    itemCount.current += added.length;
    dispatch({ type: 'added', items: added });
    added.forEach((item, index) => {
      const file = accepted[index];
      if (!file) return;
      const controller = new AbortController();
      running.current.set(item.id, controller);
      void upload(item.id, file, controller.signal);
    });
  }

  function remove(id: number) {
    running.current.get(id)?.abort();
    running.current.delete(id);
    const url = previews.current.get(id);
    if (url) URL.revokeObjectURL(url);
    if (previews.current.delete(id)) itemCount.current -= 1;
    dispatch({ type: 'removed', id });
  }

  return {
    items,
    keys: uploadedKeys(items),
    isUploading: items.some((item) => item.status === 'uploading'),
    maxFiles,
    policy,
    accept: policy.accept.join(','),
    hint: uploadMessages.hint(policy, maxFiles),
    addFiles,
    remove,
  };
}
