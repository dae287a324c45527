// The accounts feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { accountsApi } from './accounts-api';
export { AvatarSection } from './components/avatar-section';
export { ClassRemindersSection } from './components/class-reminders-section';
export { ConfirmRegistration } from './components/confirm-registration';
export { EmailChangeConfirm } from './components/email-change-confirm';
export { EmailChangeForm } from './components/email-change-form';
export { PasswordChangeForm } from './components/password-change-form';
export { PasswordResetForm } from './components/password-reset-form';
export { PasswordResetRequestForm } from './components/password-reset-request-form';
export { ProfileForm } from './components/profile-form';
export { type CheckEmailState, RegisterForm } from './components/register-form';
export { RegistrationCompleteGate } from './components/registration-complete-gate';
export { ResendConfirmationForm } from './components/resend-confirmation-form';
export { UnconfirmedNotice } from './components/unconfirmed-notice';
