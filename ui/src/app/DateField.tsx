import { useEffect, useRef, useState, type Ref } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useI18n } from '../i18n/i18n';
import { parseDay } from '../i18n/dates';

/**
 * A day, shown and typed in the app's one date format (day/month/year with the whole year,
 * i18n/dates.ts) whatever the browser's own locale, with a calendar to pick it. A native
 * `<input type="date">` shows the browser's format instead (month first in a US browser, in vn too).
 *
 * `value` and `onChange` carry the calendar day as yyyy-mm-dd; text that is not a day (yet) is passed
 * on as typed, so the form's rules can refuse it (`isDateText`). The calendar is the browser's own date
 * picker on a hidden input (`<testId>-picker`), which also holds `min`.
 */
export function DateField({
  value,
  onChange,
  onBlur,
  min,
  testId,
  inputRef,
  name,
  inputAttributes,
  ...field
}: Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'type' | 'inputRef'> & {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** The first day the calendar offers (yyyy-mm-dd). */
  min?: string;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
  /** More attributes of the text input (data-* for tests). */
  inputAttributes?: Record<string, string>;
}) {
  const { t, date } = useI18n();
  const shown = (v: string) => (parseDay(v) === v ? date(v) : v);
  const [text, setText] = useState(() => shown(value));
  // a value set from outside (a template, a reset, the calendar) replaces what is shown
  useEffect(() => {
    setText((typed) => (parseDay(typed) === (parseDay(value) ?? value) ? typed : shown(value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const picker = useRef<HTMLInputElement>(null);
  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus(); // a browser without showPicker (or jsdom): the hidden input takes the keys
    }
  };
  return (
    <TextField
      {...field}
      name={name}
      inputRef={inputRef}
      value={text}
      placeholder={t('date.placeholder')}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseDay(e.target.value) ?? e.target.value);
      }}
      onBlur={() => {
        const day = parseDay(text);
        if (day) setText(date(day)); // "5/1/2027" reads "05/01/2027" once typed
        onBlur?.();
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { ...inputAttributes, 'data-testid': testId, inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton edge="end" size="small" aria-label={t('date.pick')} onClick={openCalendar} disabled={field.disabled} tabIndex={-1}>
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                data-testid={`${testId}-picker`}
                min={min}
                value={parseDay(value) ?? ''}
                onChange={(e) => {
                  if (!e.target.value) return;
                  setText(date(e.target.value));
                  onChange(e.target.value);
                }}
                // under the button, where the browser opens its calendar; never seen or clicked itself
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
