import type { FeatureRoute } from '../../features';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { CompanyFormPage } from './pages/CompanyFormPage';
import { CompanyDetailPage } from './pages/CompanyDetailPage';
import { AddressDetailPage, AddressFormPage } from './pages/AddressPages';
import { UserListPage } from './pages/UserListPage';
import { UserFormPage } from './pages/UserFormPage';
import { UserDetailPage } from './pages/UserDetailPage';
import { UserPasswordPage } from './pages/UserPasswordPage';
import { GroupDetailPage, GroupFormPage, GroupListPage } from './pages/GroupPages';
import { SignatureDetailPage, SignatureFormPage } from './pages/SignaturePages';
import { companyDataOr, founder, needs, ownOr, ownRecordOr, type RouteAccess } from '../../app/RequireAccess';

const setting = (path: string, element: FeatureRoute['element'], allow?: RouteAccess): FeatureRoute => ({ path, element, sideMenu: true, allow });

/** Account, company, address, user, group and signature screens (docs/spec/approvals.md §2). Selections travel as ?id=. */
export const ACCOUNT_ROUTES: FeatureRoute[] = [
  { path: '/', element: <LoginPage />, public: true },
  { path: '/views/login', element: <LoginPage />, public: true },
  { path: '/views/adminSignup', element: <RegisterPage />, public: true },
  { path: '/views/register', element: <RegisterPage />, public: true },
  // also the target of the e-mailed reset link (?token=...), which then asks for the new password
  { path: '/views/resetpassword', element: <ResetPasswordPage />, public: true },

  setting('/views/company/create', <CompanyFormPage mode="create" />, founder),
  setting('/views/company/update', <CompanyFormPage mode="update" />, needs('editSystem')),
  setting('/views/company/detail', <CompanyDetailPage />),
  setting('/views/company_detail', <CompanyDetailPage />),
  setting('/views/address/detail', <AddressDetailPage />),
  setting('/views/address/create', <AddressFormPage mode="create" />, companyDataOr('editSystem')),
  setting('/views/address/update', <AddressFormPage mode="update" />, companyDataOr('editSystem')),

  setting('/views/user/list', <UserListPage />, needs('viewSystem')),
  setting('/views/UserManagement', <UserListPage />, needs('viewSystem')),
  setting('/views/user/create', <UserFormPage mode="create" />, needs('editSystem')),
  setting('/views/user/update', <UserFormPage mode="update" />, ownRecordOr('editSystem')),
  setting('/views/user/detail', <UserDetailPage />, ownOr('viewSystem')),
  setting('/views/user/update_password', <UserPasswordPage />, ownOr('editSystem')),

  setting('/views/group/list', <GroupListPage />, needs('viewSystem')),
  setting('/views/group/create', <GroupFormPage mode="create" />, needs('editSystem')),
  setting('/views/group/update', <GroupFormPage mode="update" />, needs('editSystem')),
  setting('/views/group/detail', <GroupDetailPage />, needs('viewSystem')),

  setting('/views/signature/create', <SignatureFormPage mode="create" />, needs('editInfo')),
  setting('/views/signature/update', <SignatureFormPage mode="update" />, needs('editInfo')),
  setting('/views/signature/detail', <SignatureDetailPage />),
];
