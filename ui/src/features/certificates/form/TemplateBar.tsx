import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { certificatesApi } from '../api';
import type { TemplateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { errorText, useNotify } from '../../../app';
import { dueInDays, type LevelForm } from './form-model';

/** "Load a template" / "Save as a template" (docs/spec/approvals.md §2), real this time: they call the template API. */
export function TemplateBar({ levels, onLoad }: { levels: LevelForm[]; onLoad(t: TemplateView): void }) {
  const { t } = useI18n();
  const notify = useNotify();
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [templates, setTemplates] = useState<TemplateView[]>([]);
  const [name, setName] = useState('');

  const openPicker = async () => {
    setPicking(true);
    try {
      setTemplates((await certificatesApi.templates()).templates);
    } catch (e) {
      notify.error(e);
    }
  };
  const save = async () => {
    try {
      await certificatesApi.saveTemplate({
        approvalName: name.trim(),
        approvalLevels: levels.map((l) => ({
          group: l.group,
          signatures: Number(l.signatures),
          dueInDays: dueInDays(l.deadline),
          signers: l.signers.map((s) => s._id),
        })),
      });
      notify.success(t('cert.templateSaved'));
      setSaving(false);
      setName('');
    } catch (e) {
      notify.error(errorText(e, t));
    }
  };

  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }} data-testid="template-bar">
      <Typography variant="body2" color="text.secondary">
        {t('cert.templateLabel')}
      </Typography>
      <Link component="button" type="button" onClick={() => void openPicker()} data-testid="load-template">
        {t('cert.loadTemplate')}
      </Link>
      <Link component="button" type="button" onClick={() => setSaving(true)} data-testid="save-template">
        {t('cert.saveTemplate')}
      </Link>
      <Dialog open={picking} onClose={() => setPicking(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('cert.selectTemplate')}</DialogTitle>
        <DialogContent>
          {templates.length === 0 && <Typography color="text.secondary">{t('cert.noTemplates')}</Typography>}
          <List>
            {templates.map((tp) => (
              <ListItemButton
                key={tp._id}
                onClick={() => {
                  onLoad(tp);
                  setPicking(false);
                }}
                data-testid={`template-${tp.approvalName}`}
              >
                <ListItemText primary={tp.approvalName} secondary={`${tp.approvalLevels.length} ${t('cert.levels')} · ${tp.createdBy}`} />
              </ListItemButton>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicking(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={saving} onClose={() => setSaving(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('cert.saveTemplate')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            label={t('cert.templateName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            inputProps={{ 'data-testid': 'template-name' }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSaving(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={!name.trim()} onClick={() => void save()} data-testid="template-save-confirm">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
