import { List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { checkAgainstStandard, type DocumentView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

/**
 * The certificate validation checklist (docs/spec/approvals.md §5): protein, moisture and harvest grade tick with a
 * farm record; landscape image needs 1 support document, history record 2. Grain image validation
 * ticks only when the farm record's photo is verified now — read from the farm record itself
 * (`imageVerified`), never from a copy kept in the form, a saved draft or the certificate, which may
 * predate the verification (the old app always ticked it; the server refuses a submit without it
 * either way). The standard item ticks when the record meets the standard of its claimed grade, has
 * no standard on file, or fails it with a deviation reason given.
 */
export function checklist(primary: DocumentView | null, supportCount: number, deviationReason = '', imageVerified = false) {
  const farm = (primary?.farm ?? null) as { protein?: number; moisture?: number; harvestGrade?: string } | null;
  const standard = farm ? checkAgainstStandard(farm).result : null;
  return [
    { key: 'protein', ok: !!farm && farm.protein !== undefined },
    { key: 'moisture', ok: !!farm && farm.moisture !== undefined },
    { key: 'harvestGrade', ok: !!farm && !!farm.harvestGrade },
    // Meets the standard of its claimed grade, or the deviation is explained; a grade with no standard on file has nothing to meet.
    { key: 'standard', ok: standard === 'pass' || standard === 'noStandard' || (standard === 'fail' && deviationReason.trim() !== '') },
    { key: 'grainImage', ok: !!farm && imageVerified },
    { key: 'landscapeImage', ok: supportCount >= 1 },
    { key: 'historyRecord', ok: supportCount >= 2 },
  ];
}

export function ValidationChecklist({
  primary,
  supportCount,
  deviationReason,
  imageVerified,
}: {
  primary: DocumentView | null;
  supportCount: number;
  deviationReason?: string;
  /** The farm record's photo is verified (its current state). */
  imageVerified: boolean;
}) {
  const { t } = useI18n();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="validation-checklist">
      <Typography variant="subtitle1">{t('cert.checklist')}</Typography>
      <List dense>
        {checklist(primary, supportCount, deviationReason, imageVerified).map((c) => (
          <ListItem key={c.key} data-testid={`check-${c.key}`} data-ok={c.ok}>
            <ListItemIcon>{c.ok ? <CheckCircleIcon color="success" /> : <RadioButtonUncheckedIcon color="disabled" />}</ListItemIcon>
            <ListItemText primary={t(`cert.check.${c.key}`)} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
