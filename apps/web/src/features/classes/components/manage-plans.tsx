import { planResource } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import {
  ResourceAdminPage,
  resourcePageStrings,
} from '../../../components/admin/resource-admin-page';
import { planHooks } from '../plans-api';

const strings = resourcePageStrings('managePlans');

/** /manage_plans: the plans, searchable and paged (`?page=`), with create, edit and delete. */
export function ManagePlans() {
  const { t } = useTranslation();
  return (
    <ResourceAdminPage
      resource={planResource}
      hooks={planHooks}
      strings={strings}
      testIds={{
        page: 'manage-plans',
        row: 'plan-row',
        form: 'plan-dialog',
        delete: 'delete-plan-dialog',
      }}
      rowName={(plan) => plan.name}
      extraColumns={[
        {
          key: 'schedules',
          header: t('managePlans.schedules'),
          align: 'right',
          render: (plan) => plan.schedules_count,
        },
      ]}
      formNotice={(plan) =>
        plan.schedules_count > 0 && (
          <Alert severity="info">
            {t('managePlans.changeAffects', { count: plan.schedules_count })}
          </Alert>
        )
      }
      // A plan a schedule offers is refused (409); its count says how many to change first.
      inUseCount={(plan) => plan.schedules_count}
    />
  );
}
