import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { Permission } from '@grain/domain';
import { useI18n } from '../i18n/i18n';
import { can, useAuth, type SessionUser } from './auth';
import { HOME_PATH } from './navigation';

/**
 * Who may open a route: decided from the signed-in user (and the route's query, e.g. ?id= of one's own
 * record). UI hint only — the server still checks every call; this spares a user a form that the
 * server would refuse only on submit.
 */
export type RouteAccess = (user: SessionUser, query: URLSearchParams) => boolean;

/** The route needs every listed permission (admin holds all). */
export const needs =
  (...permissions: Permission[]): RouteAccess =>
  (user) =>
    permissions.every((p) => can(user, p));

/** One's own record (?id= absent or one's own id) is always allowed; another user's needs `permission`. */
export const ownOr =
  (permission: Permission): RouteAccess =>
  (user, query) => {
    const id = query.get('id');
    return !id || id === user.id || can(user, permission);
  };

/** A form about another user's record: ?id= of oneself is allowed, any other (or none) needs `permission`. */
export const ownRecordOr =
  (permission: Permission): RouteAccess =>
  (user, query) =>
    query.get('id') === user.id || can(user, permission);

/** Company data: editable with `permission`, or by a founder (an admin who has no company yet). */
export const companyDataOr =
  (permission: Permission): RouteAccess =>
  (user) =>
    (!user.companyId && user.role === 'admin') || can(user, permission);

/** Founding a company: only an admin (docs/spec/approvals.md §2: the admin who registered creates it). */
export const founder: RouteAccess = (user) => user.role === 'admin';

/** The app's access-denied screen ('Access Deny' in the spec, worded 'Access denied'), in the frame of the page the user opened. */
function AccessDenied() {
  const { t } = useI18n();
  return (
    <Box sx={{ p: { xs: 2, sm: 6 }, textAlign: 'center' }} data-testid="access-denied">
      <Alert severity="error" sx={{ mb: 2, justifyContent: 'center' }} role="alert">
        <Typography variant="h6" component="h1">
          {t('ACCESS_DENIED')}
        </Typography>
      </Alert>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('access.hint')}
      </Typography>
      <Button component={Link} to={HOME_PATH} variant="contained">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}

/** Renders the route's screen only when `allow` lets the signed-in user in; otherwise the access-denied screen. */
export function RequireAccess({ allow, children }: { allow?: RouteAccess; children: ReactNode }) {
  const { user } = useAuth();
  const { search } = useLocation();
  if (allow && user && !allow(user, new URLSearchParams(search))) return <AccessDenied />;
  return <>{children}</>;
}
