import { roomResource } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import {
  ResourceAdminPage,
  resourcePageStrings,
} from '../../../components/admin/resource-admin-page';
import { roomHooks } from '../rooms-api';

const strings = resourcePageStrings('manageRooms');

/** /manage_rooms: the rooms schedules meet in, with create, edit and delete. */
export function ManageRooms() {
  const { t } = useTranslation();
  return (
    <ResourceAdminPage
      resource={roomResource}
      hooks={roomHooks}
      strings={strings}
      testIds={{
        page: 'manage-rooms',
        row: 'room-row',
        form: 'room-dialog',
        delete: 'delete-room-dialog',
      }}
      rowName={(room) => room.name}
      extraColumns={[
        {
          key: 'schedules',
          header: t('manageRooms.schedules'),
          align: 'right',
          render: (room) => room.schedules_count,
        },
      ]}
      // A room a schedule meets in is refused (409); its count says how many to move first.
      inUseCount={(room) => room.schedules_count}
    />
  );
}
