import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';
import { needs } from '../../app/RequireAccess';
import { certificatesApi } from './api';
import { INITIAL_TOGGLES } from './status';

const ApprovalListPage = lazyPage(() => import('./list/ApprovalListPage'), 'ApprovalListPage');
const ApprovalFormPage = lazyPage(() => import('./form/ApprovalFormPage'), 'ApprovalFormPage');
const ApprovalDetailPage = lazyPage(() => import('./detail/ApprovalDetailPage'), 'ApprovalDetailPage');
const TemplateListPage = lazyPage(() => import('./templates/TemplateListPage'), 'TemplateListPage');
const OverdueDashboardPage = lazyPage(() => import('./overdue/OverdueDashboardPage'), 'OverdueDashboardPage');
const VerifyPage = lazyPage(() => import('./verify/VerifyPage'), 'VerifyPage');
const InboxPage = lazyPage(() => import('./inbox/InboxPage'), 'InboxPage');

/** What the list and the detail page ask first (ApprovalListPage's first page; ApprovalDetailPage's certificate). */
const warmList = () => void certificatesApi.list({ status: INITIAL_TOGGLES, limit: 50 });
const warmDetail = (q: URLSearchParams) => {
  const id = q.get('id');
  if (id) void certificatesApi.get(id);
};

/**
 * Certificate screens (docs/spec/approvals.md §2). The selection travels as ?id= (no path parameters). The routes
 * /views/approval/sign, /reject and /delegate open the detail page, where those actions are modals.
 */
export const CERTIFICATE_ROUTES: FeatureRoute[] = [
  { path: '/views/home', element: <ApprovalListPage />, warm: warmList },
  { path: '/views/approval/list', element: <ApprovalListPage />, warm: warmList },
  { path: '/views/approval/inbox', element: <InboxPage />, allow: needs('viewApproval') },
  { path: '/views/approval/create', element: <ApprovalFormPage key="create" />, allow: needs('editApproval') },
  { path: '/views/approval/update', element: <ApprovalFormPage key="update" />, allow: needs('editApproval') },
  { path: '/views/approval/detail', element: <ApprovalDetailPage />, warm: warmDetail },
  { path: '/views/approval/sign', element: <ApprovalDetailPage />, warm: warmDetail },
  { path: '/views/approval/reject', element: <ApprovalDetailPage />, warm: warmDetail },
  { path: '/views/approval/delegate', element: <ApprovalDetailPage />, warm: warmDetail },
  { path: '/views/template/list', element: <TemplateListPage />, allow: needs('viewApproval') },
  { path: '/views/approval/overdue', element: <OverdueDashboardPage />, allow: needs('viewSystem') },
  { path: '/views/verify', element: <VerifyPage />, public: true },
];
