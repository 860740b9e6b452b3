import type { FeatureRoute } from '../../features';
import { BlockchainPage } from './BlockchainPage';

export const BLOCKCHAIN_ROUTES: FeatureRoute[] = [{ path: '/views/blockchain', element: <BlockchainPage /> }];
