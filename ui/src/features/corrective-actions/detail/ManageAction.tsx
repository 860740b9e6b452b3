import { useState } from 'react';
import { Button, Paper, Stack, TextField } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { useLoad } from '../../../app/use-load';
import { actionsApi } from '../api';
import type { ActionStep } from './use-action-step';

/** Whoever makes actions gives this one another owner of the company, or another due date. */
export function ManageAction({ id, step }: { id: string; step: ActionStep }) {
  const { t } = useI18n();
  const owners = useLoad(() => actionsApi.owners().then((r) => r.owners), []);
  const [newOwner, setNewOwner] = useState('');
  const [newDue, setNewDue] = useState('');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          select
          SelectProps={{ native: true }}
          InputLabelProps={{ shrink: true }}
          size="small"
          label={t('ca.owner')}
          value={newOwner}
          onChange={(e) => setNewOwner(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <option value="" />
          {(owners.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </TextField>
        <Button disabled={step.busy || !newOwner} onClick={() => void step.step(() => actionsApi.reassign(id, newOwner), 'ca.done.saved')}>
          {t('ca.reassign')}
        </Button>
        <TextField type="date" size="small" label={t('ca.due')} value={newDue} onChange={(e) => setNewDue(e.target.value)} InputLabelProps={{ shrink: true }} />
        <Button disabled={step.busy || !newDue} onClick={() => void step.step(() => actionsApi.redate(id, newDue), 'ca.done.saved')}>
          {t('ca.redate')}
        </Button>
      </Stack>
    </Paper>
  );
}
