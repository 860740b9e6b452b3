// What one workflow history costs, counted from its events alone (deterministic: the same history gives
// the same figures on any machine): events, workflow tasks, activations, local activities, activity
// tasks, timers, search-attribute upserts, Updates, and the payload bytes by where they sit.
//
// Activations: every workflow task, plus every local activity that completed (its result resolves in
// an activation of its own inside the task that ran it, as the SDK's worker does it).
const { Buffer } = require('node:buffer');
const { temporal } = require('@temporalio/proto');
const { EventType } = temporal.api.enums.v1;
const History = temporal.api.history.v1.History;

const typeOf = (t) => (typeof t === 'number' ? EventType[t] : String(t)).replace('EVENT_TYPE_', '');
const text = (b) => (b instanceof Uint8Array ? Buffer.from(b).toString('utf8') : typeof b === 'string' ? Buffer.from(b, 'base64').toString('utf8') : '');

/** A history as stored in worker/src/histories (protobuf JSON) or as fetched by the client: its events. */
function eventsOf(history) {
  if (Array.isArray(history)) return history;
  if (history?.events?.length && typeof history.events[0].eventType === 'string') return History.fromObject(history).events;
  return history?.events ?? [];
}

/** Bytes of payload data under `x` (every `data` beside a `metadata`, found by walking it). */
function payloadBytes(x) {
  if (!x || typeof x !== 'object' || x instanceof Uint8Array) return 0;
  let n = 0;
  if (x.data instanceof Uint8Array && x.metadata) n += x.data.length;
  else if (typeof x.data === 'string' && x.metadata) n += Buffer.from(x.data, 'base64').length;
  for (const v of Object.values(x)) if (v && typeof v === 'object') n += payloadBytes(v);
  return n;
}

/**
 * Counts of one history. `bytes` maps where a payload sits to its bytes: 'workflow input',
 * 'update args: <name>', 'update answers: <name>', 'activity input: <type>', 'activity result: <type>',
 * 'local activity: <type>' (the marker: its result and its bookkeeping), 'search attributes',
 * 'timer summaries', 'workflow result', 'other'.
 */
function countHistory(history) {
  const events = eventsOf(history);
  const c = {
    events: events.length,
    workflowTasks: 0,
    activations: 0,
    localActivities: 0,
    activityTasks: 0,
    timers: 0,
    searchAttributeUpserts: 0,
    updates: 0,
    payloadBytes: 0,
    bytes: {},
    localActivityTypes: {},
    activityTypes: {},
    updateNames: {},
  };
  const add = (where, n) => {
    if (!n) return;
    c.bytes[where] = (c.bytes[where] ?? 0) + n;
    c.payloadBytes += n;
  };
  const activityOf = new Map();
  const updateOf = new Map();
  for (const e of events) {
    const k = typeOf(e.eventType);
    const all = payloadBytes(e);
    if (k === 'WORKFLOW_TASK_COMPLETED') {
      c.workflowTasks++;
      c.activations++;
      add('other', all);
    } else if (k === 'WORKFLOW_EXECUTION_STARTED') add('workflow input', all);
    else if (k === 'WORKFLOW_EXECUTION_COMPLETED') add('workflow result', all);
    else if (k === 'WORKFLOW_EXECUTION_UPDATE_ACCEPTED') {
      const a = e.workflowExecutionUpdateAcceptedEventAttributes;
      const name = a?.acceptedRequest?.input?.name ?? '?';
      c.updates++;
      c.updateNames[name] = (c.updateNames[name] ?? 0) + 1;
      updateOf.set(String(e.eventId), name);
      add(`update args: ${name}`, all);
    } else if (k === 'WORKFLOW_EXECUTION_UPDATE_COMPLETED') {
      const name = updateOf.get(String(e.workflowExecutionUpdateCompletedEventAttributes?.acceptedEventId)) ?? '?';
      add(`update answers: ${name}`, all);
    } else if (k === 'ACTIVITY_TASK_SCHEDULED') {
      const name = e.activityTaskScheduledEventAttributes?.activityType?.name ?? '?';
      c.activityTasks++;
      c.activityTypes[name] = (c.activityTypes[name] ?? 0) + 1;
      activityOf.set(String(e.eventId), name);
      add(`activity input: ${name}`, all);
    } else if (k === 'ACTIVITY_TASK_COMPLETED' || k === 'ACTIVITY_TASK_FAILED') {
      add(
        `activity result: ${activityOf.get(String(e.activityTaskCompletedEventAttributes?.scheduledEventId ?? e.activityTaskFailedEventAttributes?.scheduledEventId)) ?? '?'}`,
        all,
      );
    } else if (k === 'MARKER_RECORDED' && e.markerRecordedEventAttributes?.markerName === 'core_local_activity') {
      const data = e.markerRecordedEventAttributes.details?.data?.payloads?.[0]?.data;
      let name = '?';
      try {
        name = JSON.parse(text(data)).activity_type ?? '?';
      } catch {
        /* not the marker's usual JSON */
      }
      c.localActivities++;
      c.activations++;
      c.localActivityTypes[name] = (c.localActivityTypes[name] ?? 0) + 1;
      add(`local activity: ${name}`, all);
    } else if (k === 'UPSERT_WORKFLOW_SEARCH_ATTRIBUTES') {
      c.searchAttributeUpserts++;
      add('search attributes', all);
    } else if (k === 'TIMER_STARTED') {
      c.timers++;
      add('timer summaries', all);
    } else if (k === 'TIMER_FIRED' || k === 'TIMER_CANCELED') add('timer summaries', all);
    else add('other', all);
  }
  return c;
}

/** Where an event's payloads count in `countHistory`'s `bytes` (the same labels), given the events before it. */
function whereOf(e, k, seen) {
  if (k === 'WORKFLOW_EXECUTION_STARTED') return 'workflow input';
  if (k === 'WORKFLOW_EXECUTION_COMPLETED') return 'workflow result';
  if (k === 'WORKFLOW_EXECUTION_UPDATE_ACCEPTED') {
    const name = e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name ?? '?';
    seen.set(String(e.eventId), name);
    return `update args: ${name}`;
  }
  if (k === 'WORKFLOW_EXECUTION_UPDATE_COMPLETED')
    return `update answers: ${seen.get(String(e.workflowExecutionUpdateCompletedEventAttributes?.acceptedEventId)) ?? '?'}`;
  if (k === 'ACTIVITY_TASK_SCHEDULED') {
    const name = e.activityTaskScheduledEventAttributes?.activityType?.name ?? '?';
    seen.set(String(e.eventId), name);
    return `activity input: ${name}`;
  }
  if (k === 'ACTIVITY_TASK_COMPLETED' || k === 'ACTIVITY_TASK_FAILED')
    return `activity result: ${seen.get(String(e.activityTaskCompletedEventAttributes?.scheduledEventId ?? e.activityTaskFailedEventAttributes?.scheduledEventId)) ?? '?'}`;
  if (k === 'MARKER_RECORDED' && e.markerRecordedEventAttributes?.markerName === 'core_local_activity') {
    try {
      return `local activity: ${JSON.parse(text(e.markerRecordedEventAttributes.details?.data?.payloads?.[0]?.data)).activity_type ?? '?'}`;
    } catch {
      return 'local activity: ?';
    }
  }
  if (k === 'UPSERT_WORKFLOW_SEARCH_ATTRIBUTES') return 'search attributes';
  if (k === 'TIMER_STARTED' || k === 'TIMER_FIRED' || k === 'TIMER_CANCELED') return 'timer summaries';
  return 'other';
}

/** Adds the bytes of a JSON value's fields to `out` under `prefix` + their path (array items as `[]`); a leaf counts `"key":value`. */
function addJsonFields(out, prefix, value, key) {
  const own = key === undefined ? 0 : Buffer.byteLength(JSON.stringify(key)) + 1;
  if (value && typeof value === 'object') {
    const isArray = Array.isArray(value);
    const entries = isArray ? value.map((v) => ['[]', v]) : Object.entries(value);
    if (own) out[prefix] = (out[prefix] ?? 0) + own; // the key of an object or array counts to it
    for (const [k, v] of entries)
      addJsonFields(out, isArray ? `${prefix}[]` : prefix.endsWith(' ') ? `${prefix}${k}` : `${prefix}.${k}`, v, isArray ? undefined : k);
    return;
  }
  if (value === undefined) return;
  out[prefix] = (out[prefix] ?? 0) + own + Buffer.byteLength(JSON.stringify(value));
}

/**
 * The payload bytes of a history by where they sit (countHistory's labels) and by field: every payload of
 * an event under the attribute path it sits at (`input`, `details.result`, `searchAttributes.indexedFields.X`),
 * a JSON payload further by its fields (array items as `[]`). Keys: `<where> › <attribute> › <field path>`;
 * a key's bytes are its `"key":value` text (the JSON's punctuation between fields is left out, so the fields
 * of a payload add up to a little less than its bytes: `(punctuation)` says how much).
 */
function fieldBytes(history) {
  const out = {};
  const seen = new Map();
  for (const e of eventsOf(history)) {
    const k = typeOf(e.eventType);
    const where = whereOf(e, k, seen);
    const walk = (x, at) => {
      if (!x || typeof x !== 'object' || x instanceof Uint8Array) return;
      if (x.metadata && (x.data instanceof Uint8Array || typeof x.data === 'string')) {
        const raw = x.data instanceof Uint8Array ? Buffer.from(x.data) : Buffer.from(x.data, 'base64');
        const label = `${where} › ${at.replace(/\.payloads(\[\])?$/, '') || '(payload)'}`;
        let parsed;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          out[`${label} (binary)`] = (out[`${label} (binary)`] ?? 0) + raw.length;
          return;
        }
        const before = Object.values(out).reduce((a, b) => a + b, 0);
        addJsonFields(out, `${label} › `, parsed);
        const counted = Object.values(out).reduce((a, b) => a + b, 0) - before;
        if (raw.length > counted) out[`${label} › (punctuation)`] = (out[`${label} › (punctuation)`] ?? 0) + raw.length - counted;
        return;
      }
      for (const [kk, v] of Object.entries(x)) if (v && typeof v === 'object') walk(v, Array.isArray(x) ? `${at}[]` : at ? `${at}.${kk}` : kk);
    };
    // the event's attributes, and what sits beside them (a timer's summary in userMetadata)
    for (const [kk, v] of Object.entries(e)) if (v && typeof v === 'object') walk(v, kk.endsWith('EventAttributes') ? '' : kk);
  }
  return out;
}

/** Sums the counts of several histories (their `workflows` field says how many). */
function sumCounts(counts) {
  const t = { workflows: counts.length };
  for (const c of counts)
    for (const [k, v] of Object.entries(c)) {
      if (typeof v === 'number') t[k] = (t[k] ?? 0) + v;
      else {
        t[k] ??= {};
        for (const [kk, vv] of Object.entries(v)) t[k][kk] = (t[k][kk] ?? 0) + vv;
      }
    }
  return t;
}

module.exports = { countHistory, sumCounts, payloadBytes, eventsOf, fieldBytes };
