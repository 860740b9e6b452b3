import { useCallback, useState, type ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { MenuItem, TextField, Typography } from '@mui/material';
import { ApiError } from '../../../api/client';
import { DateField } from '../../../app/DateField';
import { useI18n } from '../../../i18n/i18n';

/**
 * Inputs bound to react-hook-form. Field errors carry domain message codes (zod issue messages) and
 * are translated here, so a field shows its own message in red right under it.
 */
interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  type?: string;
  disabled?: boolean;
  placeholder?: string;
  autoComplete?: string;
  multiline?: boolean;
  /** Opt-out of the per-field helper line (e.g. inside dense tables). */
  helperText?: string;
}

/**
 * What every bound TextField shares: react-hook-form's field (value never undefined, so the input stays
 * controlled), a stable id, and the field's translated error code under it (else `fallbackHelper`).
 */
function boundFieldProps<T extends FieldValues>(
  name: Path<T>,
  field: ControllerRenderProps<T, Path<T>>,
  fieldState: ControllerFieldState,
  t: (code: string) => string,
  fallbackHelper?: string,
) {
  return {
    ...field,
    value: field.value ?? '',
    inputRef: field.ref,
    id: `field-${name}`,
    fullWidth: true,
    margin: 'dense' as const,
    error: !!fieldState.error,
    helperText: fieldState.error?.message ? t(fieldState.error.message) : fallbackHelper,
  };
}

export function TextInput<T extends FieldValues>({
  control,
  name,
  label,
  required,
  type = 'text',
  disabled,
  placeholder,
  autoComplete,
  multiline,
  helperText,
}: FieldProps<T>) {
  const { t } = useI18n();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const bound = boundFieldProps(name, field, fieldState, t, helperText);
        // a day in the app's one format (day/month/year), not the browser's (app/DateField.tsx)
        if (type === 'date')
          return (
            <DateField
              {...bound}
              ref={undefined}
              onChange={(v) => field.onChange(v)}
              onBlur={() => field.onBlur()}
              label={label}
              required={required}
              disabled={disabled}
              testId={`input-${name}`}
            />
          );
        return (
          <TextField
            {...bound}
            label={label}
            type={type}
            required={required}
            disabled={disabled}
            placeholder={placeholder}
            autoComplete={autoComplete}
            multiline={multiline}
            slotProps={{ htmlInput: { 'data-testid': `input-${name}` } }}
          />
        );
      }}
    />
  );
}

export function SelectInput<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  disabled,
}: Omit<FieldProps<T>, 'type'> & { options: Array<{ value: string; label: string }> }) {
  const { t } = useI18n();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...boundFieldProps(name, field, fieldState, t)}
          select
          label={label}
          required={required}
          disabled={disabled}
          slotProps={{ htmlInput: { 'data-testid': `input-${name}` } }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The server's invalidMsg (or the blocked-submit summary) in red (docs/spec/approvals.md §8). */
export function ServerMessage({ text }: { text: ReactNode }) {
  if (!text) return null;
  return (
    <Typography color="error" role="alert" data-testid="invalid-msg" sx={{ my: 1 }}>
      {text}
    </Typography>
  );
}

/**
 * The form-level message: the server's invalidMsg after a refused call (its per-field issues also go
 * onto the fields), or `prefix + first field message` when submit is blocked by validation.
 */
export function useFormMessage<T extends FieldValues>(prefix: string, setError?: UseFormSetError<T>) {
  const { t } = useI18n();
  const [message, setMessage] = useState('');
  const fromServer = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError) {
        setMessage(e.message || t(e.code));
        const fields = (e.body as { fields?: Array<{ path: string; code: string }> } | null)?.fields;
        if (setError && fields) for (const f of fields) if (f.path) setError(f.path as Path<T>, { type: 'server', message: f.code });
      } else setMessage(t('INTERNAL'));
    },
    [t, setError],
  );
  const fromInvalid = useCallback(
    (errors: FieldErrors<T>) => {
      const first = Object.values(errors).find((e) => e && typeof e === 'object' && 'message' in e) as { message?: string } | undefined;
      setMessage(t(prefix) + (first?.message ? t(first.message) : ''));
    },
    [t, prefix],
  );
  return { message, setMessage, fromServer, fromInvalid };
}
