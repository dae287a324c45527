import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { startedKlassesOfSchedules } from '../classes';
import { activeEnrollmentsAmong } from '../enrollments';
import { demoAttendees, userIdsByEmail } from '../users';
import { insertComment, insertFeedback } from './comments.repository';
import type { GalleryContext } from './gallery.context';
import { posts } from './gallery.tables';
import { insertPost } from './posts.repository';

// A living demo gallery for `npm start` (docs/product.md#gallery): a few posts of the demo
// families' children, made of generated pictures that go through media like any upload (so they
// are processed, metadata-free and signed), with one teacher feedback and one comment.

const PALETTES = [
  ['#f4d35e', '#ee964b', '#0d3b66'],
  ['#a8dadc', '#457b9d', '#e63946'],
  ['#c9e4ca', '#55828b', '#364958'],
  ['#ffcad4', '#b0d0d3', '#c08497'],
];

/** A small "painting": a coloured ground with a sun, hills and a few strokes (PNG). */
async function demoPicture(seed: number): Promise<Buffer> {
  const [ground, shape, ink] = PALETTES[seed % PALETTES.length] ?? ['#fff', '#888', '#000'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="${ground}"/>
    <circle cx="${160 + seed * 70}" cy="140" r="${60 + seed * 8}" fill="${shape}"/>
    <path d="M0 380 Q160 ${280 - seed * 10} 320 370 T640 350 V480 H0 Z" fill="${ink}" opacity="0.85"/>
    <path d="M60 420 C200 ${360 + seed * 5} 360 460 580 400" stroke="${shape}" stroke-width="12" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type DemoPost = { studentName: string; caption: string; pictures: number; ageDays: number };

const DEMO_POSTS: DemoPost[] = [
  {
    studentName: 'Mia Parent',
    caption: 'Still life with lemons — first time with charcoal!',
    pictures: 2,
    ageDays: 2,
  },
  { studentName: 'Leo Parent', caption: 'My dragon, in pastels.', pictures: 1, ageDays: 1 },
  { studentName: 'Mia Parent', caption: 'Hills at sunset.', pictures: 1, ageDays: 0 },
  { studentName: 'Sam Student', caption: 'Figure study, 10-minute pose.', pictures: 1, ageDays: 3 },
  // Sam shares her work publicly (demo-accounts.ts): these fill the public student gallery.
  { studentName: 'Sam Student', caption: 'Ink study of a fern.', pictures: 1, ageDays: 6 },
  { studentName: 'Sam Student', caption: 'Harbour in the rain.', pictures: 1, ageDays: 9 },
];

/**
 * Seeds the demo gallery once: only when the demo accounts exist and no post does. Images are
 * handed to media and processed by its worker pool in the background.
 */
export async function seedDemoGallery(ctx: GalleryContext, now: Date = new Date()): Promise<void> {
  const [anyPost] = await ctx.db.select({ id: posts.id }).from(posts).limit(1);
  if (anyPost) return;
  const byEmail = await userIdsByEmail(
    ctx.db,
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  const teacherId = byEmail.get('teacher@atelier.test');
  if (teacherId === undefined) return;
  const families = [byEmail.get('parent@atelier.test'), byEmail.get('student@atelier.test')].filter(
    (id): id is number => id !== undefined,
  );
  if (families.length === 0) return;
  const students = [...(await demoAttendees(ctx.db)).values()].filter((s) =>
    families.includes(s.userId),
  );
  // The sessions the students took: of schedules they are enrolled in, not cancelled, started by
  // now. A post is made in the latest that started before it was posted, never in a session still
  // ahead (the first class of a next term a family has booked).
  const enrolled = await activeEnrollmentsAmong(
    ctx.db,
    students.map((s) => s.id),
  );
  const started = await startedKlassesOfSchedules(
    ctx.db,
    enrolled.map((e) => e.scheduleId),
    now,
  );
  const klassBefore = (studentId: number, at: Date) => {
    const schedules = new Set(
      enrolled.filter((e) => e.attendeeProfileId === studentId).map((e) => e.scheduleId),
    );
    const klass = started.find(
      (k) => schedules.has(k.scheduleId) && k.startsAt.getTime() <= at.getTime(),
    );
    return klass && { klassId: klass.id, scheduleId: klass.scheduleId, teacherId: klass.teacherId };
  };

  const made: { postId: number; teacherId: number; familyUserId: number | null }[] = [];
  let picture = 0;
  for (const demo of DEMO_POSTS) {
    const student = students.find((s) => s.name === demo.studentName);
    if (!student) continue;
    const at = new Date(now.getTime() - demo.ageDays * 86_400_000);
    const klass = klassBefore(student.id, at);
    const imageIds: number[] = [];
    for (let i = 0; i < demo.pictures; i += 1) {
      const { imageId } = await ctx.media.acceptUpload(await demoPicture(picture++), 'images');
      imageIds.push(imageId);
    }
    const postId = await insertPost(
      ctx.db,
      {
        attendeeProfileId: student.id,
        authorId: student.userId,
        klassId: klass?.klassId ?? null,
        scheduleId: klass?.scheduleId ?? null,
        caption: demo.caption,
      },
      imageIds,
    );
    await ctx.db.update(posts).set({ createdAt: at, updatedAt: at }).where(eq(posts.id, postId));
    made.push({ postId, teacherId: klass?.teacherId ?? teacherId, familyUserId: student.userId });
  }

  const [first, second] = made;
  if (first) {
    await insertFeedback(ctx.db, {
      postId: first.postId,
      teacherId: first.teacherId,
      body: 'Lovely use of negative space around the lemons. Next time, try a softer charcoal for the shadows.',
    });
  }
  if (second) {
    await insertComment(ctx.db, {
      postId: second.postId,
      parentId: null,
      authorId: second.teacherId,
      body: 'What a fierce dragon! The pastel blending on the wings is great.',
      status: 'approved',
    });
  }
}
