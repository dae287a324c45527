import { describe, expect, it } from 'vitest';
import {
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_MAX_USERS,
  MESSAGE_TITLE_MAX_LENGTH,
  MESSAGES_MESSAGES,
} from './messages.constants';
import { createMessageBodySchema } from './messages.schemas';

const issues = (message: unknown) =>
  Object.fromEntries(
    (createMessageBodySchema.safeParse({ message }).error?.issues ?? []).map((i) => [
      // The server names a field without its wrapper (`message.title` → `title`).
      i.path.slice(1).join('.'),
      i.message,
    ]),
  );

describe('createMessageBodySchema', () => {
  const text = { title: ' Bring an apron ', body: ' Paint day!\nSee you. ' };

  it('takes exactly one audience, trims title and body, and turns ids into numbers', () => {
    expect(
      createMessageBodySchema.parse({ message: { ...text, klass_group_schedule_id: '4' } }),
    ).toEqual({
      message: {
        klass_group_schedule_id: 4,
        title: 'Bring an apron',
        body: 'Paint day!\nSee you.',
      },
    });
    expect(
      createMessageBodySchema.parse({ message: { ...text, klass_id: '9' } }).message,
    ).toMatchObject({
      klass_id: 9,
    });
    expect(
      createMessageBodySchema.parse({ message: { ...text, user_ids: ['1', '2'] } }).message,
    ).toMatchObject({ user_ids: [1, 2] });
  });

  it('refuses no audience, or two, on `audience`, beside the other fields’ messages', () => {
    expect(issues(text)).toEqual({ audience: MESSAGES_MESSAGES.oneAudience });
    expect(issues({ ...text, klass_group_schedule_id: '4', klass_id: '9' })).toEqual({
      audience: MESSAGES_MESSAGES.oneAudience,
    });
    expect(issues({ title: ' ', body: '' })).toEqual({
      title: 'Required',
      body: 'Required',
      audience: MESSAGES_MESSAGES.oneAudience,
    });
  });

  it('says what is wrong with the families chosen', () => {
    expect(issues({ ...text, user_ids: [] })).toEqual({
      user_ids: MESSAGES_MESSAGES.chooseFamilies,
    });
    const many = Array.from({ length: MESSAGE_MAX_USERS + 1 }, (_, i) => String(i + 1));
    expect(issues({ ...text, user_ids: many })).toEqual({
      user_ids: MESSAGES_MESSAGES.tooManyFamilies,
    });
    expect(issues({ ...text, user_ids: ['x'] })).toMatchObject({ 'user_ids.0': 'Invalid input' });
    expect(issues({ ...text, user_ids: 'everyone' })).toMatchObject({ user_ids: 'Invalid input' });
  });

  it('limits the title to one line and the lengths after trimming', () => {
    const base = { klass_id: '1', body: 'b' };
    expect(issues({ ...base, title: 'a\nb' })).toEqual({
      title: 'Must not contain control characters',
    });
    expect(issues({ ...base, title: 'x'.repeat(MESSAGE_TITLE_MAX_LENGTH) })).toEqual({});
    expect(issues({ ...base, title: `${'x'.repeat(MESSAGE_TITLE_MAX_LENGTH)}!` })).toEqual({
      title: `Must be at most ${MESSAGE_TITLE_MAX_LENGTH} characters`,
    });
    expect(
      issues({ klass_id: '1', title: 't', body: ` ${'x'.repeat(MESSAGE_BODY_MAX_LENGTH)} ` }),
    ).toEqual({});
    expect(
      issues({ klass_id: '1', title: 't', body: 'x'.repeat(MESSAGE_BODY_MAX_LENGTH + 1) }),
    ).toEqual({ body: `Must be at most ${MESSAGE_BODY_MAX_LENGTH} characters` });
  });

  it('asks for the message itself when it is missing', () => {
    expect(createMessageBodySchema.safeParse({}).error?.issues[0]).toMatchObject({
      path: ['message'],
      message: 'Required',
    });
  });
});
