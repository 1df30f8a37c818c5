export { SelectAssetPage } from './SelectAssetPage';
export { ManageAssetsPage } from './ManageAssetsPage';
