import { Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';

/** A link a thumb can hit: 44 px tall. */
const TAP = { display: 'inline-flex', alignItems: 'center', minHeight: 44 };

/** Contact info and support links (docs/spec/approvals.md §2). Stacks on narrow screens. */
export function Footer() {
  const { t } = useI18n();
  return (
    <Box component="footer" data-testid="footer" sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'grey.100' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0.5, md: 2 }} alignItems={{ md: 'center' }} justifyContent="space-between">
        <Typography variant="body2" color="text.secondary">
          {t('footer.contact')}
        </Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="center">
          {/* the ledger's blocks (the logo leads home) */}
          <Link component={RouterLink} to="/views/blockchain" variant="body2" sx={TAP} data-testid="footer-ledger">
            {t('nav.ledger')}
          </Link>
          <Link href="mailto:support@graincert.example" variant="body2" sx={TAP}>
            {t('footer.help')}
          </Link>
          <Link href="mailto:privacy@graincert.example" variant="body2" sx={TAP}>
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
