import type { FeatureRoute } from '../../feature-route';
import { lazyPage } from '../../app/lazy-page';

const BlockchainPage = lazyPage(() => import('./BlockchainPage'), 'BlockchainPage');

export const BLOCKCHAIN_ROUTES: FeatureRoute[] = [{ path: '/views/blockchain', element: <BlockchainPage />, withoutCompany: true }];
