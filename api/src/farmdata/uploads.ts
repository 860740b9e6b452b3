// Kept only for api/src/certificates/public-verify-routes.ts until it imports '../http/uploads'.
export { singleFile } from '../http/uploads';
