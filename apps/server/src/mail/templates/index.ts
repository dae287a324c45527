import type { Language } from '@atelier/contract';
import {
  type AccountDeletionConfirmParams,
  type AccountExportReadyParams,
  accountDeletionConfirmMail,
  accountExportReadyMail,
} from './account-data';
import { type AlreadyRegisteredParams, alreadyRegisteredMail } from './already-registered';
import { type AutopayDeclinedParams, autopayDeclinedMail } from './autopay-declined';
import {
  type BillingPaymentReceivedParams,
  billingPaymentReceivedMail,
} from './billing-payment-received';
import { type ClassDigestParams, classDigestMail } from './class-digest';
import { type ClassMessageParams, classMessageMail } from './class-message';
import { type ClassReminderParams, classReminderMail } from './class-reminder';
import { type ConfirmationParams, confirmationMail } from './confirmation';
import { type ContactMessageParams, contactMessageMail } from './contact-message';
import { type ContactReceivedParams, contactReceivedMail } from './contact-received';
import {
  type EmailChangeConfirmParams,
  type EmailChangedParams,
  type EmailTakenParams,
  emailChangeConfirmMail,
  emailChangedMail,
  emailTakenMail,
} from './email-change';
import {
  type EnrollmentTransferredParams,
  enrollmentTransferredMail,
} from './enrollment-transferred';
import { type GuardianInvitationParams, guardianInvitationMail } from './guardian-invitation';
import {
  type LatePaymentHeldParams,
  type LatePaymentRefundedParams,
  latePaymentHeldMail,
  latePaymentRefundedMail,
} from './late-payment-refunded';
import type { MailContext, RenderedMail } from './layout';
import {
  type MakeupCreditExpiringParams,
  makeupCreditExpiringMail,
} from './makeup-credit-expiring';
import { type OrderReceiptParams, orderReceiptMail } from './order-receipt';
import { type PasswordChangedParams, passwordChangedMail } from './password-changed';
import { type PasswordResetParams, passwordResetMail } from './password-reset';
import { type RefundIssuedParams, refundIssuedMail } from './refund-issued';
import { type WaitlistOfferParams, waitlistOfferMail } from './waitlist-offer';

export type { MailContext, RenderedMail } from './layout';

/** Every mail the app sends, by name, with the parameters it needs. */
export type MailTemplates = {
  confirmation: ConfirmationParams;
  already_registered: AlreadyRegisteredParams;
  password_reset: PasswordResetParams;
  password_changed: PasswordChangedParams;
  email_change_confirm: EmailChangeConfirmParams;
  email_changed: EmailChangedParams;
  email_taken: EmailTakenParams;
  order_receipt: OrderReceiptParams;
  waitlist_offer: WaitlistOfferParams;
  refund_issued: RefundIssuedParams;
  late_payment_refunded: LatePaymentRefundedParams;
  late_payment_held: LatePaymentHeldParams;
  contact_message: ContactMessageParams;
  contact_received: ContactReceivedParams;
  class_message: ClassMessageParams;
  class_reminder: ClassReminderParams;
  class_digest: ClassDigestParams;
  guardian_invitation: GuardianInvitationParams;
  account_export_ready: AccountExportReadyParams;
  account_deletion_confirm: AccountDeletionConfirmParams;
  makeup_credit_expiring: MakeupCreditExpiringParams;
  enrollment_transferred: EnrollmentTransferredParams;
  autopay_declined: AutopayDeclinedParams;
  billing_payment_received: BillingPaymentReceivedParams;
};
export type MailTemplateName = keyof MailTemplates;

type Renderer<P> = (locale: Language, params: P, ctx: MailContext) => RenderedMail;

const RENDERERS: { [N in MailTemplateName]: Renderer<MailTemplates[N]> } = {
  confirmation: confirmationMail,
  already_registered: alreadyRegisteredMail,
  password_reset: passwordResetMail,
  password_changed: passwordChangedMail,
  email_change_confirm: emailChangeConfirmMail,
  email_changed: emailChangedMail,
  email_taken: emailTakenMail,
  order_receipt: orderReceiptMail,
  waitlist_offer: waitlistOfferMail,
  refund_issued: refundIssuedMail,
  late_payment_refunded: latePaymentRefundedMail,
  late_payment_held: latePaymentHeldMail,
  contact_message: contactMessageMail,
  contact_received: contactReceivedMail,
  class_message: classMessageMail,
  class_reminder: classReminderMail,
  class_digest: classDigestMail,
  guardian_invitation: guardianInvitationMail,
  account_export_ready: accountExportReadyMail,
  account_deletion_confirm: accountDeletionConfirmMail,
  makeup_credit_expiring: makeupCreditExpiringMail,
  enrollment_transferred: enrollmentTransferredMail,
  autopay_declined: autopayDeclinedMail,
  billing_payment_received: billingPaymentReceivedMail,
};

export const MAIL_TEMPLATE_NAMES = Object.keys(RENDERERS) as MailTemplateName[];

export function renderMail<N extends MailTemplateName>(
  template: N,
  locale: Language,
  params: MailTemplates[N],
  ctx: MailContext,
): RenderedMail {
  const render = RENDERERS[template] as Renderer<MailTemplates[N]>;
  return render(locale, params, ctx);
}
