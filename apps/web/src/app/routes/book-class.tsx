import { BookingPage } from '../../features/booking';

export function Component() {
  return <BookingPage />;
}
