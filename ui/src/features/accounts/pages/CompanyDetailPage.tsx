import { useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { Button, MenuItem, Paper, TextField } from '@mui/material';
import { countryCodeOf, formatPhone, formatTaxNumber, taxNumberKind } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { usePlace } from '../../../app/place';
import { useAuth } from '../../../app/auth';
import { errorText } from '../../../app/notify';
import { Page } from '../../../app/Layout';
import { accountsApi, refId, userLabel, type AccountUser } from '../api';
import { useLoad } from '../../../app/use-load';
import { LoadState, ReadOnlyRows } from '../components/ReadOnlyRows';
import { addressText } from '../components/format';
import { IssuerIdentityCard } from '../../issuer/IssuerIdentityCard';

/** /views/company/detail (and the legacy /views/company_detail): read-only profile; no company -> create. */
export function CompanyDetailPage() {
  const { t } = useI18n();
  const { user, can } = useAuth();
  const companyId = user?.companyId ?? null;
  const [bank, setBank] = useState(0);
  const { country } = usePlace();
  const countryName = (name: string) => {
    const code = countryCodeOf(name);
    return code ? t(`acc.country.${code}`) : name;
  };
  const state = useLoad(async () => {
    if (!companyId) return null;
    const company = await accountsApi.company(companyId);
    const addresses = await accountsApi.addresses().catch(() => []);
    const repId = refId(company.reprentative);
    const rep =
      typeof company.reprentative === 'object' && company.reprentative
        ? (company.reprentative as AccountUser)
        : repId
          ? await accountsApi.user(repId).catch(() => null)
          : null;
    return { company, addresses, rep };
  }, [companyId]);

  if (!companyId) return <Navigate to="/views/company/create" replace />;
  const c = state.data?.company;
  const banks = c?.bankAccounts ?? [];
  return (
    <Page
      title={t('acc.company.detailTitle')}
      testId="company-detail"
      actions={
        can('editSystem') && (
          <Button variant="contained" component={RouterLink} to="/views/company/update">
            {t('common.update')}
          </Button>
        )
      }
    >
      <LoadState loading={state.loading} error={state.error} text={(e) => errorText(e, t)} />
      {c && (
        <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 820 }}>
          <ReadOnlyRows
            rows={[
              // an ABN is called one; a Vietnamese code (or an older number) is the tax code
              {
                label: t(taxNumberKind(c.tfn ?? '') === 'abn' ? 'acc.company.abn' : 'acc.company.taxCode'),
                value: formatTaxNumber(c.tfn),
                testId: 'company-tfn',
              },
              { label: t('acc.company.companyName'), value: c.name, testId: 'company-name' },
              { label: t('acc.company.address'), value: addressText(c.address, state.data?.addresses, countryName), testId: 'company-address' },
              { label: t('acc.company.legalRep'), value: state.data?.rep ? userLabel(state.data.rep, t) : '' },
              { label: t('acc.field.email'), value: c.email },
              { label: t('acc.field.phone'), value: formatPhone(c.phone, country), testId: 'company-phone' },
              { label: t('acc.company.website'), value: c.website },
              {
                label: t('acc.company.bankAccount'),
                value: banks.length ? (
                  <TextField
                    select
                    size="small"
                    fullWidth
                    value={bank}
                    onChange={(e) => setBank(Number(e.target.value))}
                    slotProps={{ select: { SelectDisplayProps: { 'aria-label': t('acc.company.bankAccount') } as object } }}
                    sx={{ maxWidth: 480 }}
                  >
                    {banks.map((b, i) => (
                      <MenuItem key={b._id ?? i} value={i}>{`${b.account} — ${b.bankName}${b.branch ? `, ${b.branch}` : ''}`}</MenuItem>
                    ))}
                  </TextField>
                ) : (
                  ''
                ),
              },
              { label: t('acc.company.taxOffice1'), value: c.taxOfficeLevel1 },
              { label: t('acc.company.taxOffice2'), value: c.taxOfficeLevel2 },
            ]}
          />
        </Paper>
      )}
      {c && <IssuerIdentityCard />}
    </Page>
  );
}
