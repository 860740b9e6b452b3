import { Link as RouterLink } from 'react-router-dom';
import { Button, Paper } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { Page } from '../../../app/Layout';
import { ServerMessage } from '../components/FormKit';
import { EmailFields, NewPasswordFields, PersonFields, RoleFields } from './UserFormFields';
import { useUserForm, type UserFormMode } from './use-user-form';

/** /views/user/create and /views/user/update (?id=); one's own record goes through update_profile (docs/spec/approvals.md §6). */
export function UserFormPage({ mode }: { mode: UserFormMode }) {
  const { t } = useI18n();
  const { form, msg, own, changingOwnEmail, groups, currentRole, submit } = useUserForm(mode);
  const { control, formState } = form;
  return (
    <Page
      title={t(mode === 'create' ? 'acc.users.createTitle' : 'acc.users.updateTitle')}
      testId={`user-${mode}`}
      actions={
        <Button component={RouterLink} to="/views/user/list">
          {t('common.back')}
        </Button>
      }
    >
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 820 }}>
        <form onSubmit={submit} noValidate aria-label={t('acc.users.createTitle')}>
          <EmailFields control={control} mode={mode} own={own} changingOwnEmail={changingOwnEmail} />
          {mode === 'create' && <NewPasswordFields control={control} />}
          <PersonFields control={control} />
          <RoleFields control={control} groups={groups} currentRole={currentRole} own={own} />
          <ServerMessage text={msg.message} />
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting} data-testid="user-submit">
            {t(mode === 'create' ? 'common.create' : 'common.update')}
          </Button>
        </form>
      </Paper>
    </Page>
  );
}
