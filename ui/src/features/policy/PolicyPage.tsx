import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  List,
  ListItem,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { Page, RowCards, useCardLayout, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { useLoad } from '../../app/use-load';
import type { PolicyAction, PolicyOrganisation } from '@grain/domain';
import { policyApi } from './api';

const Bullets = ({ items }: { items: string[] }) => (
  <Box component="ul" sx={{ m: 0, pl: 2 }}>
    {items.map((x) => (
      <li key={x}>{x}</li>
    ))}
  </Box>
);

function OrgsTab({ orgs }: { orgs: PolicyOrganisation[] }) {
  const { t } = useI18n();
  const site = (o: PolicyOrganisation) => (
    <Link href={o.URL} target="_blank" rel="noopener noreferrer">
      {new URL(o.URL).host}
    </Link>
  );
  const narrow = useCardLayout();
  if (narrow) {
    // below 768 px: one card per act (seven columns do not fit a phone), titled by its name
    return (
      <RowCards
        testId="policy-orgs"
        rowTestId="policy-org-card"
        rows={orgs.map((o) => ({
          key: o.PolicyIndex,
          title: o.NameOfActRuleGuideline,
          fields: [
            [t('policy.item'), o.Item],
            [t('policy.index'), o.PolicyIndex],
            [t('policy.org'), o.ResponsibleOrgaqnisation],
            [t('policy.acronym'), o.Acronym],
            [t('policy.country'), o.Country],
            [t('policy.url'), site(o)],
          ],
        }))}
      />
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="policy-orgs">
        <TableHead>
          <TableRow>
            {['policy.item', 'policy.index', 'policy.name', 'policy.org', 'policy.acronym', 'policy.country', 'policy.url'].map((k) => (
              <TableCell key={k}>{t(k)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {orgs.map((o) => (
            <TableRow key={o.PolicyIndex}>
              <TableCell>{o.Item}</TableCell>
              <TableCell>{o.PolicyIndex}</TableCell>
              <TableCell>{o.NameOfActRuleGuideline}</TableCell>
              <TableCell>{o.ResponsibleOrgaqnisation}</TableCell>
              <TableCell>{o.Acronym}</TableCell>
              <TableCell>{o.Country}</TableCell>
              <TableCell>{site(o)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ReferencesTab({ orgs }: { orgs: PolicyOrganisation[] }) {
  const { t } = useI18n();
  const notify = useNotify();
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('policy.pdfNote')}
      </Alert>
      <Stack spacing={2} data-testid="policy-references">
        {orgs.map((o) => (
          <Box key={o.PolicyIndex} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
            <Typography variant="subtitle1">{`${o.PolicyIndex} · ${o.NameOfActRuleGuideline}`}</Typography>
            <Typography variant="body2" color="text.secondary">{`${o.ResponsibleOrgaqnisation} (${o.Acronym})`}</Typography>
            <Typography variant="body2" sx={{ my: 0.5 }}>
              {o.Summary}
            </Typography>
            <Button size="small" onClick={() => policyApi.openFile(o.FileName).catch(notify.error)}>
              {t('policy.openPdf')}
            </Button>
            <Link href={o.URL} target="_blank" rel="noopener noreferrer" sx={{ ml: 1 }}>
              {t('policy.url')}
            </Link>
          </Box>
        ))}
      </Stack>
    </>
  );
}

function ActionsTab({ actions }: { actions: PolicyAction[] }) {
  const { t } = useI18n();
  const [sub, setSub] = useState(0);
  const narrow = useCardLayout();
  const country = sub === 0 ? 'AU' : 'IN';
  const testId = `policy-actions-${sub === 2 ? 'alignment' : country}`;
  // The columns after the process (labels, then one process's values), shared by the table and the phone cards.
  const labels =
    sub === 2 ? [t('policy.tab.au'), t('policy.tab.in'), t('policy.alignment')] : [t('policy.index'), t('policy.actions'), t('policy.requiredDocs')];
  const values = (a: PolicyAction): ReactNode[] =>
    sub === 2
      ? [<Bullets items={a.RequiredDocsAU} />, <Bullets items={a.RequiredDocsIN} />, a.Alignment]
      : [
          (country === 'AU' ? a.PolicyIndexAU : a.PolicyIndexIN).join(', '),
          <Bullets items={country === 'AU' ? a.ActionsAU : a.ActionsIN} />,
          <Bullets items={country === 'AU' ? a.RequiredDocsAU : a.RequiredDocsIN} />,
        ];
  const columns = (a: PolicyAction) => values(a).map((v, i): [string, ReactNode] => [labels[i], v]);
  const tabs = (
    <Tabs value={sub} onChange={(_e, v) => setSub(v)} variant="scrollable" sx={{ mb: 1 }}>
      <Tab label={t('policy.tab.au')} />
      <Tab label={t('policy.tab.in')} />
      <Tab label={t('policy.tab.alignment')} />
    </Tabs>
  );
  if (narrow) {
    // below 768 px: one card per process, titled by it, its documents as lists under their labels
    return (
      <>
        {tabs}
        <RowCards
          testId={testId}
          rowTestId="policy-action-card"
          rows={actions.map((a) => ({ key: a.ProcessIndex, title: `${a.ProcessIndex} ${a.Process}`, fields: columns(a) }))}
        />
      </>
    );
  }
  return (
    <>
      {tabs}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid={testId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('policy.process')}</TableCell>
              {labels.map((label) => (
                <TableCell key={label}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {actions.map((a) => (
              <TableRow key={a.ProcessIndex} sx={{ verticalAlign: 'top' }}>
                <TableCell>{`${a.ProcessIndex} ${a.Process}`}</TableCell>
                {columns(a).map(([label, value]) => (
                  <TableCell key={label}>{value}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** Check Compliance: the required documents of one process under one country's rules, ticked off. */
function CheckTab({ actions }: { actions: PolicyAction[] }) {
  const { t } = useI18n();
  const [process, setProcess] = useState(actions[0]?.ProcessIndex ?? '');
  const [country, setCountry] = useState<'AU' | 'IN'>('AU');
  const [have, setHave] = useState<Record<string, boolean>>({});
  const a = actions.find((x) => x.ProcessIndex === process);
  const docs = a ? (country === 'AU' ? a.RequiredDocsAU : a.RequiredDocsIN) : [];
  const missing = docs.filter((d) => !have[`${process}|${country}|${d}`]);
  return (
    <Box data-testid="policy-check">
      <Typography sx={{ mb: 2 }}>{t('policy.checkIntro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField select size="small" label={t('policy.process')} value={process} onChange={(e) => setProcess(e.target.value)} sx={{ minWidth: 320 }}>
          {actions.map((x) => (
            <MenuItem key={x.ProcessIndex} value={x.ProcessIndex}>{`${x.ProcessIndex} ${x.Process}`}</MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('policy.destination')}
          value={country}
          onChange={(e) => setCountry(e.target.value as 'AU' | 'IN')}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="AU">{t('policy.tab.au')}</MenuItem>
          <MenuItem value="IN">{t('policy.tab.in')}</MenuItem>
        </TextField>
      </Stack>
      <List dense>
        {docs.map((d) => {
          const key = `${process}|${country}|${d}`;
          return (
            <ListItem key={key} disablePadding>
              <FormControlLabel control={<Checkbox checked={!!have[key]} onChange={(e) => setHave({ ...have, [key]: e.target.checked })} />} label={d} />
            </ListItem>
          );
        })}
      </List>
      <Typography data-testid="policy-ready">{t('policy.ready', { have: docs.length - missing.length, total: docs.length })}</Typography>
      {missing.length ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('policy.missing', { docs: missing.join(', ') })}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('policy.allReady')}
        </Alert>
      )}
    </Box>
  );
}

/** /views/policy/list: the policy reference for Australia and India. */
export function PolicyPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState(0);
  const { data, error } = useLoad(async () => {
    const [orgs, actions] = await Promise.all([policyApi.orgs(), policyApi.actions()]);
    return { orgs, actions };
  });
  const failed = !!error;
  const content = useMemo(() => {
    if (!data) return null;
    return [
      <OrgsTab key="o" orgs={data.orgs} />,
      <ReferencesTab key="r" orgs={data.orgs} />,
      <ActionsTab key="a" actions={data.actions} />,
      <CheckTab key="c" actions={data.actions} />,
    ][tab];
  }, [data, tab]);
  return (
    <Page title={t('policy.title')} testId="policy-page">
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" sx={{ mb: 2 }}>
        <Tab label={t('policy.tab.orgs')} />
        <Tab label={t('policy.tab.references')} />
        <Tab label={t('policy.tab.actions')} />
        <Tab label={t('policy.tab.check')} />
      </Tabs>
      {failed ? <Alert severity="error">{t('policy.loadFailed')}</Alert> : (content ?? t('common.loading'))}
    </Page>
  );
}
