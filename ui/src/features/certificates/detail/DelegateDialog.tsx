import { useState } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { certificatesApi } from '../api';
import type { CertificateView, CompanyPerson } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app';
import { RowCards, useCardLayout } from '../../../app/RowCards';
import { storedRole } from '../../../app/stored-text';

/** 'Delegate To' (docs/spec/approvals.md §2): note, signer search, chosen signers (item, name, role, view, remove). */
export function DelegateDialog({
  open,
  approval,
  people,
  onClose,
  onDone,
}: {
  open: boolean;
  approval: CertificateView;
  people: CompanyPerson[];
  onClose(): void;
  onDone(a: CertificateView): void;
}) {
  const { t } = useI18n();
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<CompanyPerson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const level = approval.approvalLevels.find((l) => l.level === approval.stageLevel);
  // a phone gets the whole screen, and the chosen signers as cards (five columns do not fit 390 px)
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const already = new Set([...(level?.signers.map((s) => s._id) ?? []), ...chosen.map((c) => c._id), approval.submitter._id]);

  const submit = async () => {
    if (chosen.length === 0) return setError(t('DELEGATE_REQUIRED'));
    setBusy(true);
    setError(null);
    try {
      onDone((await certificatesApi.delegate(approval._id, { to: chosen.map((c) => c._id), note: note.trim() || undefined })).approval);
      setChosen([]);
      setNote('');
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="delegate-dialog">
      <DialogTitle>{t('cert.delegateTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={t('cert.note')} value={note} onChange={(e) => setNote(e.target.value)} inputProps={{ 'data-testid': 'delegate-note' }} />
          <Autocomplete
            options={people.filter((p) => !already.has(p._id))}
            value={null}
            blurOnSelect
            clearOnBlur
            getOptionLabel={(p) => `${p.fullName} (${p.email})`}
            onChange={(_e, p) => p && setChosen([...chosen, p])}
            renderInput={(p) => <TextField {...p} label={t('cert.searchSigner')} inputProps={{ ...p.inputProps, 'data-testid': 'delegate-search' }} />}
          />
          <ChosenSigners chosen={chosen} onRemove={(c) => setChosen(chosen.filter((x) => x._id !== c._id))} />
          {error && (
            <Typography color="error" data-testid="delegate-error">
              {error}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy} data-testid="delegate-submit">
          {t('common.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The signers chosen so far (item, name, role, e-mail), each with a button that takes them off; cards below 768 px. */
function ChosenSigners({ chosen, onRemove }: { chosen: CompanyPerson[]; onRemove: (c: CompanyPerson) => void }) {
  const { t } = useI18n();
  const narrow = useCardLayout();
  const removeButton = (c: CompanyPerson) => (
    <IconButton size="small" aria-label={`${t('cert.removeApprover')} ${c.fullName}`} onClick={() => onRemove(c)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
  return narrow ? (
    <RowCards
      testId="delegate-chosen"
      rows={chosen.map((c, i) => ({
        key: c._id,
        title: `${i + 1}. ${c.fullName}`,
        badge: removeButton(c),
        fields: [
          [t('cert.position'), storedRole(c.role, t)],
          [t('common.view'), c.email],
        ],
      }))}
    />
  ) : (
    <Table size="small" data-testid="delegate-chosen">
      <TableHead>
        <TableRow>
          <TableCell>{t('cert.item')}</TableCell>
          <TableCell>{t('cert.approver')}</TableCell>
          <TableCell>{t('cert.position')}</TableCell>
          <TableCell>{t('common.view')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {chosen.map((c, i) => (
          <TableRow key={c._id}>
            <TableCell>{i + 1}</TableCell>
            <TableCell>{c.fullName}</TableCell>
            <TableCell>{storedRole(c.role, t)}</TableCell>
            <TableCell>{c.email}</TableCell>
            <TableCell align="right">{removeButton(c)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
