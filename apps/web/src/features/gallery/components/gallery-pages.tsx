import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectUser } from '../../session';
import { usePostsInfiniteQuery } from '../gallery-api';
import { usePostParam } from '../use-post-param';
import { GalleryLayout } from './gallery-layout';
import { NewPostDialog } from './new-post-dialog';
import { PostFeed } from './post-feed';
import { CommentQueue, ReportList } from './staff-queues';

/** /gallery: recent posts of the classes one is part of (all for admins). */
export function NewsFeedPage() {
  const { t } = useTranslation();
  const { openPost } = usePostParam();
  return (
    <GalleryLayout title={t('pages.galleryFeed')}>
      <PostFeed
        list={{ scope: 'feed' }}
        label={t('pages.galleryFeed')}
        emptyText={t('gallery.empty.feed')}
        onOpen={openPost}
      />
    </GalleryLayout>
  );
}

/** /gallery/my_gallery: the family's own posts, and "New post" for families. */
export function MyGalleryPage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const { openPost } = usePostParam();
  const [creating, setCreating] = useState(false);
  const family = user?.role === 'student';
  return (
    <GalleryLayout
      title={t('pages.myGallery')}
      action={
        family && (
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateIcon />}
            onClick={() => setCreating(true)}
            data-testid="gallery-new-post"
          >
            {t('gallery.newPost.open')}
          </Button>
        )
      }
    >
      <PostFeed
        list={{ scope: 'mine' }}
        label={t('pages.myGallery')}
        emptyText={family ? t('gallery.empty.mineFamily') : t('gallery.empty.mine')}
        onOpen={openPost}
      />
      {creating && user && (
        <NewPostDialog
          user={user}
          onClose={() => setCreating(false)}
          onCreated={(postId) => {
            setCreating(false);
            openPost(postId);
          }}
        />
      )}
    </GalleryLayout>
  );
}

type StaffTab = 'awaiting' | 'comments' | 'reports';

/**
 * /gallery/feedback: a family's posts with teacher feedback; for teachers and admins, posts
 * awaiting their feedback, comments to approve and open reports.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const role = useAppSelector(selectUser)?.role;
  const { openPost } = usePostParam();
  const [tab, setTab] = useState<StaffTab>('awaiting');
  const tabsId = useId();
  if (role !== 'teacher' && role !== 'admin') {
    return (
      <GalleryLayout title={t('pages.galleryFeedback')}>
        <PostFeed
          list={{ scope: 'feedback' }}
          label={t('pages.galleryFeedback')}
          emptyText={t('gallery.empty.feedbackFamily')}
          onOpen={openPost}
        />
      </GalleryLayout>
    );
  }
  const tabs: StaffTab[] = ['awaiting', 'comments', 'reports'];
  return (
    <GalleryLayout title={t('pages.galleryFeedback')}>
      <Tabs
        value={tab}
        onChange={(_, next: StaffTab) => setTab(next)}
        aria-label={t('gallery.staffTabs.label')}
        // The primary green is too light for text on white (axe contrast); the secondary passes.
        textColor="secondary"
        indicatorColor="secondary"
        sx={{ mb: 2 }}
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`gallery.staffTabs.${name}`)}
            id={`${tabsId}-${name}`}
            aria-controls={`${tabsId}-${name}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'awaiting' && (
          <PostFeed
            list={{ scope: 'feedback' }}
            label={t('gallery.staffTabs.awaiting')}
            emptyText={t('gallery.empty.feedbackStaff')}
            onOpen={openPost}
          />
        )}
        {tab === 'comments' && <CommentQueue onOpenPost={openPost} />}
        {tab === 'reports' && <ReportList onOpenPost={openPost} />}
      </Box>
    </GalleryLayout>
  );
}

/** /gallery/student/{id}: one student's portfolio, as far as the viewer may see it. */
export function StudentGalleryPage({ attendeeProfileId }: { attendeeProfileId: string }) {
  const { t } = useTranslation();
  const { openPost } = usePostParam();
  const list = { scope: 'student' as const, attendeeProfileId };
  // The student's name, as the viewer may see it, comes with their posts.
  const { data } = usePostsInfiniteQuery(list);
  const name = data?.pages[0]?.posts[0]?.student.name;
  return (
    <GalleryLayout title={t('pages.galleryStudent')}>
      {name && (
        <Typography variant="h2" sx={{ fontSize: 22, mb: 2 }} data-testid="gallery-student-name">
          {t('gallery.studentWork', { name })}
        </Typography>
      )}
      <PostFeed
        list={list}
        label={name ? t('gallery.studentWork', { name }) : t('pages.galleryStudent')}
        emptyText={t('gallery.empty.student')}
        onOpen={openPost}
      />
    </GalleryLayout>
  );
}
