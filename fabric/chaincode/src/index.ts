// Entry point read by `fabric-chaincode-node server`: the first contract is the default one, so the
// gateway calls 'RecordEntry' / 'GetEntry' / 'Ping' without a contract-name prefix.
import { GrainQualityContract } from './grain-quality-contract';

export { GrainQualityContract };
export const contracts = [GrainQualityContract];
