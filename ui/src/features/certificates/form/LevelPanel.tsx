import {
  Autocomplete,
  Box,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import CloseIcon from '@mui/icons-material/Close';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { MAX_SIGNATURES, MIN_SIGNATURES, type CompanyPerson } from '@grain/domain';
import { today, type ApprovalForm } from './form-model';
import { useI18n } from '../../../i18n/i18n';
import { DateField } from '../../../app/DateField';
import { storedLevelName, storedRole, storedWord } from '../../../app/stored-text';

const COUNTS = Array.from({ length: MAX_SIGNATURES - MIN_SIGNATURES + 1 }, (_v, i) => i + MIN_SIGNATURES);

/** The level's signers as the form holds them, and how to change them. */
function useLevelSigners(index: number) {
  const { control, setValue } = useFormContext<ApprovalForm>();
  const signers = useWatch({ control, name: `approvalLevels.${index}.signers` }) ?? [];
  const setSigners = (next: CompanyPerson[]) => setValue(`approvalLevels.${index}.signers`, next, { shouldDirty: true });
  return { signers, setSigners };
}

/** The level's name, due date and number of required signatures. */
function LevelFields({ index, locked }: { index: number; locked?: boolean }) {
  const { t } = useI18n();
  const { control, formState } = useFormContext<ApprovalForm>();
  const err = formState.errors.approvalLevels?.[index];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Controller
        control={control}
        name={`approvalLevels.${index}.group`}
        render={({ field }) => (
          // a default name reads in the reader's language and is stored as the default (stored-text.ts)
          <TextField
            label={`${t('cert.levelName')} *`}
            fullWidth
            size="small"
            disabled={locked}
            name={field.name}
            inputRef={field.ref}
            value={storedWord(field.value, t)}
            onChange={(e) => field.onChange(storedLevelName(e.target.value))}
            onBlur={field.onBlur}
            error={!!err?.group}
            helperText={err?.group?.message ? t(err.group.message) : undefined}
            inputProps={{ 'data-testid': `level-name-${index + 1}` }}
          />
        )}
      />
      <Controller
        control={control}
        name={`approvalLevels.${index}.deadline`}
        render={({ field }) => (
          <DateField
            label={`${t('cert.dueDate')} *`}
            size="small"
            // wide enough for the whole date with its year and the calendar button, on a phone too
            sx={{ minWidth: 170, flexShrink: 0 }}
            disabled={locked}
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={!!err?.deadline}
            helperText={err?.deadline?.message ? t(err.deadline.message) : undefined}
            testId={`level-deadline-${index + 1}`}
            min={locked ? undefined : today()}
          />
        )}
      />
      <Controller
        control={control}
        name={`approvalLevels.${index}.signatures`}
        render={({ field }) => (
          <TextField
            select
            size="small"
            label={`${t('cert.requiredSignatures')} *`}
            sx={{ minWidth: 180 }}
            disabled={locked}
            value={field.value}
            onChange={(e) => field.onChange(Number(e.target.value))}
            error={!!err?.signatures}
            helperText={err?.signatures?.message ? t(err.signatures.message) : undefined}
            inputProps={{ 'data-testid': `level-signatures-${index + 1}` }}
          >
            {COUNTS.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}

/** The search that adds an approver (the people already chosen are not offered). */
function ApproverSearch({ index, people, locked }: { index: number; people: CompanyPerson[]; locked?: boolean }) {
  const { t } = useI18n();
  const { signers, setSigners } = useLevelSigners(index);
  const chosen = new Set(signers.map((s) => s._id));
  return (
    <Autocomplete
      sx={{ mt: 2 }}
      size="small"
      disabled={locked}
      options={people.filter((p) => !chosen.has(p._id))}
      getOptionLabel={(p) => `${p.fullName} (${p.email})`}
      value={null}
      onChange={(_e, p) => p && setSigners([...signers, p])}
      renderInput={(params) => (
        <TextField
          {...params}
          label={`${t('cert.approvers')} *`}
          placeholder={t('cert.searchApprover')}
          inputProps={{ ...params.inputProps, 'data-testid': `approver-search-${index + 1}` }}
        />
      )}
      blurOnSelect
      clearOnBlur
    />
  );
}

/** The chosen approvers, each with its remove button (none on a locked level). */
function ApproverTable({ index, locked }: { index: number; locked?: boolean }) {
  const { t } = useI18n();
  const { signers, setSigners } = useLevelSigners(index);
  const removeSigner = (id: string) => setSigners(signers.filter((s) => s._id !== id));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ mt: 1 }} data-testid={`approver-table-${index + 1}`}>
        <TableHead>
          <TableRow>
            <TableCell>{t('cert.item')}</TableCell>
            <TableCell>{t('cert.approver')}</TableCell>
            <TableCell>{t('cert.position')}</TableCell>
            <TableCell>{t('cert.profile')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {signers.map((s, i) => (
            <TableRow key={s._id}>
              <TableCell>{i + 1}</TableCell>
              <TableCell>{s.fullName}</TableCell>
              <TableCell>{storedRole(s.role, t)}</TableCell>
              <TableCell>{s.email}</TableCell>
              <TableCell align="right">
                {!locked && (
                  <IconButton size="small" aria-label={`${t('cert.removeApprover')} ${s.fullName}`} onClick={() => removeSigner(s._id)}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
          {signers.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography variant="body2" color="text.secondary">
                  {t('cert.noApprovers')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * One level of the create / update form (docs/spec/approvals.md §2): name, due date, required signatures (1-10),
 * approver search, approver table with remove, and the remove-level icon. Lives inside the form's
 * FormProvider; `index` is its place in approvalLevels.
 */
export function LevelPanel({
  index,
  people,
  onRemove,
  canRemove,
  locked,
}: {
  index: number;
  people: CompanyPerson[];
  onRemove(): void;
  canRemove: boolean;
  /** Levels already signed on a rejected certificate cannot be changed. */
  locked?: boolean;
}) {
  const { t } = useI18n();

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`level-panel-${index + 1}`}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle1">
          {t('cert.level')} {index + 1}
        </Typography>
        {canRemove && !locked && (
          <Tooltip title={t('cert.removeLevel')}>
            <IconButton aria-label={`${t('cert.removeLevel')} ${index + 1}`} onClick={onRemove} data-testid={`remove-level-${index + 1}`}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <LevelFields index={index} locked={locked} />
      <ApproverSearch index={index} people={people} locked={locked} />
      <ApproverTable index={index} locked={locked} />
    </Paper>
  );
}
