import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { PEST_ENTRY_FIELDS, SUMMARY_FIELDS, type ComplianceDocumentType } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../app';
import { DateField } from '../../app/DateField';
import type { ComplianceDocument } from './api';
import { emptyEntry, fromForm, toForm, type EntryForm, type SummaryForm } from './summary-form';

const ENTRY_KEYS: Array<[keyof EntryForm, string]> = [
  ['date', 'date'],
  ['pests', 'pests_treating_for'],
  ['activity', 'activity_level'],
  ['baits', 'bait_chemical_used'],
  ['areas', 'area_shed_treated'],
];

/** How a field is marked: corrected by the user, or not found by extraction. */
function useMarks() {
  const { t } = useI18n();
  return (isCorrected: boolean, empty: boolean) => ({
    helperText: isCorrected ? t('compliance.review.corrected') : empty ? t('compliance.review.notFound') : undefined,
    color: isCorrected ? ('info' as const) : empty ? ('warning' as const) : undefined,
  });
}

/** The summary being corrected: the stored one, the form, whether it differs, and saving it. */
function useSummaryForm(
  type: ComplianceDocumentType,
  doc: ComplianceDocument,
  onSave: (summary: unknown) => Promise<ComplianceDocument>,
  onDirty?: (dirty: boolean) => void,
) {
  const { t } = useI18n();
  // The document as last stored: from the page, or as the server answered our save.
  const [stored, setStored] = useState(doc);
  useEffect(() => setStored(doc), [doc]);
  const saved = useMemo(() => toForm(type, stored.document_summary), [type, stored.document_summary]);
  const [form, setForm] = useState<SummaryForm>(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [justSaved, setJustSaved] = useState(false);
  useEffect(() => setForm(saved), [saved]);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  useEffect(() => () => onDirty?.(false), [onDirty]);
  const corrected = new Set(stored.corrected_fields);
  const entryCorrected = (i: number, key: string) => corrected.has(`entries.${i + 1}.${key}`);

  const setField = (k: string, v: string) => {
    setJustSaved(false);
    setForm((f) => ({ ...f, fields: { ...f.fields, [k]: v } }));
  };
  const setEntry = (i: number, k: keyof EntryForm, v: string) => {
    setJustSaved(false);
    setForm((f) => ({ ...f, entries: f.entries.map((e, j) => (j === i ? { ...e, [k]: v } : e)) }));
  };
  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setStored(await onSave(fromForm(type, form)));
      setJustSaved(true);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return { saved, form, setForm, busy, error, justSaved, dirty, corrected, entryCorrected, setField, setEntry, save };
}
type SummaryFormState = ReturnType<typeof useSummaryForm>;

/** The document's fields (not the pest control entries), each with its mark. */
function SummaryFields({ type, s }: { type: ComplianceDocumentType; s: SummaryFormState }) {
  const { t, lang } = useI18n();
  const marks = useMarks();
  const { form, corrected, setField } = s;
  return (
    <Stack spacing={1.5}>
      {SUMMARY_FIELDS[type]
        .filter((f) => f.key !== 'entries')
        .map((f) => {
          const value = form.fields[f.key] ?? '';
          const m = marks(corrected.has(f.key), !value.trim());
          if (f.key === 'review_date')
            return (
              <DateField
                key={f.key}
                size="small"
                fullWidth
                label={f.label[lang]}
                value={value}
                onChange={(v) => setField(f.key, v)}
                helperText={m.helperText}
                color={m.color}
                testId={`field-${f.key}`}
                inputAttributes={{ 'data-missing': !value.trim() ? 'true' : 'false' }}
              />
            );
          return (
            <TextField
              key={f.key}
              size="small"
              fullWidth
              label={f.label[lang]}
              value={value}
              multiline={f.long}
              maxRows={6}
              placeholder={t('compliance.review.notFoundPlaceholder')}
              onChange={(e) => setField(f.key, e.target.value)}
              helperText={m.helperText}
              color={m.color}
              slotProps={{
                htmlInput: { 'data-testid': `field-${f.key}`, 'data-missing': !value.trim() ? 'true' : 'false' },
                formHelperText: { sx: { color: m.color ? `${m.color}.main` : undefined } } as object,
              }}
            />
          );
        })}
    </Stack>
  );
}

/** The pest control update's entries: each with its fields and remove button, and one to add. */
function PestEntries({ s }: { s: SummaryFormState }) {
  const { t, lang } = useI18n();
  const marks = useMarks();
  const { form, setForm, entryCorrected, setEntry } = s;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('compliance.review.entries', { n: form.entries.length })}
      </Typography>
      {form.entries.length === 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('compliance.review.noEntries')}
        </Alert>
      )}
      {form.entries.map((e, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 1.5, mb: 1 }} data-testid="entry">
          <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('compliance.review.entry', { n: i + 1 })}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('compliance.review.removeEntry', { n: i + 1 })}
              onClick={() => setForm((f) => ({ ...f, entries: f.entries.filter((_, j) => j !== i) }))}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' } }}>
            {ENTRY_KEYS.map(([k, key]) => {
              const m = marks(entryCorrected(i, key), !e[k].trim());
              if (k === 'date')
                return (
                  <DateField
                    key={k}
                    size="small"
                    label={PEST_ENTRY_FIELDS.find((f) => f.key === key)!.label[lang]}
                    value={e[k]}
                    onChange={(v) => setEntry(i, k, v)}
                    helperText={m.helperText}
                    color={m.color}
                    testId={`entry-${i + 1}-${k}`}
                    inputAttributes={{ 'data-missing': !e[k].trim() ? 'true' : 'false' }}
                  />
                );
              return (
                <TextField
                  key={k}
                  size="small"
                  label={PEST_ENTRY_FIELDS.find((f) => f.key === key)!.label[lang]}
                  value={e[k]}
                  multiline
                  placeholder={t('compliance.review.onePerLine')}
                  onChange={(ev) => setEntry(i, k, ev.target.value)}
                  helperText={m.helperText}
                  color={m.color}
                  slotProps={{
                    htmlInput: { 'data-testid': `entry-${i + 1}-${k}`, 'data-missing': !e[k].trim() ? 'true' : 'false' },
                    formHelperText: { sx: { color: m.color ? `${m.color}.main` : undefined } } as object,
                  }}
                />
              );
            })}
          </Box>
        </Paper>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => setForm((f) => ({ ...f, entries: [...f.entries, emptyEntry()] }))}>
        {t('compliance.review.addEntry')}
      </Button>
    </Box>
  );
}

/** Save and undo, how many fields the user corrected, and what the last save said. */
function SummaryActions({ doc, testId, s }: { doc: ComplianceDocument; testId: string; s: SummaryFormState }) {
  const { t } = useI18n();
  const { saved, setForm, busy, error, justSaved, dirty, save } = s;
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mt: 1.5 }}>
      <Button variant="outlined" size="small" onClick={save} disabled={!dirty || busy} data-testid={`${testId}-save`}>
        {t('compliance.review.save')}
      </Button>
      <Button size="small" onClick={() => setForm(saved)} disabled={!dirty || busy}>
        {t('compliance.review.undo')}
      </Button>
      {doc.corrected_fields.length > 0 && <Chip size="small" color="info" label={t('compliance.review.correctedCount', { n: doc.corrected_fields.length })} />}
      {justSaved && !dirty && (
        <Typography variant="body2" color="success.main" data-testid={`${testId}-saved`}>
          {t('compliance.review.saved')}
        </Typography>
      )}
      {error && (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The extracted fields of one document, for the user to check and correct before the audit. Each
 * field shows what extraction read; a field it did not find says so (and can be filled in); a field
 * the user changed is marked. Saving sends the whole summary; the server checks and stores it.
 */
export function SummaryEditor({
  type,
  doc,
  onSave,
  onDirty,
  testId,
}: {
  type: ComplianceDocumentType;
  doc: ComplianceDocument;
  onSave(summary: unknown): Promise<ComplianceDocument>;
  onDirty?(dirty: boolean): void;
  testId: string;
}) {
  const { t } = useI18n();
  const s = useSummaryForm(type, doc, onSave, onDirty);
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('compliance.review.title')}
      </Typography>
      <SummaryFields type={type} s={s} />
      {type === 'pest_control_update' && <PestEntries s={s} />}
      <SummaryActions doc={doc} testId={testId} s={s} />
    </Box>
  );
}
