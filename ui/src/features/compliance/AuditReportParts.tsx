import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { checkTitle, itemText, type AuditItem } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';

/** A text the report may leave empty, or "not stated" in the reader's language. */
function useOrNotStated() {
  const { t } = useI18n();
  return (s?: string) => (s && s.trim() ? s : t('compliance.notStated'));
}

const boxed = { border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, my: 1.5 };

/** The farmer's information, read from the establishment document. */
export function FarmerInfo({ farmer }: { farmer: { name: string; address: string; contact: string; website: string } }) {
  const { t } = useI18n();
  const na = useOrNotStated();
  return (
    <Box sx={boxed} data-testid="farmer-info">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('compliance.farmerInfo')}
      </Typography>
      <Typography>
        {t('compliance.farmer.name')}: {na(farmer.name)}
      </Typography>
      <Typography>
        {t('compliance.farmer.address')}: {na(farmer.address)}
      </Typography>
      <Typography>
        {t('compliance.farmer.contact')}: {na(farmer.contact)}
      </Typography>
      <Typography>
        {t('compliance.farmer.website')}: {na(farmer.website)}
      </Typography>
    </Box>
  );
}

/** The fields corrected by hand before the audit, per document, or that there were none. */
export function Corrections({ corrections }: { corrections: Array<{ document: string; fields: string[] }> }) {
  const { t } = useI18n();
  return (
    <Box sx={boxed} data-testid="corrections">
      {corrections.length ? (
        <>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('compliance.correctedTitle')}
          </Typography>
          {corrections.map((c) => (
            <Typography key={c.document}>
              {c.document}: {c.fields.join(', ')}
            </Typography>
          ))}
        </>
      ) : (
        <Typography>{t('compliance.noCorrections')}</Typography>
      )}
    </Box>
  );
}

/** How many checks, how many compliant (green) and how many not (red). */
export function Totals({ items }: { items: AuditItem[] }) {
  const { t } = useI18n();
  const compliant = items.filter((i) => i.result === 'Compliant').length;
  return (
    <Stack direction="row" spacing={3} sx={{ mb: 1.5 }} data-testid="totals">
      <Typography>
        <b>{t('compliance.totalChecks')}:</b> {items.length}
      </Typography>
      <Typography sx={{ color: 'success.main' }}>
        <b>{t('compliance.compliant')}:</b> {compliant}
      </Typography>
      <Typography sx={{ color: 'error.main' }}>
        <b>{t('compliance.nonCompliant')}:</b> {items.length - compliant}
      </Typography>
    </Stack>
  );
}

/** One numbered check: its result (Non-Compliant in red), requirement, evidence and recommendations, in the reader's language. */
export function AuditItemCard({ item: i, n }: { item: AuditItem; n: number }) {
  const { t, lang } = useI18n();
  const na = useOrNotStated();
  const text = itemText(i, lang);
  // The stored result is the auditor's English word; show it in the reader's language.
  const resultText = i.result === 'Compliant' ? t('compliance.compliant') : i.result === 'Non-Compliant' ? t('compliance.nonCompliant') : na(i.result);
  return (
    <Card variant="outlined" sx={{ mb: 1 }} data-testid="audit-item">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {n}. {checkTitle(i.compliance_check_item, lang)}
        </Typography>
        <Typography>
          <b>{t('compliance.result')}:</b>{' '}
          <Box component="span" sx={{ color: i.result === 'Non-Compliant' ? 'error.main' : 'success.main', fontWeight: 600 }}>
            {resultText}
          </Box>
        </Typography>
        <Typography>
          <b>{t('compliance.requirement')}:</b> {na(text.requirement)}
        </Typography>
        <Typography>
          <b>{t('compliance.evidence')}:</b> {na(text.evidence)}
        </Typography>
        <Typography>
          <b>{t('compliance.recommendations')}:</b> {text.recommendations || t('compliance.noRecommendations')}
        </Typography>
      </CardContent>
    </Card>
  );
}
