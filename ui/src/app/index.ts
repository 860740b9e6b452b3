// What the shell offers every feature (see README.md).
export { useAuth, can, refId, toSessionUser, type SessionUser } from './auth';
export { useNotify, errorText, type Notify } from './notify';
export { MessageDialog, ConfirmDialog } from './MessageDialog';
export { Layout, Page, PAGE_MIN_HEIGHT } from './Layout';
export { LanguageSwitch } from './LanguageSwitch';
export { RequireAuth } from './RequireAuth';
export { HOME_PATH, LOGIN_PATH } from './navigation';
export { RequireAccess, AccessDenied, needs, ownOr, ownRecordOr, companyDataOr, founder, type RouteAccess } from './RequireAccess';
export { storedText, storedWord } from './stored-text';
export { gridLocaleText, paginationLabels, useGridLocaleText, usePaginationLabels } from './table-locale';
export { RowCards, useCardLayout, type RowCard } from './RowCards';
