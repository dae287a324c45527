// The messages feature's public face (docs/architecture.md#repository-layout-and-layers): the
// Send Message page's form and history (staff), and a family's received messages on /classes.
export { ReceivedMessages } from './components/received-messages';
export { SendMessageForm } from './components/send-message-form';
export { SentMessages } from './components/sent-messages';
