import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const POST_PARAM = 'post';

/**
 * The post open in the dialog, kept in the URL (`?post={id}`, docs/product.md#gallery) so a
 * notification or a shared link lands on it, and the browser's Back closes it.
 */
export function usePostParam() {
  const [params, setParams] = useSearchParams();
  const postId = params.get(POST_PARAM);
  const openPost = useCallback(
    (id: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(POST_PARAM, id);
        return next;
      }),
    [setParams],
  );
  const closePost = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(POST_PARAM);
        return next;
      }),
    [setParams],
  );
  return { postId, openPost, closePost };
}
