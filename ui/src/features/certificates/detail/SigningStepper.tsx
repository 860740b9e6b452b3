import { Box, Paper, Stack, Step, StepLabel, Stepper, Tooltip, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import VisibilityIcon from '@mui/icons-material/Visibility';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import type { LevelProgress, SignerProgress, SignerStep } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useCardLayout } from '../../../app/RowCards';
import { storedWord } from '../../../app/stored-text';

const ICON: Record<SignerStep, typeof CheckCircleIcon> = {
  signed: CheckCircleIcon,
  viewed: VisibilityIcon,
  notified: MailOutlineIcon,
  waiting: HourglassEmptyIcon,
};
const COLOR: Record<SignerStep, 'success' | 'info' | 'action' | 'disabled'> = { signed: 'success', viewed: 'info', notified: 'action', waiting: 'disabled' };

/** Where the certificate is: its levels in order and, per signer, asked / opened / signed (across on a desk, down on a phone). */
export function SigningStepper({ progress }: { progress: LevelProgress[] }) {
  const { t, dateTime } = useI18n();
  const narrow = useCardLayout();
  const active = progress.findIndex((l) => l.state === 'current');
  const when = (s: SignerProgress) => {
    const at = s.step === 'signed' ? s.signedAt : s.step === 'viewed' ? s.viewedAt : s.notifiedAt;
    return at ? ` · ${dateTime(at)}` : '';
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="signing-stepper">
      <Stepper activeStep={active < 0 ? progress.length : active} orientation={narrow ? 'vertical' : 'horizontal'} alternativeLabel={!narrow}>
        {progress.map((l) => (
          <Step key={l.level} completed={l.state === 'done'} data-testid={`step-level-${l.level}`} data-state={l.state}>
            <StepLabel
              optional={
                <Typography variant="caption" color="text.secondary">
                  {t('cert.progress.signedOf', { n: l.signedCount, of: l.required })}
                </Typography>
              }
            >
              {t('cert.levelN', { n: l.level })} · {storedWord(l.group, t)}
            </StepLabel>
            <Box sx={{ mt: 1, ml: narrow ? 4 : 0, display: 'flex', justifyContent: narrow ? 'flex-start' : 'center' }}>
              <Stack spacing={0.5}>
                {l.signers.map((s) => {
                  const Icon = ICON[s.step];
                  const label = `${t(`cert.progress.${s.step}`)}${when(s)}`;
                  return (
                    <Tooltip key={s._id} title={label}>
                      <Stack direction="row" spacing={0.5} alignItems="center" data-testid={`progress-${l.level}-${s._id}`} data-step={s.step}>
                        <Icon fontSize="small" color={COLOR[s.step]} aria-label={label} />
                        <Typography variant="body2">
                          {s.fullName}
                          {s.onBehalfOf ? ` (${t('cert.progress.for', { name: s.onBehalfOf })})` : ''}
                        </Typography>
                        {narrow && (
                          <Typography variant="caption" color="text.secondary">
                            {label}
                          </Typography>
                        )}
                      </Stack>
                    </Tooltip>
                  );
                })}
              </Stack>
            </Box>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}
