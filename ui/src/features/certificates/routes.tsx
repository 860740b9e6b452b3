import type { FeatureRoute } from '../../features';
import { ApprovalListPage } from './list/ApprovalListPage';
import { ApprovalFormPage } from './form/ApprovalFormPage';
import { ApprovalDetailPage } from './detail/ApprovalDetailPage';
import { TemplateListPage } from './templates/TemplateListPage';
import { OverdueDashboardPage } from './overdue/OverdueDashboardPage';
import { VerifyPage } from './verify/VerifyPage';
import { InboxPage } from './inbox/InboxPage';
import { needs } from '../../app/RequireAccess';

/**
 * Certificate screens (docs/spec/approvals.md §2). The selection travels as ?id= (no path parameters). The routes
 * /views/approval/sign, /reject and /delegate open the detail page, where those actions are modals.
 */
export const CERTIFICATE_ROUTES: FeatureRoute[] = [
  { path: '/views/home', element: <ApprovalListPage /> },
  { path: '/views/approval/list', element: <ApprovalListPage /> },
  { path: '/views/approval/inbox', element: <InboxPage />, allow: needs('viewApproval') },
  { path: '/views/approval/create', element: <ApprovalFormPage key="create" />, allow: needs('editApproval') },
  { path: '/views/approval/update', element: <ApprovalFormPage key="update" />, allow: needs('editApproval') },
  { path: '/views/approval/detail', element: <ApprovalDetailPage /> },
  { path: '/views/approval/sign', element: <ApprovalDetailPage /> },
  { path: '/views/approval/reject', element: <ApprovalDetailPage /> },
  { path: '/views/approval/delegate', element: <ApprovalDetailPage /> },
  { path: '/views/template/list', element: <TemplateListPage />, allow: needs('viewApproval') },
  { path: '/views/approval/overdue', element: <OverdueDashboardPage />, allow: needs('viewSystem') },
  { path: '/views/verify', element: <VerifyPage />, public: true },
];
