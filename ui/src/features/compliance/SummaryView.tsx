import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { establishmentSummarySchema, haccpSummarySchema, managementPlanSummarySchema, pestControlSummarySchema } from '@grain/domain';
import { useI18n } from '../../i18n/i18n';
import { parseDay } from '../../i18n/dates';

/** Summaries may arrive as an object or a JSON string (docs/spec/farm-data-and-documents.md §3); unparseable is empty (§8). */
function parseSummary(v: unknown): Record<string, unknown> | null {
  if (typeof v === 'string') {
    try {
      return JSON.parse(v);
    } catch {
      return null;
    }
  }
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
}

const label = (k: string) => k.replace(/_/g, ' ').toUpperCase();

/**
 * Fields in the order the summary schemas declare them (name first, review date last). The stored
 * JSON comes back from the database's jsonb with its keys re-sorted by length, which reads as noise.
 */
const KEY_ORDERS = [
  Object.keys(establishmentSummarySchema.shape.establishment_registration_document.shape),
  Object.keys(haccpSummarySchema.shape.haccp_plan.shape),
  Object.keys(managementPlanSummarySchema.shape.management_plan.shape),
  Object.keys(pestControlSummarySchema.shape),
];
/** The object's entries sorted by the schema sharing most of its keys; unknown keys keep their order, last. */
function orderedEntries(obj: Record<string, unknown>): Array<[string, unknown]> {
  const keys = Object.keys(obj);
  const overlap = (order: string[]) => keys.filter((k) => order.includes(k)).length;
  const order = KEY_ORDERS.reduce((best, o) => (overlap(o) > overlap(best) ? o : best));
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return Object.entries(obj).sort(([a], [b]) => rank(a) - rank(b));
}
const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A value the document did not state: said in words, set apart from what it did state. */
function Missing() {
  const { t } = useI18n();
  return (
    <Box component="span" sx={{ color: 'warning.dark', fontStyle: 'italic' }} data-missing="true">
      {t('compliance.notStated')}
    </Box>
  );
}

function Value({ v, depth }: { v: unknown; depth: number }) {
  if (empty(v)) return <Missing />;
  if (Array.isArray(v)) {
    return (
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {v.map((x, i) => (
          <li key={i}>
            <Value v={x} depth={depth + 1} />
          </li>
        ))}
      </ul>
    );
  }
  if (typeof v === 'object') return <Fields obj={v as Record<string, unknown>} depth={depth + 1} />;
  return <Text v={String(v)} />;
}

/** A value as text; a day (a review date) in the app's one date format. */
function Text({ v }: { v: string }) {
  const { date } = useI18n();
  return <span>{parseDay(v) === v ? date(v) : v}</span>;
}

function Fields({ obj, depth }: { obj: Record<string, unknown>; depth: number }) {
  return (
    <Box sx={{ pl: depth ? 2 : 0 }}>
      {orderedEntries(obj).map(([k, v]) => (
        <Box key={k} sx={{ mb: 0.5 }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
            {label(k)}:{' '}
          </Typography>
          <Typography component="span" variant="body2">
            <Value v={v} depth={depth} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface PestEntry {
  date?: string;
  pests_treating_for?: string[];
  activity_level?: Record<string, string>;
  bait_chemical_used?: string[];
  area_shed_treated?: string[];
}

/** The pest control entries as the spec's table: Date, Pests Treating For, Activity Level, Bait/Chemicals Used, Areas/Sheds Treated. */
function PestControlTable({ entries }: { entries: PestEntry[] }) {
  const { t, date } = useI18n();
  const list = (a?: string[]) => (a && a.length ? a.join(', ') : <Missing />);
  return (
    <Table size="small" data-testid="pest-table">
      <TableHead>
        <TableRow>
          {['date', 'pests', 'activity', 'bait', 'areas'].map((k) => (
            <TableCell key={k}>{t(`compliance.pest.${k}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e, i) => (
          <TableRow key={i}>
            <TableCell>{e.date ? parseDay(e.date) === e.date ? date(e.date) : e.date : <Missing />}</TableCell>
            <TableCell>{list(e.pests_treating_for)}</TableCell>
            <TableCell>
              {e.activity_level && Object.keys(e.activity_level).length ? (
                Object.entries(e.activity_level)
                  .map(([p, l]) => `${p}: ${l}`)
                  .join('; ')
              ) : (
                <Missing />
              )}
            </TableCell>
            <TableCell>{list(e.bait_chemical_used)}</TableCell>
            <TableCell>{list(e.area_shed_treated)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Read-only rendering of a parsed summary (docs/spec/farm-data-and-documents.md §2): upper-cased keys, nesting indented, lists. */
export function SummaryView({ summary, pest }: { summary: unknown; pest?: boolean }) {
  const obj = parseSummary(summary);
  if (!obj) return null;
  if (pest && Array.isArray(obj.entries)) {
    const { entries, ...rest } = obj;
    return (
      <Box data-testid="summary">
        <Fields obj={rest} depth={0} />
        <PestControlTable entries={entries as PestEntry[]} />
      </Box>
    );
  }
  return (
    <Box data-testid="summary">
      <Fields obj={obj} depth={0} />
    </Box>
  );
}
