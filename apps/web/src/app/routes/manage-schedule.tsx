import { useParams } from 'react-router';
import { ManageSchedule } from '../../features/classes';

/** /manage_classes/{klass_group_id}/schedules/{id} (admin): one schedule. */
export function Component() {
  const { klass_group_id: klassGroupId = '', id = '' } = useParams();
  return <ManageSchedule key={id} klassGroupId={klassGroupId} id={id} />;
}
