import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';
import { companyDataOr, founder, needs, ownOr, ownRecordOr, type RouteAccess } from '../../app/RequireAccess';

const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./pages/RegisterPage'), 'RegisterPage');
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
const ConfirmEmailPage = lazyPage(() => import('./pages/ConfirmEmailPage'), 'ConfirmEmailPage');
const CompanyFormPage = lazyPage(() => import('./pages/CompanyFormPage'), 'CompanyFormPage');
const CompanyDetailPage = lazyPage(() => import('./pages/CompanyDetailPage'), 'CompanyDetailPage');
const AddressDetailPage = lazyPage(() => import('./pages/AddressPages'), 'AddressDetailPage');
const AddressFormPage = lazyPage(() => import('./pages/AddressPages'), 'AddressFormPage');
const UserListPage = lazyPage(() => import('./pages/UserListPage'), 'UserListPage');
const UserFormPage = lazyPage(() => import('./pages/UserFormPage'), 'UserFormPage');
const UserDetailPage = lazyPage(() => import('./pages/UserDetailPage'), 'UserDetailPage');
const UserPasswordPage = lazyPage(() => import('./pages/UserPasswordPage'), 'UserPasswordPage');
const GroupDetailPage = lazyPage(() => import('./pages/GroupPages'), 'GroupDetailPage');
const GroupFormPage = lazyPage(() => import('./pages/GroupPages'), 'GroupFormPage');
const GroupListPage = lazyPage(() => import('./pages/GroupPages'), 'GroupListPage');
const SignatureDetailPage = lazyPage(() => import('./pages/SignaturePages'), 'SignatureDetailPage');
const SignatureFormPage = lazyPage(() => import('./pages/SignaturePages'), 'SignatureFormPage');

const setting = (path: string, element: FeatureRoute['element'], allow?: RouteAccess, withoutCompany?: boolean): FeatureRoute => ({
  path,
  element,
  sideMenu: true,
  allow,
  withoutCompany,
});
/** A screen of setting up the company itself, usable before it exists. */
const setup = (path: string, element: FeatureRoute['element'], allow?: RouteAccess) => setting(path, element, allow, true);

/** Account, company, address, user, group and signature screens (docs/spec/approvals.md §2). Selections travel as ?id=. */
export const ACCOUNT_ROUTES: FeatureRoute[] = [
  { path: '/', element: <LoginPage />, public: true },
  { path: '/views/login', element: <LoginPage />, public: true },
  { path: '/views/adminSignup', element: <RegisterPage />, public: true },
  { path: '/views/register', element: <RegisterPage />, public: true },
  // also the target of the e-mailed reset link (?token=...), which then asks for the new password
  { path: '/views/resetpassword', element: <ResetPasswordPage />, public: true },
  // the link mailed to a new e-mail address (?token=...): confirming there makes the change
  { path: '/views/confirm-email', element: <ConfirmEmailPage />, public: true },

  setup('/views/company/create', <CompanyFormPage mode="create" />, founder),
  setup('/views/company/update', <CompanyFormPage mode="update" />, needs('editSystem')),
  setup('/views/company/detail', <CompanyDetailPage />),
  setup('/views/company_detail', <CompanyDetailPage />),
  setup('/views/address/detail', <AddressDetailPage />),
  setup('/views/address/create', <AddressFormPage mode="create" />, companyDataOr('editSystem')),
  setup('/views/address/update', <AddressFormPage mode="update" />, companyDataOr('editSystem')),

  setting('/views/user/list', <UserListPage />, needs('viewSystem')),
  setting('/views/UserManagement', <UserListPage />, needs('viewSystem')),
  setting('/views/user/create', <UserFormPage mode="create" />, needs('editSystem')),
  setting('/views/user/update', <UserFormPage mode="update" />, ownRecordOr('editSystem')),
  setting('/views/user/detail', <UserDetailPage />, ownOr('viewSystem')),
  setup('/views/user/update_password', <UserPasswordPage />, ownOr('editSystem')),

  setting('/views/group/list', <GroupListPage />, needs('viewSystem')),
  setting('/views/group/create', <GroupFormPage mode="create" />, needs('editSystem')),
  setting('/views/group/update', <GroupFormPage mode="update" />, needs('editSystem')),
  setting('/views/group/detail', <GroupDetailPage />, needs('viewSystem')),

  setting('/views/signature/create', <SignatureFormPage mode="create" />, needs('editInfo')),
  setting('/views/signature/update', <SignatureFormPage mode="update" />, needs('editInfo')),
  setting('/views/signature/detail', <SignatureDetailPage />),
];
