import type { PageMeta } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../lib/api-client';
import {
  useCommentQueueQuery,
  useReportsQuery,
  useResolveReportMutation,
  useUpdateCommentMutation,
} from '../gallery-api';
import { commentSignature } from '../gallery-format';

function pageCount(meta: PageMeta | null | undefined): number {
  return meta ? Math.ceil(meta.total / Math.max(1, meta.per_page)) : 0;
}

function Pages({
  meta,
  page,
  onChange,
  label,
}: {
  meta: PageMeta | null | undefined;
  page: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const count = pageCount(meta);
  if (count <= 1) return null;
  return (
    <Pagination
      count={count}
      page={page}
      onChange={(_, next) => onChange(next)}
      aria-label={label}
      sx={{ mt: 2 }}
    />
  );
}

/** Staff: comments waiting for approval in their classes (all classes for admins). */
export function CommentQueue({ onOpenPost }: { onOpenPost: (postId: string) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isError, isLoading } = useCommentQueueQuery(page);
  const [updateComment, { isLoading: updating }] = useUpdateCommentMutation();
  const comments = data?.comments ?? [];
  const moderate = async (
    comment: { id: string; post_id: string },
    changes: { approved?: true; hidden?: boolean },
    failure: string,
  ) => {
    try {
      await updateComment({ id: comment.id, postId: comment.post_id, changes }).unwrap();
    } catch (error) {
      handleError(error, failure);
    }
  };
  return (
    <section data-testid="gallery-comment-queue">
      {isError && <Alert severity="error">{t('gallery.queue.loadFailed')}</Alert>}
      {!isLoading && !isError && comments.length === 0 && (
        <Typography>{t('gallery.queue.empty')}</Typography>
      )}
      {comments.length > 0 && (
        <List aria-label={t('gallery.queue.list')}>
          {comments.map((comment) => (
            <ListItem key={comment.id} divider data-testid="gallery-queued-comment">
              <Stack spacing={1} sx={{ width: '100%' }}>
                <ListItemText
                  primary={comment.body}
                  secondary={t('gallery.queue.by', {
                    name: commentSignature(comment) ?? t('gallery.comments.formerUser'),
                  })}
                  sx={{ whiteSpace: 'pre-wrap' }}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={updating}
                    onClick={() =>
                      void moderate(
                        comment,
                        { approved: true },
                        t('gallery.comments.approveFailed'),
                      )
                    }
                  >
                    {t('gallery.comments.approve')}
                  </Button>
                  <Button
                    size="small"
                    disabled={updating}
                    onClick={() =>
                      void moderate(comment, { hidden: true }, t('gallery.comments.hideFailed'))
                    }
                  >
                    {t('gallery.comments.hide')}
                  </Button>
                  <Button size="small" onClick={() => onOpenPost(comment.post_id)}>
                    {t('gallery.queue.openPost')}
                  </Button>
                </Stack>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <Pages meta={data?.meta} page={page} onChange={setPage} label={t('gallery.queue.pages')} />
    </section>
  );
}

/** Staff: open reports of posts and comments, each resolved once dealt with. */
export function ReportList({ onOpenPost }: { onOpenPost: (postId: string) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isError, isLoading } = useReportsQuery(page);
  const [resolveReport, { isLoading: resolving }] = useResolveReportMutation();
  const reports = data?.reports ?? [];
  const resolve = async (id: string) => {
    try {
      await resolveReport(id).unwrap();
    } catch (error) {
      handleError(error, t('gallery.reports.resolveFailed'));
    }
  };
  return (
    <section data-testid="gallery-reports">
      {isError && <Alert severity="error">{t('gallery.reports.loadFailed')}</Alert>}
      {!isLoading && !isError && reports.length === 0 && (
        <Typography>{t('gallery.reports.empty')}</Typography>
      )}
      {reports.length > 0 && (
        <List aria-label={t('gallery.reports.list')}>
          {reports.map((report) => {
            const postId = report.post_id;
            return (
              <ListItem key={report.id} divider data-testid="gallery-report">
                <Stack spacing={1} sx={{ width: '100%' }}>
                  <ListItemText
                    primary={
                      report.comment_id
                        ? t('gallery.reports.comment', { excerpt: report.excerpt })
                        : t('gallery.reports.post', { excerpt: report.excerpt })
                    }
                    secondary={t('gallery.reports.reason', {
                      name: report.reporter?.name ?? t('gallery.comments.formerUser'),
                      reason: report.reason,
                    })}
                  />
                  <Stack direction="row" spacing={1}>
                    {postId && (
                      <Button size="small" onClick={() => onOpenPost(postId)}>
                        {t('gallery.queue.openPost')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      variant="contained"
                      disabled={resolving}
                      onClick={() => void resolve(report.id)}
                    >
                      {t('gallery.reports.resolve')}
                    </Button>
                  </Stack>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      <Pages meta={data?.meta} page={page} onChange={setPage} label={t('gallery.reports.pages')} />
    </section>
  );
}
