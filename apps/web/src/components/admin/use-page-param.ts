import { FIRST_PAGE } from '@atelier/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * An admin list's page, kept in the URL as `?page=N` (docs/architecture.md#http-contract: pages
 * start at 1), so reloading, sharing the link or going back returns to the same page. Page 1 is
 * the URL without `page`; anything that is not a whole number from 1 reads as page 1.
 */
export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > FIRST_PAGE ? raw : FIRST_PAGE;
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > FIRST_PAGE) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return [page, setPage];
}
