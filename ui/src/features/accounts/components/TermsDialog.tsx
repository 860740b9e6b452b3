import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { TERMS } from '../terms';

/** The terms modal, open when the registration page starts (docs/spec/approvals.md §4). */
export function TermsDialog({ open, onAgree }: { open: boolean; onAgree(): void }) {
  const { t, lang } = useI18n();
  return (
    <Dialog open={open} scroll="paper" maxWidth="md" fullWidth aria-labelledby="terms-title" data-testid="terms-dialog">
      <DialogTitle id="terms-title">{t('acc.terms.title')}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {TERMS[lang].map((s) => (
          <section key={s.heading}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
              {s.heading}
            </Typography>
            {s.paragraphs.map((p) => (
              <Typography key={p} variant="body2" paragraph>
                {p}
              </Typography>
            ))}
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onAgree} data-testid="terms-agree">
          {t('acc.terms.agree')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
