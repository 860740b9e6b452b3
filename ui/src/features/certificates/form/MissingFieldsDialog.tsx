import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import type { MissingField } from './form-model';

/**
 * "All fields with (*) are required", naming each field that is missing or wrong; closing it takes the
 * user to the first of them.
 */
export function MissingFieldsDialog({ fields, onClose }: { fields: MissingField[]; onClose(): void }) {
  const { t } = useI18n();
  const close = () => {
    const first = fields[0];
    onClose();
    if (!first) return;
    // after the dialog let go of the focus (its trap ends as it closes; it restores nothing)
    setTimeout(() => {
      const el = document.querySelector<HTMLElement>(`[data-testid="${first.testId}"]`);
      el?.scrollIntoView?.({ block: 'center' });
      el?.focus();
    }, 0);
  };
  return (
    <Dialog open={fields.length > 0} onClose={close} disableRestoreFocus aria-labelledby="missing-fields-title" data-testid="missing-fields-dialog">
      <DialogTitle id="missing-fields-title">{t('message.title')}</DialogTitle>
      <DialogContent>
        {/* only missing: the spec's "All fields with (*) are required"; a field filled in wrongly says what is wrong */}
        <DialogContentText>{t(fields.some((f) => f.problem) ? 'cert.fieldsToFix' : 'REQUIRED_FIELDS')}</DialogContentText>
        <List dense>
          {fields.map((f) => (
            <ListItem key={`${f.level ?? 0}-${f.label}`} data-testid={`missing-${f.testId}`}>
              <ListItemText primary={f.level ? `${t('cert.level')} ${f.level}: ${t(f.label)}` : t(f.label)} secondary={f.problem ? t(f.problem) : undefined} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained" autoFocus>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
