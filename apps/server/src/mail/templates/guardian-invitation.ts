import {
  appLink,
  GUARDIAN_INVITATION_TTL_HOURS,
  GUARDIAN_PAGES,
  type Language,
} from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type GuardianInvitationParams = { inviter: string; token: string };

/** A family invites a second guardian (docs/product.md#second-guardians). */
export function guardianInvitationMail(
  locale: Language,
  params: GuardianInvitationParams,
  ctx: MailContext,
) {
  const url = appLink(ctx.appUrl, GUARDIAN_PAGES.accept(params.token));
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${params.inviter} invites you to share their family at ${ctx.schoolName}`,
      greeting: 'Hello,',
      paragraphs: [
        `${params.inviter} invites you to be a second guardian of their family at ${ctx.schoolName}: you will see and manage the children, their classes, orders, balance, messages and gallery with your own account.`,
        'Open the link and sign in with this e-mail address (or register an account with it first).',
      ],
      action: { label: 'Accept the invitation', url },
      notes: [
        `This link works for ${GUARDIAN_INVITATION_TTL_HOURS} hours and only once.`,
        'If you do not know this family, you can ignore this e-mail.',
      ],
    },
    ja: {
      locale,
      subject: `${params.inviter}さんから${ctx.schoolName}の家族共有の招待が届きました`,
      greeting: 'こんにちは。',
      paragraphs: [
        `${params.inviter}さんが、${ctx.schoolName}の家族の2人目の保護者としてあなたを招待しています。ご自身のアカウントで、お子さまの受講・注文・残高・メッセージ・ギャラリーを確認・管理できます。`,
        'リンクを開き、このメールアドレスでログインしてください(アカウントがない場合は先にこのアドレスで登録してください)。',
      ],
      action: { label: '招待を受ける', url },
      notes: [
        `このリンクの有効期限は${GUARDIAN_INVITATION_TTL_HOURS}時間で、一度だけ使用できます。`,
        'お心当たりのない場合は、このメールを破棄してください。',
      ],
    },
  };
  return renderBody(bodies[locale], ctx);
}
