import { useParams } from 'react-router';
import { ManageKlassGroup } from '../../features/classes';

/** /manage_classes/{id} (admin): one programme and its schedules. */
export function Component() {
  const { id = '' } = useParams();
  // A new programme id starts a fresh page (dialogs closed, nothing carried over).
  return <ManageKlassGroup key={id} id={id} />;
}
