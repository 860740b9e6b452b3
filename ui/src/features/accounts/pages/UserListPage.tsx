import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { Page } from '../../../app/Layout';
import { useCardLayout } from '../../../app/RowCards';
import { ServerMessage } from '../components/FormKit';
import { useOwnCompanyName, useUserPage } from './use-user-page';
import { UserCards, UserGrid, UserSearchField, useUserCells } from './UserListParts';

/** /views/user/list (and legacy /views/UserManagement): users on a DataGrid paged and searched by the server. */
export function UserListPage() {
  const { t } = useI18n();
  const { can } = useAuth();
  // below 768 px seven columns do not fit: one card per user, every column in it
  const narrow = useCardLayout();
  const page = useUserPage();
  const cells = useUserCells(useOwnCompanyName());
  const view = { rows: page.rows, total: page.total, model: page.model, setModel: page.setModel, cells };
  return (
    <Page
      title={t('acc.users.title')}
      testId="user-list"
      actions={
        can('editSystem') && (
          <Button variant="contained" component={RouterLink} to="/views/user/create" data-testid="user-add">
            {t('acc.users.add')}
          </Button>
        )
      }
    >
      <UserSearchField value={page.searchText} onChange={page.setSearchText} />
      <ServerMessage text={page.error} />
      {narrow ? <UserCards {...view} /> : <UserGrid {...view} loading={page.loading} />}
    </Page>
  );
}
