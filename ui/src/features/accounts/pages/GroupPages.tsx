import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { DEFAULT_GROUP_PERMISSIONS, ACCOUNT_STATUSES } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../../app/auth';
import { errorText, useNotify } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { ApiError } from '../../../api/client';
import { accountsApi } from '../api';
import { groupForm, type GroupForm } from '../schemas';
import { SelectInput, ServerMessage, TextInput, useFormMessage } from '../components/FormKit';
import { PermissionTable } from '../components/PermissionTable';
import { useLoad } from '../../../app/use-load';
import { storedRole } from '../../../app/stored-text';
import { LoadState, ReadOnlyRows } from '../components/ReadOnlyRows';

/** Admin always, else editSystem (docs/spec/approvals.md §6). A hint for the UI; the server decides. */
function useMayEditGroups() {
  const { can } = useAuth();
  return can('editSystem');
}

/** /views/group/list: item, group name, status, Update per row; a row opens the detail. */
export function GroupListPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const mayEdit = useMayEditGroups();
  const state = useLoad(() => accountsApi.groups(), []);
  return (
    <Page
      title={t('acc.groups.title')}
      testId="group-list"
      actions={
        mayEdit && (
          <Button variant="contained" component={RouterLink} to="/views/group/create" data-testid="group-add">
            {t('acc.groups.add')}
          </Button>
        )
      }
    >
      <LoadState loading={state.loading} error={state.error} text={(e) => errorText(e, t)} />
      {state.data && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={t('acc.groups.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('acc.users.item')}</TableCell>
                <TableCell>{t('acc.groups.name')}</TableCell>
                <TableCell>{t('acc.users.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {state.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Typography color="text.secondary">{t('acc.common.empty')}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {state.data.map((g, i) => (
                <TableRow
                  key={g.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/views/group/detail?id=${encodeURIComponent(g.id)}`)}
                  data-testid={`group-row-${g.groupName}`}
                >
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{storedRole(g.groupName, t)}</TableCell>
                  <TableCell>{t(`acc.status.${g.status}`)}</TableCell>
                  <TableCell align="right">
                    {mayEdit && (
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={(e) => {
                          e.stopPropagation();
                          navigate(`/views/group/update?id=${encodeURIComponent(g.id)}`);
                        }}
                      >
                        {t('common.update')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}

/** /views/group/create and /views/group/update (?id=): name, status and the permission checkbox table. */
export function GroupFormPage({ mode }: { mode: 'create' | 'update' }) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const mayEdit = useMayEditGroups();
  const [denied, setDenied] = useState('');
  const { control, handleSubmit, reset, formState, setError } = useForm<GroupForm>({
    resolver: zodResolver(groupForm),
    mode: 'onTouched',
    defaultValues: { groupName: '', status: 'active', roles: [...DEFAULT_GROUP_PERMISSIONS] },
  });
  const msg = useFormMessage<GroupForm>('PLEASE_REINPUT_INFO', setError);
  const existing = useLoad(() => (mode === 'update' && id ? accountsApi.group(id) : Promise.resolve(null)), [mode, id]);
  useEffect(() => {
    if (existing.data) reset({ groupName: existing.data.groupName, status: existing.data.status as GroupForm['status'], roles: existing.data.roles ?? [] });
  }, [existing.data, reset]);
  useEffect(() => {
    if (!mayEdit) return setDenied(t('ACCESS_DENIED'));
    if (mode === 'create')
      accountsApi.groupCreateCheck().then(
        (r) => setDenied(r?.invalidMsg ?? ''),
        (e) => setDenied(errorText(e, t)),
      );
  }, [mode, mayEdit, t]);

  if (existing.error instanceof ApiError && existing.error.status === 404) return <Navigate to="/views/group/list" replace />;

  const onSubmit = async (v: GroupForm) => {
    msg.setMessage('');
    try {
      if (mode === 'create') await accountsApi.createGroup(v);
      else await accountsApi.updateGroup(id, v);
      notify.success(t(mode === 'create' ? 'acc.groups.created' : 'acc.groups.updated'));
      navigate('/views/group/list');
    } catch (e) {
      msg.fromServer(e);
    }
  };

  return (
    <Page
      title={t(mode === 'create' ? 'acc.groups.createTitle' : 'acc.groups.updateTitle')}
      testId={`group-${mode}`}
      actions={
        <Button component={RouterLink} to="/views/group/list">
          {t('common.back')}
        </Button>
      }
    >
      <ServerMessage text={denied} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 820 }}>
        <form onSubmit={handleSubmit(onSubmit, msg.fromInvalid)} noValidate aria-label={t('acc.groups.createTitle')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} useFlexGap>
            <TextInput control={control} name="groupName" label={t('acc.groups.name')} required />
            <SelectInput
              control={control}
              name="status"
              label={t('acc.users.status')}
              options={ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`acc.status.${s}`) }))}
            />
          </Stack>
          <Typography variant="subtitle1" sx={{ mt: 2, mb: 1 }}>
            {t('acc.groups.permissions')}
          </Typography>
          <Controller control={control} name="roles" render={({ field }) => <PermissionTable value={field.value ?? []} onChange={field.onChange} />} />
          <ServerMessage text={msg.message} />
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!!denied || formState.isSubmitting} data-testid="group-submit">
            {t(mode === 'create' ? 'common.create' : 'common.update')}
          </Button>
        </form>
      </Paper>
    </Page>
  );
}

/** /views/group/detail (?id=): read-only name, status, permissions; Update for those who may edit. */
export function GroupDetailPage() {
  const { t } = useI18n();
  const id = useSearchParams()[0].get('id') ?? '';
  const mayEdit = useMayEditGroups();
  const state = useLoad(() => accountsApi.group(id), [id]);
  if (!id || (state.error instanceof ApiError && state.error.status === 404)) return <Navigate to="/views/group/list" replace />;
  const g = state.data;
  return (
    <Page
      title={t('acc.groups.detailTitle')}
      testId="group-detail"
      actions={
        <>
          <Button component={RouterLink} to="/views/group/list">
            {t('common.back')}
          </Button>
          {mayEdit && (
            <Button variant="contained" component={RouterLink} to={`/views/group/update?id=${encodeURIComponent(id)}`}>
              {t('common.update')}
            </Button>
          )}
        </>
      }
    >
      <LoadState loading={state.loading} error={state.error} text={(e) => errorText(e, t)} />
      {g && (
        <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 820 }}>
          <ReadOnlyRows
            rows={[
              { label: t('acc.groups.name'), value: storedRole(g.groupName, t), testId: 'group-name' },
              { label: t('acc.users.status'), value: t(`acc.status.${g.status}`) },
            ]}
          />
          <Typography variant="subtitle1" sx={{ mt: 2, mb: 1 }}>
            {t('acc.groups.permissions')}
          </Typography>
          <PermissionTable value={g.roles ?? []} disabled />
        </Paper>
      )}
    </Page>
  );
}
