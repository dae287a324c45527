import { useParams } from 'react-router';
import { StudentGalleryPage } from '../../features/gallery';

export function Component() {
  const { id = '' } = useParams();
  return <StudentGalleryPage attendeeProfileId={id} />;
}
