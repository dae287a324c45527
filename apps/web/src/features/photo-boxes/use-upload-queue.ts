import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../lib/api-client';
import { useUploadBoxPhotoMutation } from './photo-boxes-api';

export type UploadState =
  | { phase: 'queued' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done' }
  | { phase: 'failed'; error: ApiError };

export type QueuedPhoto = { key: number; file: File; state: UploadState };

/**
 * The upload page's photos, sent one per request and one after another (docs/product.md#photo-box):
 * a phone on a school's Wi-Fi does better with one upload at a time, each photo gets its own
 * progress, and the box's rate limit counts requests. A failed photo waits for its retry.
 */
export function useUploadQueue(token: string) {
  const [photos, setPhotos] = useState<QueuedPhoto[]>([]);
  const [upload] = useUploadBoxPhotoMutation();
  const nextKey = useRef(1);
  // Set while a photo is on its way; a ref so a re-render (or StrictMode's second effect run)
  // never starts a second upload beside it.
  const sending = useRef(false);

  const setState = useCallback((key: number, state: UploadState) => {
    setPhotos((list) => list.map((photo) => (photo.key === key ? { ...photo, state } : photo)));
  }, []);

  useEffect(() => {
    if (sending.current) return;
    const next = photos.find((photo) => photo.state.phase === 'queued');
    if (!next) return;
    sending.current = true;
    setState(next.key, { phase: 'uploading', percent: 0 });
    const onProgress = (fraction: number) => {
      const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
      setPhotos((list) =>
        list.map((photo) =>
          photo.key === next.key && photo.state.phase === 'uploading'
            ? { ...photo, state: { phase: 'uploading', percent } }
            : photo,
        ),
      );
    };
    void (async () => {
      const result = await upload({ token, file: next.file, onProgress });
      // Cleared before the state changes, so the render it causes may start the next photo.
      sending.current = false;
      if ('error' in result)
        setState(next.key, { phase: 'failed', error: result.error as ApiError });
      else setState(next.key, { phase: 'done' });
    })();
  }, [photos, setState, token, upload]);

  const add = useCallback((files: readonly File[]) => {
    setPhotos((list) => [
      ...list,
      ...files.map((file) => ({
        key: nextKey.current++,
        file,
        state: { phase: 'queued' } as const,
      })),
    ]);
  }, []);

  const retry = useCallback((key: number) => setState(key, { phase: 'queued' }), [setState]);

  return { photos, add, retry };
}
