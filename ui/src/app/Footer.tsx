import { Box, Link, Stack, Typography } from '@mui/material';
import { useI18n } from '../i18n/i18n';

/** Contact info and support links (docs/spec/approvals.md §2). Stacks on narrow screens. */
export function Footer() {
  const { t } = useI18n();
  return (
    <Box component="footer" data-testid="footer" sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'grey.100' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0.5, md: 2 }} alignItems={{ md: 'center' }} justifyContent="space-between">
        <Typography variant="body2" color="text.secondary">
          {t('footer.contact')}
        </Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap">
          <Link href="mailto:support@graincert.example" variant="body2">
            {t('footer.help')}
          </Link>
          <Link href="mailto:privacy@graincert.example" variant="body2">
            {t('footer.privacy')}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
