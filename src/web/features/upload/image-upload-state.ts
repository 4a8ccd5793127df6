import { chosenFileProblem, uploadMessages, type ChosenFile, type UploadedImage, type UploadPolicy, type UploadToken } from '../../../contract/upload.ts';

/** One picture in the uploader: its local preview from the moment it is chosen, then its stored key. */
export interface UploadItem {
  id: number;
  name: string;
  /** An object URL of the chosen file, shown while it uploads and after. */
  previewUrl: string;
  status: 'uploading' | 'done' | 'failed';
  /** 0 to 1. */
  progress: number;
  image: UploadedImage | null;
  error: string;
}

export type UploadAction =
  | { type: 'added'; items: UploadItem[] }
  | { type: 'progressed'; id: number; progress: number }
  | { type: 'succeeded'; id: number; image: UploadedImage }
  | { type: 'failed'; id: number; error: string }
  | { type: 'removed'; id: number };

export function uploadItemsReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  const change = (id: number, update: (item: UploadItem) => UploadItem) => items.map((item) => (item.id === id ? update(item) : item));
  switch (action.type) {
    case 'added':
      return [...items, ...action.items];
    case 'progressed':
      // The last bytes sent is not the file stored: 100% waits for the answer.
      return change(action.id, (item) =>
        item.status === 'uploading' ? { ...item, progress: Math.min(Math.max(action.progress, item.progress), 0.99) } : item,
      );
    case 'succeeded':
      return change(action.id, (item) => ({ ...item, status: 'done', progress: 1, image: action.image, error: '' }));
    case 'failed':
      return change(action.id, (item) => ({ ...item, status: 'failed', error: action.error }));
    case 'removed':
      return items.filter((item) => item.id !== action.id);
  }
}

/**
 * The files of one choice that go on to upload: each is pre-checked with the server's own
 * messages, and only as many as there is room for are taken. The problems are told once each.
 */
export function screenChosenFiles<F extends ChosenFile>(
  files: readonly F[],
  policy: UploadPolicy,
  room: number,
  maxFiles: number,
): { accepted: F[]; problems: string[] } {
  const accepted: F[] = [];
  const problems = new Set<string>();
  for (const file of files) {
    const problem = chosenFileProblem(file, policy);
    if (problem) problems.add(problem);
    else if (accepted.length < room) accepted.push(file);
    else problems.add(uploadMessages.tooMany(maxFiles, policy.noun));
  }
  return { accepted, problems: [...problems] };
}

/** The keys of the stored pictures, in the order they were chosen: what a form submits. */
export function uploadedKeys(items: readonly UploadItem[]): string[] {
  return items.flatMap((item) => (item.status === 'done' && item.image ? [item.image.key] : []));
}

/** A token is reused while it has half a minute left: an upload must not start on one about to lapse. */
export function isTokenFresh(token: UploadToken | null, now: number): token is UploadToken {
  return token !== null && token.expiresAt - now > 30_000;
}
